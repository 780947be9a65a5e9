import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '@/db/db';
import { memoryCaches } from '../../memory-caches';
import { MEDIA_CACHE } from '@/media/cache';
import type { ProductRow } from '@/db/db';

/**
 * Saving pictures ahead: favourites that arrive while a pass is under way are saved by a pass
 * that follows it, not left for the next sync (the device may be offline by then), and a
 * picture that failed to fetch is tried again soon.
 */
const picture = (id: number) => `/media/${String(id).padStart(64, 'a')}.png`;
const product = (id: number) => ({ id, thumbnail_url: picture(id), images: [] }) as unknown as ProductRow;

let prefetch: typeof import('@/sync/pull/prefetch');
let gate: (() => void) | null = null;
const asked: string[] = [];
let failNext = 0;
let stubFetch = () => {};

beforeAll(async () => {
  Object.defineProperty(globalThis, 'caches', { value: memoryCaches(), configurable: true });
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { controller: { postMessage: () => {} }, addEventListener: () => {} },
    configurable: true,
  });
  // The service worker's part: a fetched picture lands in the media cache. The first one waits for the gate.
  const serviceWorkerFetch = async (url: string) => {
    asked.push(url);
    if (gate === null && asked.length === 1) await new Promise<void>((resolve) => (gate = resolve));
    if (failNext > 0) {
      failNext--;
      return new Response('busy', { status: 503 });
    }
    const answer = new Response(new Uint8Array(1000), { headers: { 'content-length': '1000' } });
    await (await caches.open(MEDIA_CACHE)).put(url, answer.clone());
    return answer;
  };
  stubFetch = () => vi.stubGlobal('fetch', serviceWorkerFetch);
  prefetch = await import('@/sync/pull/prefetch');
});
afterEach(() => {
  vi.useRealTimers();
});

const saved = async () => (await (await caches.open(MEDIA_CACHE)).keys()).map((r) => new URL(r.url).pathname).sort();

describe('pictures saved ahead', () => {
  it('saves favourites that arrived during a pass in a pass that follows it, and retries a picture that failed', async () => {
    stubFetch();
    await db.products.bulkPut([product(1), product(2), product(3)]);
    await db.favorites.put({ product_id: 1, id: 1, created_at: '2026-01-01T00:00:00Z' });
    const first = prefetch.savePicturesAhead();
    await vi.waitFor(() => expect(gate).not.toBeNull());
    // Synced while the first pass waits on its picture: two more favourites.
    await db.favorites.bulkPut([
      { product_id: 2, id: 2, created_at: '2026-01-01T00:00:00Z' },
      { product_id: 3, id: 3, created_at: '2026-01-01T00:00:00Z' },
    ]);
    failNext = 1;
    expect(await prefetch.savePicturesAhead()).toBe(0);
    gate?.();
    await first;
    await vi.waitFor(() => expect(asked.length).toBeGreaterThanOrEqual(3));
    // One of the two failed (503): it is asked for again 20 s later.
    await vi.waitFor(async () => expect((await saved()).length).toBe(2));
    vi.useFakeTimers();
    await vi.advanceTimersByTimeAsync(21_000);
    vi.useRealTimers();
    await vi.waitFor(async () => expect(await saved()).toEqual([picture(1), picture(2), picture(3)].sort()));
  });
});
