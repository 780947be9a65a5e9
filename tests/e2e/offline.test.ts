import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  apiGet,
  DEMO_BUYER,
  demoProduct,
  e2e,
  greeting,
  OFFLINE_NOTICE,
  signInAsDemo,
  skipBrowser,
  useBrowser,
  waitForServiceWorker,
} from './helpers';

/** Fetches `path` from inside the page (through its service worker): status and SHA-256 of the body, or the network error. */
function fetchInPage(page: Page, path: string) {
  return page.evaluate(async (url) => {
    try {
      const response = await fetch(url);
      const digest = await crypto.subtle.digest('SHA-256', await response.arrayBuffer());
      const sha256 = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
      return { status: response.status, sha256, error: null };
    } catch (error) {
      return { status: 0, sha256: null, error: String(error) };
    }
  }, path);
}

const pathOf = (url: string) => new URL(url, e2e.baseUrl).pathname;

/** Offline-first (docs/architecture.md#how-it-runs): once visited, the app opens without a network, from its saved copy. */
describe.skipIf(skipBrowser)('offline (browser)', () => {
  const browser = useBrowser();

  it('opens /, /favorites and a product page offline in the shell, with the offline notice', async () => {
    const { page, context } = browser;
    const product = await demoProduct();
    await signInAsDemo(page, DEMO_BUYER);
    await waitForServiceWorker(page);
    expect(await page.getByText(OFFLINE_NOTICE).count()).toBe(0);

    await context.setOffline(true);
    const visits: Array<[string, string]> = [
      ['/', 'Top rated'],
      ['/favorites', 'Favorites'],
      [`/products/${product.id}`, product.name],
    ];
    for (const [path, heading] of visits) {
      const response = path === '/' ? await page.reload() : await page.goto(path);
      // Answered by the service worker, not a browser error page.
      expect(response?.ok(), path).toBe(true);
      expect(response?.fromServiceWorker(), path).toBe(true);
      expect(new URL(page.url()).pathname).toBe(path);
      await page.getByRole('link', { name: 'Marketplace home' }).waitFor();
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await page.getByText(OFFLINE_NOTICE).waitFor();
      // The saved session holds offline: still signed in.
      await greeting(page, DEMO_BUYER.firstName).waitFor();
    }

    // Back online, the notice goes away by itself.
    await context.setOffline(false);
    await page.getByText(OFFLINE_NOTICE).waitFor({ state: 'detached' });
  });

  it('serves a product picture offline, byte for byte, once it has been seen', async () => {
    const { page, context } = browser;
    const { results } = await apiGet<{ results: Array<{ thumbnail_url: string }> }>('/api/products/');
    const [seen, unseen] = results
      .map((p) => pathOf(p.thumbnail_url))
      .filter((p, i, all) => p.startsWith('/media/') && all.indexOf(p) === i);
    const original = Buffer.from(await (await fetch(`${e2e.baseUrl}${seen}`)).arrayBuffer());
    const originalSha = createHash('sha256').update(original).digest('hex');

    await page.goto('/');
    await waitForServiceWorker(page);
    expect(await fetchInPage(page, seen)).toEqual({ status: 200, sha256: originalSha, error: null });

    await context.setOffline(true);
    expect(await fetchInPage(page, seen)).toEqual({ status: 200, sha256: originalSha, error: null });
    // The network really is gone: a picture never seen before cannot load.
    const missing = await fetchInPage(page, unseen);
    expect(missing.status).toBe(0);
    expect(missing.error).toMatch(/fetch/i);
  });
});
