import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { DEMO_BUYER_EMAIL, DEMO_MODERATOR_EMAIL, DEMO_PASSWORD, SUPPLIERS } from '@server/seed/data';
import { CHROMIUM_ARGS } from '../chromium';
import { e2e, skipBrowser, waitForServiceWorker, waitOutSplash } from '../e2e/helpers';
import { apiAs, apiLogin, catalogue, ownServer, storeCount, type Session } from './support';

/**
 * A listing reported offline, in French (docs/sync.md#reports): the buyer reports it with no
 * signal, the report goes out once on reconnect, a moderator on a 360 px phone hides it from
 * /moderation with a reason, and the buyer's open product page and seller list lose it without a
 * reload (the reporter's notification pokes the device, whose next pull brings the product as
 * deleted). A server of its own: the hidden product would leave the shared demo catalogue.
 * Every wait is on what a page shows or the server answers; CI runs this on two busy cores.
 */

type Report = { id: number; target_type: string; target_id: number; reason: string; details: string; reporter: { id: number } };

let server: Awaited<ReturnType<typeof ownServer>> | null = null;
let browser: Browser | null = null;

/** A context of its own with the app in French; uncaught page errors are collected. */
async function frenchContext(width: number, height: number): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser!.newContext({ baseURL: server!.url, viewport: { width, height } });
  context.setDefaultTimeout(60_000);
  // A new tab's first document (about:blank) has no storage of the app's origin.
  await context.addInitScript(() => {
    if (location.protocol.startsWith('http')) localStorage.setItem('language', 'fr');
  });
  waitOutSplash(context);
  const page = await context.newPage();
  const errors: string[] = [];
  context.on('page', (other) => other.on('pageerror', (error) => errors.push(error.stack ?? error.message)));
  page.on('pageerror', (error) => errors.push(error.stack ?? error.message));
  return { context, page, errors };
}

async function signInFr(page: Page, email: string, firstName: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await page.getByRole('button', { name: `Bonjour, ${firstName}` }).waitFor();
}

/** Whether the device's products table holds this product (read without the app's code). */
const deviceHolds = (page: Page, id: number) =>
  page.evaluate(
    (productId) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('marketplace');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const idb = open.result;
          const get = idb.transaction('products').objectStore('products').get(productId);
          get.onsuccess = () => resolve(get.result !== undefined);
          get.onerror = () => resolve(false);
          idb.close();
        };
      }),
    id,
  );

/** The open reports of one product, as the moderators' API lists them. */
async function reportsOf(moderator: Session, productId: number): Promise<Report[]> {
  const page = await apiAs<{ results: Report[] }>(moderator, '/api/moderation/reports/?status=open&limit=100');
  return page.results.filter((r) => r.target_type === 'product' && r.target_id === productId);
}

/** A failed step says what each side's page showed: CI keeps no screenshots. */
async function shown(page: Page, who: string) {
  const text = await page.evaluate(() => document.body.innerText.slice(0, 1500)).catch(() => '(page gone)');
  console.log(`${who} at failure: ${page.url()}\n${text}`);
}

describe.skipIf(skipBrowser)('journey: a listing reported offline and hidden by a moderator (French)', () => {
  beforeAll(async () => {
    server = await ownServer();
    browser = await chromium.launch({ executablePath: e2e.chromium, headless: true, args: CHROMIUM_ARGS });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the report goes out on reconnect, the moderator hides the listing on a phone, and it leaves the buyer’s open page and list', {
    timeout: 300_000,
  }, async () => {
    const base = server!.url;
    const buyerApi = await apiLogin(DEMO_BUYER_EMAIL, base);
    const moderatorApi = await apiLogin(DEMO_MODERATOR_EMAIL, base);
    // The newest product of its supplier: the first card of the seller's page.
    const product = (await catalogue(base)).find((p) => p.supplier.id !== buyerApi.id)!;
    const details = 'Le vendeur demande un paiement hors de l’application';

    const buyer = await frenchContext(390, 844);
    const moderator = await frenchContext(360, 740);
    try {
      await signInFr(buyer.page, DEMO_BUYER_EMAIL, 'Chioma');
      await buyer.page.goto(`/products/${product.id}`);
      await buyer.page.getByRole('heading', { level: 1, name: product.name }).waitFor();
      await waitForServiceWorker(buyer.page);
      await expect.poll(() => deviceHolds(buyer.page, product.id), { timeout: 60_000 }).toBe(true);

      // No signal: the report is made on the device and waits.
      await buyer.context.setOffline(true);
      await buyer.page.getByRole('button', { name: 'Signaler le produit' }).click();
      const sheet = buyer.page.getByRole('dialog', { name: 'Signaler ce produit' });
      await sheet.getByRole('radio', { name: 'Arnaque ou fraude' }).check();
      await sheet.getByLabel('Précisions (facultatif)').fill(details);
      await sheet.getByRole('button', { name: 'Envoyer le signalement' }).click();
      await sheet.waitFor({ state: 'detached' });
      await buyer.page.getByRole('status').filter({ hasText: 'Signalé (envoyé dès que vous serez en ligne)' }).waitFor();
      expect(await storeCount(buyer.page, 'outbox')).toBe(1);
      expect(await reportsOf(moderatorApi, product.id)).toEqual([]);

      // The network is back: the report goes out, once, in the buyer's words.
      await buyer.context.setOffline(false);
      await expect.poll(() => storeCount(buyer.page, 'outbox'), { timeout: 90_000 }).toBe(0);
      await buyer.page
        .getByRole('status')
        .filter({ hasText: /^Signalé$/ })
        .waitFor();
      const reports = await reportsOf(moderatorApi, product.id);
      expect(reports.map((r) => ({ reason: r.reason, details: r.details, reporter: r.reporter.id }))).toEqual([
        { reason: 'scam', details, reporter: buyerApi.id },
      ]);

      // The buyer keeps the product page open, and the seller's list in a second tab.
      const list = await buyer.context.newPage();
      await list.goto(`/users/${product.supplier.id}`);
      const card = list.getByTestId('product-card').filter({ hasText: product.name });
      await card.first().waitFor();

      // The moderator, on a phone, hides it from the queue with a reason.
      await signInFr(moderator.page, DEMO_MODERATOR_EMAIL, 'Ngozi');
      await moderator.page.goto('/moderation');
      const queue = moderator.page.getByRole('list', { name: 'Signalements ouverts' });
      const item = queue.getByRole('article').filter({ has: moderator.page.getByRole('link', { name: product.name }) });
      await item.waitFor();
      await item.getByText(details).waitFor();
      // Nothing on the phone's screen runs past its edge.
      expect(await moderator.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await item.getByRole('radio', { name: 'Masquer le produit' }).check();
      await item.getByRole('button', { name: 'Traiter' }).click();
      // No reason, no action: the form says so and nothing is hidden.
      await item.getByText('Donnez un motif', { exact: false }).waitFor();
      expect((await fetch(`${base}/api/products/${product.id}/`)).status).toBe(200);
      await item.getByLabel('Motif (obligatoire)').fill('Paiement demandé hors de la plateforme');
      await item.getByRole('button', { name: 'Traiter' }).click();
      await item.waitFor({ state: 'detached' });
      expect((await fetch(`${base}/api/products/${product.id}/`)).status).toBe(404);
      expect(await reportsOf(moderatorApi, product.id)).toEqual([]);

      // The buyer's device drops it with no reload: the list loses its card, the open page its product.
      await expect.poll(() => card.count(), { timeout: 120_000 }).toBe(0);
      await buyer.page.getByRole('heading', { level: 1, name: product.name }).waitFor({ state: 'detached', timeout: 60_000 });
      expect(await deviceHolds(buyer.page, product.id)).toBe(false);
      expect(buyer.errors).toEqual([]);
      expect(moderator.errors).toEqual([]);

      // Its supplier, on a phone, sees it hidden with the reason and appeals once (docs/product.md#trust-and-safety).
      let owner: (typeof SUPPLIERS)[number] | undefined;
      for (const candidate of SUPPLIERS) {
        if ((await apiLogin(candidate.email, base)).id === product.supplier.id) owner = candidate;
        if (owner) break;
      }
      const supplier = await frenchContext(360, 740);
      try {
        await signInFr(supplier.page, owner!.email, owner!.first_name);
        await supplier.page.goto(`/products/${product.id}`);
        await supplier.page.getByRole('heading', { level: 1, name: product.name }).waitFor();
        const notice = supplier.page.getByRole('region', { name: /Masqué par nos modérateurs/ });
        await notice.getByText('Paiement demandé hors de la plateforme').waitFor();
        expect(await deviceHolds(supplier.page, product.id)).toBe(false);
        const violations = (await new AxeBuilder({ page: supplier.page as never }).analyze()).violations.filter(
          (v) => v.impact === 'serious' || v.impact === 'critical',
        );
        expect(violations.map((v) => v.id)).toEqual([]);
        await supplier.page.getByLabel('Pourquoi devrait-il être de nouveau affiché ?').fill('Je vends uniquement via l’application.');
        await supplier.page.getByRole('button', { name: 'Envoyer la contestation' }).click();
        await supplier.page.getByRole('region', { name: 'Contestation envoyée' }).waitFor();
        const appeals = (await reportsOf(moderatorApi, product.id)).filter((r) => r.reason === 'appeal');
        expect(appeals.map((r) => r.details)).toEqual(['Je vends uniquement via l’application.']);
        expect(supplier.errors).toEqual([]);
      } finally {
        await supplier.context.close();
      }
    } catch (error) {
      await shown(buyer.page, 'Buyer');
      await shown(moderator.page, 'Moderator');
      throw error;
    } finally {
      await buyer.context.close();
      await moderator.context.close();
    }
  });
});
