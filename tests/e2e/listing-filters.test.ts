import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiGet, OFFLINE_NOTICE, skipBrowser, useBrowser, waitForServiceWorker } from './helpers';

/**
 * Resolves once the device holds the whole catalogue (its first save for offline use finished).
 * Polled from here: `page.waitForFunction` takes an async predicate's pending promise as truthy
 * and returns at once.
 */
async function catalogueSaved(page: Page): Promise<void> {
  const done = () =>
    page.evaluate(async () => {
      for (const { name } of await indexedDB.databases()) {
        if (!name) continue;
        const saved = await new Promise<boolean>((resolve) => {
          const open = indexedDB.open(name);
          open.onerror = () => resolve(false);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('syncState')) {
              db.close();
              resolve(false);
              return;
            }
            const get = db.transaction('syncState').objectStore('syncState').get('stream:catalogue');
            get.onsuccess = () => {
              db.close();
              resolve(get.result?.value === 'done');
            };
            get.onerror = () => {
              db.close();
              resolve(false);
            };
          };
        });
        if (saved) return true;
      }
      return false;
    });
  await expect.poll(done, { timeout: 80_000, interval: 500 }).toBe(true);
}

/** Sorting and filtering a listing in a real browser: the choice is kept in the URL and the order matches the server's. */
describe.skipIf(skipBrowser)('sorting and filtering listings (browser)', () => {
  const browser = useBrowser();

  it('sorts by price and filters to verified suppliers, in the URL, in the order of the API', async () => {
    const { page } = browser;
    await page.goto('/search/');
    await page.getByRole('heading', { name: 'All products' }).waitFor();
    await page.getByLabel('Sort by').selectOption('price');
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Verified suppliers only').check();
    await page.getByLabel('Max price (USD)').fill('20');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((url) => url.search === '?ordering=price&price_max=20&verified=true');

    const expected = await apiGet<{ count: number; results: Array<{ name: string }> }>(
      '/api/products/?ordering=price&price_max=20&verified=true&limit=4',
    );
    expect(expected.count).toBeGreaterThan(0);
    await page.getByText(`${expected.count} products`).waitFor();
    const shown = (await page.locator('.product-card__name').allInnerTexts()).slice(0, expected.results.length);
    expect(shown.map((text) => text.trim())).toEqual(expected.results.map((p) => p.name));

    // A reload keeps the choice.
    await page.reload();
    expect(await page.getByLabel('Sort by').inputValue()).toBe('price');
    await page.getByText(`${expected.count} products`).waitFor();
  });

  it('gives the same results offline, from the catalogue saved on the device, as the server gives online', async () => {
    const { page, context } = browser;
    await page.goto('/');
    await waitForServiceWorker(page);
    await catalogueSaved(page);
    const queries = [
      '?ordering=price&price_max=20&verified=true',
      '?ordering=-price&moq_max=5&in_stock=true',
      '?ordering=-average_rating&rating_min=4&price_min=50',
    ];
    const expected = [];
    for (const query of queries) {
      expected.push(await apiGet<{ count: number; results: Array<{ name: string }> }>(`/api/products/${query}&limit=4`));
    }

    await context.setOffline(true);
    for (const [i, query] of queries.entries()) {
      await page.goto(`/search/${query}`);
      await page.getByText(OFFLINE_NOTICE).waitFor();
      expect(expected[i].count, query).toBeGreaterThan(0);
      await page.getByText(`${expected[i].count} products`).waitFor();
      const shown = (await page.locator('.product-card__name').allInnerTexts()).slice(0, expected[i].results.length);
      expect(
        shown.map((text) => text.trim()),
        query,
      ).toEqual(expected[i].results.map((p) => p.name));
    }
    await context.setOffline(false);
  }, 150_000);
});
