import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiGet, DEMO_BUYER, signInAsDemo, skipBrowser, useBrowser } from './helpers';
import { storeCount } from '../device-store';

const heldProducts = (page: Page) => storeCount(page, 'products');

const syncCalls = (page: Page) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/sync/') calls.push(request.url());
  });
  return calls;
};

/** The sync engine in a real browser (docs/sync.md): replication into IndexedDB and one leading tab. */
describe.skipIf(skipBrowser)('sync engine (browser)', () => {
  const browser = useBrowser();

  it('saves the whole demo catalogue on the device in the background, and the favourites of the buyer who signs in', async () => {
    const { page } = browser;
    const total = (await apiGet<{ count: number }>('/api/products/?limit=1')).count;
    await page.goto('/');
    await expect.poll(() => heldProducts(page), { timeout: 60_000 }).toBe(total);

    await signInAsDemo(page, DEMO_BUYER);
    // The favourites badge comes from the local database, filled by the private stream.
    await expect
      .poll(
        () =>
          page
            .getByRole('link', { name: /^Favorites, \d+/ })
            .first()
            .getAttribute('aria-label')
            .catch(() => null),
        { timeout: 20_000 },
      )
      .toMatch(/Favorites, [1-9]/);
  });

  it('two tabs sync once: only the leading tab pulls, and the other takes over when it closes', async () => {
    const { context, page } = browser;
    const first = syncCalls(page);
    await page.goto('/');
    await expect.poll(() => first.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const second = await context.newPage();
    const secondCalls = syncCalls(second);
    await second.goto('/');
    await second.getByRole('banner').waitFor();
    // The second tab asks the leader (BroadcastChannel) instead of pulling itself.
    const before = first.length;
    await second.reload();
    await second.getByRole('banner').waitFor();
    await expect.poll(() => first.length, { timeout: 10_000 }).toBeGreaterThan(before);
    expect(secondCalls).toEqual([]);

    await page.close();
    // The Web Lock passes on: the remaining tab leads and pulls.
    await second.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => secondCalls.length, { timeout: 15_000 }).toBeGreaterThan(0);
  });
});
