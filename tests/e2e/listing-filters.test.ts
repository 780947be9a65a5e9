import { describe, expect, it } from 'vitest';
import { apiGet, skipBrowser, useBrowser } from './helpers';

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
});
