import { afterEach, describe, expect, it } from 'vitest';
import { CacheExpiration } from 'workbox-expiration';
import { cacheSize, mediaCacheBound, trimToBytes } from '@/sw/mediaBudget';
import { memoryCaches } from '../memory-caches';

/**
 * The media cache kept within the picture budget in bytes: the least recently used pictures
 * go first, through Workbox's expiration, until what is left fits.
 */

const original = globalThis.caches;
afterEach(() => {
  Object.defineProperty(globalThis, 'caches', { value: original, configurable: true });
});

const picture = (bytes: number) =>
  new Response(new Uint8Array(bytes), { headers: { 'content-length': String(bytes), 'content-type': 'image/webp' } });

describe('the media cache bound in bytes', () => {
  it('drops the least recently used pictures until the rest fits, and leaves a cache within the bound alone', async () => {
    Object.defineProperty(globalThis, 'caches', { value: memoryCaches(), configurable: true });
    const name = `media-test-${Date.now()}`;
    const cache = await caches.open(name);
    const expiration = new CacheExpiration(name, { maxEntries: 3000 });
    const urls = Array.from({ length: 10 }, (_, i) => `https://app.test/media/${String(i).padStart(64, '0')}.png?w=400`);
    for (const url of urls) {
      await cache.put(url, picture(100_000));
      await expiration.updateTimestamp(url);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // The first picture was used again last: it is the most recent now.
    await expiration.updateTimestamp(urls[0]);

    await trimToBytes(name, 2_000_000);
    expect((await cacheSize(cache)).entries).toBe(10);

    await trimToBytes(name, 450_000);
    const left = (await cache.keys()).map((r) => r.url).sort();
    expect((await cacheSize(cache)).bytes).toBeLessThanOrEqual(450_000);
    // The newest four stay (the one used again among them); the six least recently used went.
    expect(left).toEqual([urls[0], urls[7], urls[8], urls[9]].sort());
  });

  it('leaves room beyond the budget for pictures seen while browsing', () => {
    expect(mediaCacheBound(50 * 1024 * 1024)).toBe(70 * 1024 * 1024);
    expect(mediaCacheBound(0)).toBe(20 * 1024 * 1024);
  });
});
