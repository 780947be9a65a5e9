import { describe, expect, it } from 'vitest';
import { OFFLINE_NOTICE, apiGet, skipBrowser, useBrowser, waitForServiceWorker } from '../e2e/helpers';
import { catalogue, slow3g, storeCount } from './support';

const cards = (page: import('playwright-core').Page) => page.getByTestId('product-card');

/** A guest's first visit on Slow 3G, then browsing and searching what the device saved, with no network at all. */
describe.skipIf(skipBrowser)('journey: browse and search offline', () => {
  const browser = useBrowser();

  it('a first visit on Slow 3G saves the catalogue; offline, home, a category, a search and an unopened product still show', async () => {
    const { page, context } = browser;
    const products = await catalogue();
    const total = (await apiGet<{ count: number }>('/api/products/?limit=1')).count;
    const word = products
      .map((p) => p.name.split(/\s+/).find((w) => /^[A-Za-z]{5,}$/.test(w)))
      .find(Boolean)!
      .toLowerCase();
    const { count: found } = await apiGet<{ count: number }>(`/api/products/?search=${word}&limit=1`);
    expect(found).toBeGreaterThan(0);

    const unthrottle = await slow3g(page);
    await page.goto('/');
    await cards(page).first().waitFor({ timeout: 90_000 });
    await waitForServiceWorker(page);
    // The background replication finishes on the slow link too.
    await expect.poll(() => storeCount(page, 'products'), { timeout: 90_000, interval: 1_000 }).toBe(total);
    await unthrottle();

    await context.setOffline(true);
    await page.reload();
    await page.getByText(OFFLINE_NOTICE).waitFor();
    await cards(page).first().waitFor();

    await page.goto('/category/1/Agriculture%20%26%20Food');
    await page.getByRole('heading', { level: 1, name: 'Agriculture & Food' }).waitFor();
    await cards(page).first().waitFor();

    // Search runs on the device with the server's rules: the same count as the server's answer.
    await page.goto(`/search/${word}`);
    await page.getByText(found === 1 ? '1 product' : `${found} products`, { exact: true }).waitFor();
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.fill(word.slice(0, 4));
    await page.getByText('Offline: results from this device').waitFor();
    expect(await page.getByRole('option').count()).toBeGreaterThan(0);

    // A product never opened online comes from the replicated catalogue.
    const unopened = products[products.length - 1];
    await page.goto(`/products/${unopened.id}`);
    await page.getByRole('heading', { level: 1, name: unopened.name }).waitFor();
    expect(await page.getByText('Could not load product details. Please try again.').count()).toBe(0);
    await context.setOffline(false);
  }, 240_000);
});
