import { describe, expect, it } from 'vitest';
import { DEMO_SUPPLIER_EMAIL } from '@server/seed/data';
import { productPageHeart, signInAsDemo, skipBrowser, useBrowser, waitForServiceWorker } from '../e2e/helpers';
import { apiAs, apiLogin, favoriteIds, storeCount, type ApiProduct } from './support';

const CHIOMA = { email: 'buyer@demo.market', firstName: 'Chioma' };

/** The demo supplier's products the buyer has neither favourited nor reviewed, oldest first (other journeys take the newest). */
async function supplierProducts(count: number, skip: number) {
  const supplier = await apiLogin(DEMO_SUPPLIER_EMAIL);
  const buyer = await apiLogin(CHIOMA.email);
  const favourites = new Set(await favoriteIds(buyer));
  const page = await apiAs<{ results: ApiProduct[] }>(supplier, `/api/products/?supplier=${supplier.id}&limit=100`);
  const untouched: ApiProduct[] = [];
  for (const product of page.results.filter((p) => !favourites.has(p.id)).reverse()) {
    const reviews = await apiAs<{ results: Array<{ reviewer: { first_name: string } }> }>(
      buyer,
      `/api/products/${product.id}/reviews/?limit=100`,
    );
    if (!reviews.results.some((r) => r.reviewer.first_name === CHIOMA.firstName)) untouched.push(product);
  }
  const products = untouched.slice(skip, skip + count);
  if (products.length < count) throw new Error('The demo supplier has too few products');
  return { supplier, buyer, products };
}

describe.skipIf(skipBrowser)('journey: a conflict, and two tabs', () => {
  const browser = useBrowser();

  it('a product deleted by its supplier while the buyer was offline ends with a clear message, not a silent drop', async () => {
    const { page, context } = browser;
    const {
      supplier,
      buyer,
      products: [product],
    } = await supplierProducts(1, 0);
    await signInAsDemo(page, CHIOMA);
    await page.goto(`/products/${product.id}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await productPageHeart(page).click();
    const form = page.getByRole('form', { name: 'Write a review' });
    await form.getByRole('radio', { name: '4 stars' }).click();
    await form.getByRole('button', { name: 'Submit review' }).click();
    await page.getByText('Saved on this device; it will be sent when the connection allows.').waitFor();
    await page.goto('/');
    await apiAs(supplier, `/api/products/${product.id}/`, { method: 'DELETE' });

    await context.setOffline(false);
    // Wherever the buyer is, both refused changes are named with the reason.
    const notice = page.getByRole('alert').filter({ hasText: 'was not sent' });
    await notice.getByText('Your favourite was not sent. This product is no longer available.').waitFor({ timeout: 60_000 });
    await notice.getByText('Your review was not sent. This product is no longer available.').waitFor();
    await page.reload();
    await notice.getByText('Your favourite was not sent. This product is no longer available.').waitFor();
    expect(await favoriteIds(buyer)).not.toContain(product.id);

    await notice.getByRole('button', { name: 'Discard' }).first().click();
    await notice.getByRole('button', { name: 'Discard' }).first().click();
    await notice.waitFor({ state: 'detached' });
    expect(await storeCount(page, 'outbox')).toBe(0);
  }, 150_000);

  it('two tabs open at once: a favourite made offline in the tab that does not lead is sent once, and both tabs show it', async () => {
    const { page, context } = browser;
    const {
      buyer,
      products: [product],
    } = await supplierProducts(1, 2);
    const posts: string[] = [];
    // Answered requests only: an attempt the offline browser refused never reached the server.
    context.on('requestfinished', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/favorites/') posts.push(request.url());
    });
    await signInAsDemo(page, CHIOMA);
    await page.goto(`/products/${product.id}`);
    await waitForServiceWorker(page);
    const second = await context.newPage();
    await second.goto(`/products/${product.id}`);
    await second.getByRole('heading', { level: 1, name: product.name }).waitFor();

    await context.setOffline(true);
    await productPageHeart(second).click();
    // The first tab reads the same device database: it shows the change at once.
    await expect.poll(() => productPageHeart(page).getAttribute('aria-pressed')).toBe('true');
    await context.setOffline(false);
    await expect.poll(() => storeCount(page, 'outbox'), { timeout: 60_000 }).toBe(0);
    await page.waitForTimeout(2_000);
    expect(posts).toHaveLength(1);
    expect((await favoriteIds(buyer)).filter((id) => id === product.id)).toHaveLength(1);
    await second.close();
  }, 120_000);
});
