/// <reference lib="webworker" />
import { CacheExpiration } from 'workbox-expiration';
import type { WorkboxPlugin } from 'workbox-core/types';
import { DEFAULT_PICTURE_BUDGET_MB } from '@/media/cache';

/**
 * The media cache bounded in bytes (docs/operations.md#media): Workbox's expiration counts
 * entries, not bytes, so the bound is turned into a count from the sizes the cache holds
 * (their Content-Length): when the cache holds more bytes than allowed, it keeps as many
 * entries as fit at their average size, and Workbox expires the least recently used beyond
 * that. The page tells the worker the user's picture budget (Settings); pictures shown while
 * browsing get some room beyond what is saved ahead.
 */

const DEFAULT_BUDGET_BYTES = DEFAULT_PICTURE_BUDGET_MB * 1024 * 1024;
/** Room for pictures shown while browsing, above the budget for those saved ahead. */
export const BROWSING_ROOM_BYTES = 20 * 1024 * 1024;
/** The bound is measured after this many new entries (reading every entry's size costs). */
const CHECK_EVERY_PUTS = 25;

let budget = DEFAULT_BUDGET_BYTES;
let putsSinceCheck = 0;
let checking: Promise<void> | null = null;

/** The bytes the media cache may hold for a picture budget. */
export const mediaCacheBound = (budgetBytes: number) => Math.max(0, budgetBytes) + BROWSING_ROOM_BYTES;

/** Entries and bytes a cache holds (its answers' Content-Length; an answer without one counts its body). */
export async function cacheSize(cache: Cache): Promise<{ entries: number; bytes: number }> {
  const answers = await cache.matchAll();
  let bytes = 0;
  for (const answer of answers) {
    const length = Number(answer.headers.get('content-length'));
    bytes += length > 0 ? length : (await answer.blob()).size;
  }
  return { entries: answers.length, bytes };
}

/**
 * Expires the least recently used entries until the cache fits `bound` bytes: the count that
 * fits at the average size, through Workbox's own expiration (its use timestamps).
 */
export async function trimToBytes(cacheName: string, bound: number): Promise<void> {
  const cache = await caches.open(cacheName);
  for (let round = 0; round < 3; round++) {
    const { entries, bytes } = await cacheSize(cache);
    if (bytes <= bound || entries === 0) return;
    const keep = Math.max(1, Math.floor((bound / (bytes / entries)) * 0.95));
    if (keep >= entries) return;
    await new CacheExpiration(cacheName, { maxEntries: keep }).expireEntries();
  }
}

/** Checks the bound now and then as the cache fills; one check at a time. */
export function mediaBudgetPlugin(cacheName: string): WorkboxPlugin {
  return {
    cacheDidUpdate: async () => {
      if (++putsSinceCheck < CHECK_EVERY_PUTS || checking) return;
      putsSinceCheck = 0;
      checking = trimToBytes(cacheName, mediaCacheBound(budget))
        .catch(() => undefined)
        .finally(() => {
          checking = null;
        });
      await checking;
    },
  };
}

/** A new budget from the page: kept, and the cache brought within it at once. */
export function setMediaBudget(cacheName: string, bytes: unknown): Promise<void> | undefined {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return undefined;
  const changed = bytes !== budget;
  budget = bytes;
  return changed ? trimToBytes(cacheName, mediaCacheBound(budget)).catch(() => undefined) : undefined;
}
