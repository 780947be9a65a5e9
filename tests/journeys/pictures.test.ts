import { describe, expect, it, onTestFinished } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_BUYER, e2e, signInAsDemo, skipBrowser, useBrowser, waitForServiceWorker } from '../e2e/helpers';

/**
 * Pictures offline (the buyers who browse saved favourites offline): products favourited
 * elsewhere and never opened on this device show their pictures offline, because the device
 * saved them ahead of need, and none shows the broken-picture icon.
 */

async function token(): Promise<string> {
  const login = await fetch(`${e2e.baseUrl}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_BUYER.email, password: DEMO_BUYER.password }),
  });
  return ((await login.json()) as { access: string }).access;
}

/** Pictures the page shows that the browser could not load (the broken-picture icon). */
const brokenPictures = (page: Page) =>
  page.evaluate(() => [...document.images].filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.currentSrc || img.src));

/**
 * Every picture on the page has loaded, or failed and been replaced by its stand-in. A lazy
 * picture starts only once the browser has drawn a frame with it near the screen, so the page
 * is scrolled to each picture still waiting, a frame at a time, as a user scrolls: scrolling
 * through all of them within one task would leave those far below the top never asked for. A
 * failed picture is hidden at once and replaced when React next renders, which on a busy
 * machine can take longer than any fixed pause: the wait is for that end state, and a picture
 * left broken still fails it, named in the message.
 */
async function settled(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          for (const img of [...document.images].filter((image) => !image.complete)) {
            if (!img.isConnected) continue;
            img.scrollIntoView({ block: 'center' });
            await frame();
          }
          return {
            loading: [...document.images].filter((img) => !img.complete).map((img) => img.currentSrc || img.src),
            broken: [...document.images].filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.currentSrc || img.src),
          };
        }),
      { timeout: 15_000 },
    )
    .toEqual({ loading: [], broken: [] });
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** What the media cache holds and how the cards' pictures stand: said when a check fails. */
const pictureState = (page: Page) =>
  page.evaluate(async () => {
    const cache = await caches.open('media');
    const saved = (await cache.keys()).map((r) => new URL(r.url).pathname + new URL(r.url).search);
    const cards = [...document.querySelectorAll<HTMLImageElement>('[data-testid="product-card"] img.product-image')]
      .filter((img) => !(img.complete && img.naturalWidth > 0))
      .map((img) => ({ src: img.currentSrc || img.src, complete: img.complete }));
    return { saved, notShown: cards, placeholders: document.querySelectorAll('.product-image--placeholder').length };
  });

describe.skipIf(skipBrowser)('pictures offline (browser)', () => {
  const browser = useBrowser();

  it('favourites never opened on this device show every picture offline; no picture on /favorites, the home page or a held product page is broken', {
    timeout: 180_000,
  }, async () => {
    // Favourited on another device: this browser has never shown these products.
    const access = await token();
    const headers = { authorization: `Bearer ${access}`, 'content-type': 'application/json' };
    const products = (await (await fetch(`${e2e.baseUrl}/api/products/?limit=60`)).json()) as {
      results: Array<{ id: number; thumbnail_url: string | null }>;
    };
    const chosen = products.results.filter((p) => p.thumbnail_url).slice(-12);
    const added: number[] = [];
    for (const product of chosen) {
      const answer = await fetch(`${e2e.baseUrl}/api/favorites/`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ product: product.id }),
      });
      if (answer.status === 201) added.push(product.id);
    }
    // The demo buyer's favourites are as they were for the other browser tests.
    onTestFinished(async () => {
      for (const id of added) await fetch(`${e2e.baseUrl}/api/favorites/by-product/${id}/`, { method: 'DELETE', headers });
    });
    const favourites = (await (await fetch(`${e2e.baseUrl}/api/favorites/?limit=200`, { headers })).json()) as {
      results: Array<{ product: { id: number; thumbnail_url: string | null } }>;
    };
    // Saved ahead at card width: exactly the `?w=400` variant, not merely some width of it.
    const pictures = favourites.results.flatMap((f) =>
      f.product.thumbnail_url ? [`${new URL(f.product.thumbnail_url, e2e.baseUrl).pathname}?w=400`] : [],
    );
    const expected = pictures.length;
    expect(expected).toBeGreaterThanOrEqual(chosen.length);

    const { page, context } = browser;
    await signInAsDemo(page, DEMO_BUYER);
    await waitForServiceWorker(page);
    // Saved ahead in the worker's media cache: every favourite's card picture.
    await expect
      .poll(
        () =>
          page.evaluate(async (paths) => {
            const cache = await caches.open('media');
            const saved = new Set((await cache.keys()).map((r) => new URL(r.url).pathname + new URL(r.url).search));
            return paths.filter((path) => !saved.has(path));
          }, pictures),
        { timeout: 90_000 },
      )
      .toEqual([]);

    await context.setOffline(true);
    await page.goto('/favorites');
    const cards = page.getByTestId('product-card');
    await cards.first().waitFor();
    await expect.poll(() => cards.count()).toBe(favourites.results.length);
    // Every favourite's picture is shown: decoded, not a placeholder, not broken. Cards below the
    // first screen load their pictures lazily, so the check scrolls to each, as a user would.
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const images = [...document.querySelectorAll<HTMLImageElement>('[data-testid="product-card"] img.product-image')];
            const shown = images.filter((img) => img.complete && img.naturalWidth > 0);
            images.find((img) => !shown.includes(img))?.scrollIntoView({ block: 'center' });
            return shown.length;
          }),
        { timeout: 30_000 },
      )
      .toBe(expected)
      .catch(async (error) => {
        throw new Error(`${error}\n${JSON.stringify(await pictureState(page), null, 1)}`);
      });
    expect(await page.locator('[data-testid="product-card"] .product-image--placeholder').count()).toBe(
      favourites.results.length - expected,
    );
    expect(await brokenPictures(page)).toEqual([]);

    // Pictures the device never saved (a product added after the last save, a full-size gallery
    // picture): every other picture leaves the cache, as if it had never been fetched.
    const favouritePaths = new Set(pictures.map((url) => url.split('?')[0]));
    await page.evaluate(
      async (keep) => {
        const cache = await caches.open('media');
        for (const request of await cache.keys()) if (!keep.includes(new URL(request.url).pathname)) await cache.delete(request);
      },
      [...favouritePaths],
    );

    // The home page offline: pictures shown or a placeholder, never a broken one.
    await page.goto('/');
    await page.getByTestId('product-card').first().waitFor();
    await settled(page);
    expect(await brokenPictures(page)).toEqual([]);

    // Product pages the device holds: a favourite's (its picture shown) and another (placeholders).
    const favourite = favourites.results.find((f) => f.product.thumbnail_url)!.product.id;
    const other = await page.evaluate(
      async (skip) => {
        const open = indexedDB.open('marketplace');
        const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)));
        const all = await new Promise<Array<{ id: number; thumbnail_url: string | null }>>((resolve) => {
          const request = db.transaction('products').objectStore('products').getAll();
          request.onsuccess = () => resolve(request.result);
        });
        db.close();
        return all.find((p) => p.thumbnail_url && !skip.includes(p.id))?.id;
      },
      favourites.results.map((f) => f.product.id),
    );
    expect(other).toBeDefined();
    for (const id of [favourite, other!]) {
      await page.goto(`/products/${id}`);
      await page.locator('main h1').first().waitFor();
      await settled(page);
      expect(await brokenPictures(page)).toEqual([]);
    }
    await page.goto(`/products/${favourite}`);
    await page.locator('main h1').first().waitFor();
    await expect
      .poll(() => page.evaluate(() => [...document.querySelectorAll('main img')].some((img) => (img as HTMLImageElement).naturalWidth > 0)))
      .toBe(true);
  });
});
