import type { Product } from '../../shared/catalogue';
import { db } from '../../db/db';
import { listKey, type ListQuery } from '../../db/listQuery';
import { api, ApiError } from '../api/client';
import { putProducts } from './apply';
import { productsRemoved } from '../../db/search';
import { listingFilterParams } from '../../shared/listing-filters';

/**
 * Rows a screen needs now and the device does not hold (issue: first paint never waits for
 * the whole catalogue): one page from the REST endpoint into Dexie; the screen's live query
 * re-renders. Concurrent asks for the same thing share one request.
 */

const inFlight = new Map<string, Promise<void>>();

function once(key: string, work: () => Promise<void>): Promise<void> {
  let running = inFlight.get(key);
  if (!running) {
    running = work().finally(() => inFlight.delete(key));
    inFlight.set(key, running);
  }
  return running;
}

/** Fetched lists are fresh this long; an older one is shown and refetched. */
export const LIST_FRESH_MS = 60_000;
export const PRODUCT_FRESH_MS = 5 * 60_000;

/**
 * Makes the device hold the first `pages` pages of a list (in the server's order). Page 1 is
 * refetched when stale; later pages are appended. Throws ApiError when the server fails.
 */
export function ensureList(query: ListQuery, pages: number): Promise<void> {
  const key = listKey(query);
  const size = query.pageSize ?? 20;
  return once(`${key}#${pages}`, async () => {
    const held = await db.lists.get(key);
    const fresh = held && Date.now() - held.fetched_at < LIST_FRESH_MS;
    const wanted = Math.min(pages * size, held?.count ?? Infinity);
    if (fresh && held.ids.length >= wanted) return;
    const start = fresh ? held.ids.length : 0;
    const { section = 'all', search, category, supplier, exclude } = query;
    const filters = { search, category, supplier, exclude, ...listingFilterParams(query.filters) };
    const page = await api.productPage(section, filters, Math.max(size, wanted - start), start);
    await db.transaction('rw', db.products, db.lists, async () => {
      await putProducts(page.results);
      const before = fresh ? ((await db.lists.get(key))?.ids ?? []) : [];
      const ids = [...before.slice(0, start), ...page.results.map((p) => p.id)];
      await db.lists.put({ key, ids: [...new Set(ids)], count: page.count, fetched_at: fresh ? held.fetched_at : Date.now() });
    });
  });
}

/** A list page fetched into memory before the device loaded (src/sync/firstVisit.ts). */
export interface InterimList {
  products: Product[];
  count: number;
  fetched_at: number;
}

/**
 * The list pages a first visit fetched into memory before the device loaded (src/sync/firstVisit.ts),
 * kept as ensureList would have kept them, so they are neither fetched again nor shown twice.
 */
export async function adoptInterim(fetched: Array<[string, InterimList]>, products: Product[] = []): Promise<void> {
  if (fetched.length === 0 && products.length === 0) return;
  await db.transaction('rw', db.products, db.lists, async () => {
    // A product a server-rendered page brought (putProducts keeps a newer one the device holds).
    await putProducts(products);
    for (const [key, list] of fetched) {
      await putProducts(list.products);
      await db.lists.put({ key, ids: [...new Set(list.products.map((p) => p.id))], count: list.count, fetched_at: list.fetched_at });
    }
  });
}

/** Makes the device hold a product; answers 'missing' when the server says it does not exist (or it is hidden). */
export function ensureProduct(id: number, force = false): Promise<'ok' | 'missing'> {
  let result: 'ok' | 'missing' = 'ok';
  return once(`product:${id}`, async () => {
    const held = await db.products.get(id);
    if (held && !force && Date.now() - held.fetched_at < PRODUCT_FRESH_MS) return;
    try {
      const product: Product = await api.product(id);
      await db.transaction('rw', db.products, () => putProducts([product]));
      // Hidden by a moderator: only its supplier reads it, and not from the device.
      if (product.is_hidden) result = 'missing';
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        await db.products.delete(id);
        productsRemoved([id]);
        result = 'missing';
        return;
      }
      throw error;
    }
  }).then(() => result);
}

/** The reviews of a product, newest first, into the local reviews table. */
export function ensureReviews(productId: number, limit = 50): Promise<void> {
  return once(`reviews:${productId}`, async () => {
    const page = await api.reviews(productId, limit, 0);
    await db.transaction('rw', db.reviews, db.syncState, async () => {
      const serverIds = new Set(page.results.map((r) => r.id));
      // Reviews the server no longer lists were deleted; pending ones (negative ids) stay.
      const gone = await db.reviews
        .where('product')
        .equals(productId)
        .filter((r) => r.id > 0 && !serverIds.has(r.id) && !r.pending)
        .primaryKeys();
      if (page.count <= limit) await db.reviews.bulkDelete(gone);
      const held = await db.reviews.bulkGet(page.results.map((r) => r.id));
      // A review with an edit still on its way keeps the edited text (the rebase's rule).
      await db.reviews.bulkPut(page.results.filter((_, i) => !held[i]?.pending));
      await db.syncState.put({ key: `reviews:${productId}`, value: page.count, updated_at: Date.now() });
    });
  });
}

/** A public user page (the seller page), kept on the device. */
export function ensureSeller(id: number): Promise<'ok' | 'missing'> {
  let result: 'ok' | 'missing' = 'ok';
  return once(`seller:${id}`, async () => {
    try {
      const user = await api.publicUser(id);
      await db.sellers.put({ ...user, fetched_at: Date.now() });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        await db.sellers.delete(id);
        result = 'missing';
        return;
      }
      throw error;
    }
  }).then(() => result);
}
