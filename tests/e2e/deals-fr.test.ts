import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_SUPPLIER_EMAIL } from '@server/seed/data';
import {
  DEMO_BUYER,
  apiLogin,
  callAs as call,
  chatHistory,
  e2e,
  skipBrowser,
  useBrowser,
  waitForServiceWorker,
  waitOutSplash,
  type Session,
} from './helpers';

/**
 * A whole deal in French (docs/product.md#deals), two people on two browsers against the real
 * server: the buyer makes an offer with no signal (it goes out on reconnect), the supplier
 * counters, the buyer accepts the counter, the supplier confirms and ships, the buyer marks it
 * delivered and both see "Livrée". Then "Buy now" offline: the order reaches the server once.
 * Every wait is on something the page shows; CI runs this beside other suites on two cores.
 */

type Offer = { id: number; price: string | null; quantity: number | null; offer_state: string | null; event: string | null };
type Order = { id: number; status: string; unit_price: string; quantity: number; offer: number | null; product: { id: number } };

/** A context of its own, the app in French. */
async function frenchContext(browser: Browser, width: number): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: e2e.baseUrl, viewport: { width, height: 900 } });
  context.setDefaultTimeout(60_000);
  await context.addInitScript(() => localStorage.setItem('language', 'fr'));
  waitOutSplash(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.stack ?? error.message));
  return { context, page, errors };
}

/** Signs in through the French login form; the navbar greets them. */
async function signInFr(page: Page, email: string, firstName: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await page.getByRole('button', { name: `Bonjour, ${firstName}` }).waitFor();
}

/** A failed step says what each side's page showed: CI keeps no screenshots. */
async function shown(page: Page, who: string) {
  const text = await page.evaluate(() => document.body.innerText.slice(0, 1500)).catch(() => '(page gone)');
  console.log(`${who} at failure: ${page.url()}\n${text}`);
}

const offersIn = async (session: Session, conversation: number) =>
  (await call<{ results: Offer[] }>(session, 'GET', `/api/conversations/${conversation}/messages/?limit=50`)).results.filter(
    (m) => m.price !== null,
  );
const ordersOf = async (session: Session, productId: number) =>
  (await call<{ results: Order[] }>(session, 'GET', '/api/orders/?role=buyer&limit=50')).results.filter((o) => o.product.id === productId);

describe.skipIf(skipBrowser)('a deal in French (browser)', () => {
  const browser = useBrowser();

  it('offer offline, counter, acceptance, confirmation, shipment, delivered', async () => {
    const supplierApi = await apiLogin(DEMO_SUPPLIER_EMAIL);
    const buyerApi = await apiLogin(DEMO_BUYER.email);
    // Products of its own, far down the supplier's list: the chat, push and deals tests use the first three and the last two.
    const products = await call<{
      results: Array<{ id: number; name: string; minimum_order_quantity: number; quantity_in_stock: number }>;
    }>(supplierApi, 'GET', `/api/products/?supplier=${supplierApi.id}&limit=20`);
    const product = products.results[products.results.length - 4];
    const conversation = await call<{ id: number }>(buyerApi, 'POST', '/api/conversations/', {
      product: product.id,
      participants: [supplierApi.id],
    });

    const buyer = await frenchContext(browser.browser, 390);
    const supplier = await frenchContext(browser.browser, 1280);
    try {
      // The buyer, with no signal, offers 10 % less: it waits on the phone.
      await signInFr(buyer.page, DEMO_BUYER.email, DEMO_BUYER.firstName);
      await buyer.page.goto(`/chat/${conversation.id}`);
      const offerButton = buyer.page.getByRole('button', { name: 'Proposer 10 % de moins' });
      await offerButton.waitFor();
      await buyer.context.setOffline(true);
      await offerButton.click();
      const buyerLog = chatHistory(buyer.page);
      await buyerLog.locator('.offer', { hasText: 'Offre de prix :' }).waitFor();
      await buyerLog.getByText('Envoi…').waitFor();
      expect(await offersIn(supplierApi, conversation.id)).toEqual([]);

      await buyer.context.setOffline(false);
      await buyerLog.getByText('Envoi…').waitFor({ state: 'detached', timeout: 60_000 });
      const [offer] = await offersIn(supplierApi, conversation.id);
      expect(offer).toMatchObject({ offer_state: 'pending', event: null });

      // The supplier counters with a price and quantity of their own.
      await signInFr(supplier.page, DEMO_SUPPLIER_EMAIL, 'Adebayo');
      await supplier.page.goto(`/chat/${conversation.id}`);
      const supplierLog = chatHistory(supplier.page);
      const offerCard = supplierLog.locator('.offer', { hasText: 'Offre de prix :' });
      await offerCard.getByText('En attente de réponse').waitFor();
      await offerCard.getByRole('button', { name: 'Contre-proposer' }).click();
      const counterPrice = (Number(offer.price) + 0.5).toFixed(2);
      const counterQuantity = product.minimum_order_quantity + 1;
      await offerCard.getByLabel('Prix unitaire (USD)').fill(counterPrice);
      await offerCard.getByLabel('Quantité').fill(String(counterQuantity));
      await offerCard.getByRole('button', { name: 'Envoyer la contre-offre' }).click();
      await offerCard.getByText('Contre-proposée', { exact: true }).waitFor();
      await supplierLog.locator('.offer', { hasText: 'Contre-offre' }).getByText('En attente de réponse').waitFor();
      await supplierLog.getByText('Envoi…').waitFor({ state: 'detached', timeout: 60_000 });

      // The buyer sees the counter arrive and accepts it.
      const counterCard = buyerLog.locator('.offer', { hasText: 'Contre-offre' });
      await counterCard.getByText('En attente de réponse').waitFor({ timeout: 90_000 });
      await counterCard.getByRole('button', { name: 'Accepter' }).click();
      await counterCard.getByText('Acceptée', { exact: true }).waitFor();
      await counterCard.getByRole('link', { name: 'Voir la commande' }).click({ timeout: 90_000 });
      await buyer.page.waitForURL(/\/orders\/\d+$/);
      const orderId = Number(new URL(buyer.page.url()).pathname.split('/').pop());
      const status = (page: Page) => page.locator('.order-status').first();
      await status(buyer.page).getByText('Demandée', { exact: true }).waitFor();
      expect(await ordersOf(buyerApi, product.id)).toEqual([
        expect.objectContaining({ id: orderId, status: 'requested', unit_price: counterPrice, quantity: counterQuantity }),
      ]);

      // The supplier confirms and ships; each move waits for the server before the next.
      await supplier.page.goto(`/orders/${orderId}`);
      await status(supplier.page).getByText('Demandée', { exact: true }).waitFor();
      await supplier.page.getByRole('button', { name: 'Confirmer la commande' }).click();
      await status(supplier.page).getByText('Confirmée', { exact: true }).waitFor();
      await supplier.page.getByRole('button', { name: 'Marquer comme expédiée' }).click({ timeout: 90_000 });
      await status(supplier.page).getByText('Expédiée', { exact: true }).waitFor();
      await supplier.page.getByText('Enregistré sur cet appareil', { exact: false }).waitFor({ state: 'detached', timeout: 90_000 });
      expect((await call<Order>(supplierApi, 'GET', `/api/orders/${orderId}/`)).status).toBe('shipped');

      // The buyer's page follows; they mark it delivered, and both read "Livrée".
      await status(buyer.page).getByText('Expédiée', { exact: true }).waitFor({ timeout: 90_000 });
      await buyer.page.getByRole('button', { name: 'Marquer comme livrée' }).click();
      await status(buyer.page).getByText('Livrée', { exact: true }).waitFor();
      await buyer.page.locator('.order__timeline').getByText('Livrée').waitFor();
      await status(supplier.page).getByText('Livrée', { exact: true }).waitFor({ timeout: 90_000 });
      const done = await call<Order & { events: Array<{ status: string }> }>(buyerApi, 'GET', `/api/orders/${orderId}/`);
      expect(done.events.map((e) => e.status)).toEqual(['requested', 'confirmed', 'shipped', 'delivered']);
      expect(await ordersOf(buyerApi, product.id)).toHaveLength(1);
      expect([...buyer.errors, ...supplier.errors]).toEqual([]);
    } catch (error) {
      await shown(buyer.page, 'buyer');
      await shown(supplier.page, 'supplier');
      throw error;
    } finally {
      await buyer.context.close();
      await supplier.context.close();
    }
  }, 300_000);

  it('"Acheter maintenant" offline: the order request reaches the server exactly once', async () => {
    const supplierApi = await apiLogin(DEMO_SUPPLIER_EMAIL);
    const buyerApi = await apiLogin(DEMO_BUYER.email);
    const products = await call<{ results: Array<{ id: number; name: string; minimum_order_quantity: number }> }>(
      supplierApi,
      'GET',
      `/api/products/?supplier=${supplierApi.id}&limit=20`,
    );
    const product = products.results[products.results.length - 5];
    const buyer = await frenchContext(browser.browser, 390);
    try {
      await signInFr(buyer.page, DEMO_BUYER.email, DEMO_BUYER.firstName);
      await buyer.page.goto(`/products/${product.id}`);
      const buyNow = buyer.page.getByRole('button', { name: 'Acheter maintenant' }).first();
      await buyNow.waitFor();
      // The sheet is its own chunk: offline, the service worker's precache serves it.
      await waitForServiceWorker(buyer.page);
      await buyer.context.setOffline(true);
      await buyNow.click();
      const sheet = buyer.page.getByRole('dialog');
      await sheet.getByRole('button', { name: 'Envoyer la demande de commande' }).click();
      await buyer.page.waitForURL(/\/orders\/-?\d+$/);
      await buyer.page.getByText('Enregistré sur cet appareil', { exact: false }).waitFor();
      expect(await ordersOf(buyerApi, product.id)).toEqual([]);

      await buyer.context.setOffline(false);
      await buyer.page.getByText('Enregistré sur cet appareil', { exact: false }).waitFor({ state: 'detached', timeout: 90_000 });
      // Sent, the page follows the order to the server's id.
      await buyer.page.waitForURL(/\/orders\/\d+$/);
      await buyer.page.locator('.order-status').getByText('Demandée', { exact: true }).waitFor();
      // Reloading, and going offline and back, send nothing more.
      await buyer.page.reload();
      await buyer.page.locator('.order-status').getByText('Demandée', { exact: true }).waitFor();
      await buyer.context.setOffline(true);
      await buyer.context.setOffline(false);
      await buyer.page.goto('/orders');
      await buyer.page.locator('.order-row', { hasText: product.name }).first().waitFor();
      expect(await buyer.page.locator('.order-row', { hasText: product.name }).count()).toBe(1);
      expect((await ordersOf(buyerApi, product.id)).map((o) => [o.status, o.quantity])).toEqual([
        ['requested', product.minimum_order_quantity],
      ]);
      expect(buyer.errors).toEqual([]);
    } catch (error) {
      await shown(buyer.page, 'buyer');
      throw error;
    } finally {
      await buyer.context.close();
    }
  }, 180_000);
});
