import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatPriceRange } from '@/shared/format';
import { apiGet, e2e, skipBrowser, useBrowser } from './helpers';

interface Listed {
  id: number;
  name: string;
  min_price: string;
  max_price: string;
  thumbnail_url: string;
  category: { id: number; name: string } | null;
  supplier: { id: number };
}

/** A demo product with a picture and a category. */
async function product(): Promise<Listed> {
  const { results } = await apiGet<{ results: Listed[] }>('/api/products/?limit=50');
  const found = results.find((p) => p.thumbnail_url && p.category);
  if (!found) throw new Error('The demo catalogue has no product with a picture and a category');
  return found;
}

/**
 * Marks the page's heading as the server sent it, before any script runs: a hydrated page keeps
 * that very element, while a page rendered afresh (or after a failed hydration) replaces it.
 */
async function markServerHeading(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        (window as unknown as { serverHeading: Element | null }).serverHeading = document.querySelector('#root main h1');
      }
    });
  });
}

/** Hydrated: React has taken the heading the server sent as its own, and it is still in the page. */
function keepsServerHeading(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const heading = (window as unknown as { serverHeading: Element | null }).serverHeading;
    return Boolean(heading?.isConnected && Object.keys(heading).some((key) => key.startsWith('__reactFiber')));
  });
}

/** The landing pages, rendered by the server with the app's own components (server/web/render.ts). */
describe.skipIf(skipBrowser)('server-rendered landing pages (browser)', () => {
  const browser = useBrowser();

  it('shows a product page with its name, price and picture with JavaScript disabled', async () => {
    const item = await product();
    const context = await browser.browser.newContext({ baseURL: e2e.baseUrl, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`/products/${item.id}`);
      await page.getByRole('heading', { level: 1, name: item.name }).waitFor();
      const price = formatPriceRange(item.min_price, item.max_price, 'USD');
      expect(await page.locator('#root main').innerText()).toContain(price);
      const picture = new URL(item.thumbnail_url, e2e.baseUrl).pathname;
      const sources = await page
        .locator('#root main img')
        .evaluateAll((images) => images.map((img) => (img as HTMLImageElement).currentSrc || (img as HTMLImageElement).src));
      expect(sources.some((src) => src.includes(picture))).toBe(true);
      // A listing page too: its cards are links to the products, with reserved sizes.
      await page.goto(`/category/${item.category?.id}/x`);
      const card = page.locator(`#root main a[href="/products/${item.id}"]`).first();
      await card.waitFor();
      const sized = await page
        .locator('#root main img')
        .first()
        .evaluate((img) => img.hasAttribute('width') && img.hasAttribute('height'));
      expect(sized).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('hydrates each landing page without a mismatch, keeping the server’s elements', async () => {
    const item = await product();
    const urls = [
      `/products/${item.id}`,
      '/',
      `/category/${item.category?.id}/x`,
      '/new-arrivals',
      '/flash-deals',
      '/search/a',
      `/users/${item.supplier.id}`,
    ];
    for (const url of urls) {
      // A first visit each: once the service worker serves the app, pages come from its app shell.
      const context = await browser.browser.newContext({ baseURL: e2e.baseUrl, serviceWorkers: 'block' });
      try {
        const page = await context.newPage();
        const problems: string[] = [];
        page.on('console', (message) => {
          if (/hydrat|did not match|didn't match|mismatch/i.test(message.text())) problems.push(`${message.type()}: ${message.text()}`);
        });
        page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
        await markServerHeading(page);
        await page.goto(url);
        await expect.poll(() => keepsServerHeading(page), { timeout: 30_000, message: url }).toBe(true);
        expect(problems, url).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it("renders and hydrates in the visitor's language and currency, from the cookies the app sets with them", async () => {
    const item = await product();
    const context = await browser.browser.newContext({ baseURL: e2e.baseUrl, serviceWorkers: 'block' });
    try {
      await context.addCookies([
        { name: 'language', value: 'fr', url: e2e.baseUrl },
        { name: 'currency', value: 'NGN', url: e2e.baseUrl },
      ]);
      const page = await context.newPage();
      await page.addInitScript(() => {
        localStorage.setItem('language', 'fr');
        localStorage.setItem('currency', 'NGN');
      });
      const html = await (await page.request.get(`/products/${item.id}`)).text();
      expect(html).toContain('<html lang="fr"');
      expect(/<span class="price">(₦[^<]*)<\/span>/.exec(html)?.[1]).toBeTruthy();
      await markServerHeading(page);
      await page.goto(`/products/${item.id}`);
      await expect.poll(() => keepsServerHeading(page), { timeout: 30_000 }).toBe(true);
      expect(await page.locator('.product-detail__price').innerText()).toContain('₦');
    } finally {
      await context.close();
    }
  });

  it('hydrates every landing page on a 4× slower CPU, cold and warm, with no console error, in a far time zone, even when the browser offers installation first', async () => {
    const item = await product();
    const urls = ['/', `/products/${item.id}`, `/category/${item.category?.id}/x`, '/flash-deals', `/users/${item.supplier.id}`];
    // HYDRATION_RUNS=10 by hand; one cold and one warm load of each page in the suite.
    const runs = Number(process.env.HYDRATION_RUNS ?? 1);
    for (let run = 0; run < runs; run++) {
      for (const url of urls) {
        // Far from the server's UTC: whatever names a day would read differently for most hours.
        const context = await browser.browser.newContext({
          baseURL: e2e.baseUrl,
          serviceWorkers: 'block',
          viewport: { width: 390, height: 844 },
          timezoneId: 'Pacific/Kiritimati',
        });
        try {
          // A phone offers to install the app as soon as it can: before the hydration, which
          // waits for the translations and the screen's code (src/main.tsx).
          await context.addInitScript(() => {
            const started = Date.now();
            const offer = setInterval(() => {
              const event = new Event('beforeinstallprompt', { cancelable: true });
              Object.assign(event, { prompt: async () => undefined, userChoice: Promise.resolve({ outcome: 'dismissed' }) });
              window.dispatchEvent(event);
              if (Date.now() - started > 3_000) clearInterval(offer);
            }, 25);
          });
          for (const visit of ['cold', 'warm']) {
            const page = await context.newPage();
            const cdp = await context.newCDPSession(page);
            await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
            const problems: string[] = [];
            page.on('console', (message) => {
              if (message.type() === 'error' || /hydrat|did not match|mismatch|#418|#425/i.test(message.text())) {
                problems.push(`${message.type()}: ${message.text()}`);
              }
            });
            page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
            await markServerHeading(page);
            await page.goto(url);
            await expect.poll(() => keepsServerHeading(page), { timeout: 30_000, message: `${visit} ${url}` }).toBe(true);
            // The install offer shows once hydrated, in the render after it.
            await page.getByRole('button', { name: 'Install the app on this device' }).first().waitFor({ state: 'attached' });
            expect(problems, `${visit} ${url}`).toEqual([]);
            await page.close();
          }
        } finally {
          await context.close();
        }
      }
    }
  }, 300_000);
});
