import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_SUPPLIER_EMAIL } from '@server/seed/data';
import { chatHistory, greeting, signIn, signInAsDemo, skipBrowser, startChat, useBrowser, waitForServiceWorker } from '../e2e/helpers';
import { apiAs, apiLogin, catalogue, favoriteIds, storeCount } from './support';

/**
 * What the device holds works offline, and the app is honest about the network, in real
 * Chromium (docs/sync.md): a seller's page and a conversation's header come from local data;
 * a sign-in that cannot reach the server says so and offers to try again; "Mark all as read"
 * tapped offline marks only what the device had shown; an offer queued against a price that
 * changed meanwhile is shown to the buyer before it goes.
 */

const ELIF = { email: 'elif.demir@demo.market', firstName: 'Elif' };
const CHIOMA = { email: 'buyer@demo.market', firstName: 'Chioma' };
const KOFFI = { email: 'koffi.kouame@demo.market', firstName: 'Koffi' };
const AWA = { email: 'awa.diop@demo.market' };
const SUPPLIER = { email: DEMO_SUPPLIER_EMAIL };

describe.skipIf(skipBrowser)('journey: offline screens and honest errors', () => {
  const browser = useBrowser();

  it("a seller's page and a conversation's header open offline from what the device holds", async () => {
    const page = browser.page;
    const api = await apiLogin(ELIF.email);
    const products = await catalogue();
    const product = products.find((p) => p.supplier.id !== api.id)!;
    const seller = await apiAs<{ supplier_profile: { company_name: string } }>(api, `/api/users/${product.supplier.id}/`);
    const company = seller.supplier_profile.company_name;
    await signInAsDemo(page, ELIF);
    const conversation = await startChat(page, product.id);
    await waitForServiceWorker(page);
    // The catalogue (and with it the sellers) is on the device; the seller's page was never opened.
    await expect.poll(() => storeCount(page, 'products'), { timeout: 60_000 }).toBeGreaterThanOrEqual(products.length);

    await page.context().setOffline(true);
    await page.goto(`/users/${product.supplier.id}`);
    await page.getByRole('heading', { level: 1, name: company }).waitFor();
    expect(await page.getByText('Could not load seller profile.').count()).toBe(0);

    await page.goto(`/chat/${conversation}`);
    const header = page.locator('header.chat__header');
    await header.getByRole('heading', { name: company }).waitFor();
    await header.getByRole('link', { name: new RegExp(product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).waitFor();
    await page.context().setOffline(false);
  });

  it('a sign-in that cannot reach the server says so and offers to try again, which signs in', async () => {
    const page = browser.page;
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).waitFor();
    await page.context().setOffline(true);
    await signIn(page, KOFFI.email, DEMO_PASSWORD);
    await page.getByText('Could not reach the server. Check your connection and try again.').waitFor();
    expect(await page.getByText('Login failed. Please check credentials.').count()).toBe(0);

    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await greeting(page, KOFFI.firstName).waitFor();
  });

  it('"Mark all as read" tapped offline does not mark a notification that arrives later', async () => {
    const page = browser.page;
    const supplier = await apiLogin(SUPPLIER.email);
    const buyer = await apiLogin(AWA.email);
    const taken = new Set(await favoriteIds(buyer));
    const [first, second] = (await catalogue()).filter((p) => p.supplier.id === supplier.id && !taken.has(p.id));
    type Note = { id: number; link: string | null };
    const unread = async () => (await apiAs<{ results: Note[] }>(supplier, '/api/notifications/?is_read=false&limit=200')).results;
    const about = (notes: Note[], productId: number) => notes.filter((n) => n.link?.endsWith(`/products/${productId}`));

    // A buyer favourites one of the supplier's products: the supplier is told.
    await apiAs(buyer, '/api/favorites/', { method: 'POST', body: { product: first.id } });
    await expect.poll(async () => about(await unread(), first.id).length).toBe(1);
    await page.goto('/login');
    await signIn(page, SUPPLIER.email, DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname !== '/login');
    await waitForServiceWorker(page);
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    await panel.getByRole('button', { name: 'Mark all as read' }).waitFor();

    await page.context().setOffline(true);
    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    // Meanwhile another favourite reaches the server, which tells the supplier again.
    await apiAs(buyer, '/api/favorites/', { method: 'POST', body: { product: second.id } });
    await page.context().setOffline(false);
    await expect.poll(async () => about(await unread(), first.id).length, { timeout: 30_000, interval: 250 }).toBe(0);
    await expect.poll(() => storeCount(page, 'outbox'), { timeout: 30_000 }).toBe(0);
    expect(about(await unread(), second.id)).toHaveLength(1);
  });

  it('an offer queued offline against a price that then changed is shown to the buyer before it goes; "Retry" sends it anyway', async () => {
    const page = browser.page;
    const buyer = await apiLogin(CHIOMA.email);
    const supplier = await apiLogin(SUPPLIER.email);
    const products = (await catalogue()).filter((p) => p.supplier.id === supplier.id);
    const details = await Promise.all(
      products.map((p) =>
        apiAs<{ id: number; name: string; price: string; flash_deal_ends_at: string | null; price_tiers?: unknown[] }>(
          buyer,
          `/api/products/${p.id}/`,
        ),
      ),
    );
    // One price, no deal and no quantity tiers: the offer is 10 % under the price the supplier then changes.
    const product = details.find((p) => p.flash_deal_ends_at === null && (p.price_tiers ?? []).length === 0)!;
    await signInAsDemo(page, CHIOMA);
    const conversation = await startChat(page, product.id);
    await waitForServiceWorker(page);

    const offers = async () =>
      (await apiAs<{ results: Array<{ price: string | null }> }>(buyer, `/api/conversations/${conversation}/messages/?limit=100`)).results
        .map((m) => m.price)
        .filter(Boolean);
    const before = await offers();
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Offer 10% less' }).click();
    const offer = (Math.round(Number(product.price) * 100 * 0.9) / 100).toFixed(2);
    // The supplier lowers the price a little while the buyer is offline.
    const newPrice = (Number(product.price) * 0.99).toFixed(2);
    await apiAs(supplier, `/api/products/${product.id}/`, { method: 'PATCH', body: { min_price: newPrice } });
    await page.context().setOffline(false);

    const held = chatHistory(page).locator('li', {
      hasText: `Your offer of $${offer} was made when the price was $${product.price}; it is now $${newPrice}.`,
    });
    await held.waitFor({ timeout: 30_000 });
    expect(await offers()).toEqual(before);
    await held.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(offers, { timeout: 30_000 }).toEqual([...before, offer]);
  });
});
