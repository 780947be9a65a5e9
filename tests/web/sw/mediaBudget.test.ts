import { afterEach, describe, expect, it } from 'vitest';
import { CacheExpiration } from 'workbox-expiration';
import { cacheSize, mediaCacheBound, trimToBytes } from '@/sw/mediaBudget';

/**
 * The media cache kept within the picture budget in bytes: the least recently used pictures
 * go first, through Workbox's expiration, until what is left fits.
 */

/** The browser's Cache Storage, in memory (the test environment has none). */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    const key = (request: RequestInfo | URL) =>
      new URL(typeof request === 'string' || request instanceof URL ? request : request.url, 'https://app.test').href;
    return {
      put: async (request: RequestInfo, response: Response) => void store.set(key(request), response),
      match: async (request: RequestInfo) => store.get(key(request))?.clone(),
      matchAll: async () => [...store.values()].map((r) => r.clone()),
      keys: async () => [...store.keys()].map((url) => new Request(url)),
      delete: async (request: RequestInfo) => store.delete(key(request)),
    } as unknown as Cache;
  };
  return {
    open,
    has: async (name: string) => stores.has(name),
    delete: async (name: string) => stores.delete(name),
  } as unknown as CacheStorage;
}

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
