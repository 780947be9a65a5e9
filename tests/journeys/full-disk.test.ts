import { rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { productPageHeart, signInAsDemo, skipBrowser, waitForServiceWorker } from '../e2e/helpers';
import { apiLogin, canMountSmallDisk, favoriteIds, freshProducts, profileBrowser, storeCount, tempDir } from './support';

const EMEKA = { email: 'emeka.nwosu@demo.market', firstName: 'Emeka' };
const FULL = 'Your device storage is full: your favourite was not saved. Free some space and try again.';

/**
 * Fills what is left of the origin's storage with another IndexedDB database, in ever smaller
 * pieces, until the browser refuses even a few bytes: what a phone full of photos does to us.
 */
function fillStorage(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const filler = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('filler', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('pieces', { autoIncrement: true });
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const store = (piece: Uint8Array) =>
      new Promise<boolean>((resolve, reject) => {
        const tx = filler.transaction('pieces', 'readwrite');
        tx.objectStore('pieces').add(piece);
        tx.oncomplete = () => resolve(true);
        tx.onabort = () => (tx.error?.name === 'QuotaExceededError' ? resolve(false) : reject(tx.error));
      });
    let written = 0;
    for (const size of [1 << 20, 1 << 16, 1 << 12, 1 << 8, 1 << 4]) {
      for (;;) {
        // Random bytes: the browser cannot compress them away.
        const piece = new Uint8Array(size);
        for (let at = 0; at < size; at += 65_536) crypto.getRandomValues(piece.subarray(at, at + 65_536));
        if (!(await store(piece))) break;
        written += size;
      }
    }
    filler.close();
    return written;
  });
}

const freeStorage = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.deleteDatabase('filler');
        request.onsuccess = () => resolve();
        request.onerror = () => reject(request.error);
      }),
  );

describe.skipIf(skipBrowser || !canMountSmallDisk)('journey: a full disk', () => {
  it('tells the buyer a favourite was not saved because the disk is full, and loses nothing already queued', async () => {
    const api = await apiLogin(EMEKA.email);
    const [queued, refused] = await freshProducts(api, EMEKA.firstName, 60, 2);
    const profile = await tempDir('mk-journey-small-disk-');
    // A 40 MB disk: Chromium gives the origin a share of it, far less than the app could use.
    const run = await profileBrowser(profile, { diskSize: '40m' });
    try {
      await signInAsDemo(run.page, EMEKA);
      for (const product of [queued, refused]) {
        await run.page.goto(`/products/${product.id}`);
        await run.page.getByRole('heading', { level: 1, name: product.name }).waitFor();
      }
      await waitForServiceWorker(run.page);

      // Offline, one favourite is queued while there is still room.
      await run.context.setOffline(true);
      await run.page.goto(`/products/${queued.id}`);
      await productPageHeart(run.page).click();
      await expect.poll(() => productPageHeart(run.page).getAttribute('aria-pressed')).toBe('true');
      expect(await storeCount(run.page, 'outbox')).toBe(1);

      // Then the disk fills up, and the next favourite cannot be written.
      await run.page.goto(`/products/${refused.id}`);
      await run.page.getByRole('heading', { level: 1, name: refused.name }).waitFor();
      expect(await fillStorage(run.page)).toBeGreaterThan(1_000_000);
      await productPageHeart(run.page).click();
      const alert = run.page.getByRole('alert').filter({ hasText: FULL });
      await alert.waitFor();
      expect(await productPageHeart(run.page).getAttribute('aria-pressed')).toBe('false');
      expect(await storeCount(run.page, 'outbox')).toBe(1);

      // Space is freed and the network returns: the queued favourite arrives once, the refused one never.
      await freeStorage(run.page);
      await alert.getByRole('button', { name: 'Dismiss' }).click();
      await run.context.setOffline(false);
      await expect.poll(() => storeCount(run.page, 'outbox'), { timeout: 60_000 }).toBe(0);
      const favourites = await favoriteIds(api);
      expect(favourites.filter((id) => id === queued.id)).toHaveLength(1);
      expect(favourites).not.toContain(refused.id);

      // With room again, the same tap works.
      await productPageHeart(run.page).click();
      await expect.poll(() => favoriteIds(api), { timeout: 30_000 }).toContain(refused.id);
      expect(run.errors).toEqual([]);
    } finally {
      await run.context.close();
      await rm(profile, { recursive: true, force: true });
    }
  }, 180_000);
});
