import type { Database } from '../db';
import { productQuery, serializeProducts, type ProductRow } from '../services/catalogue/products';
import { serializeFavorites } from '../services/catalogue/favorites';
import { serializeReviews } from '../services/catalogue/reviews';
import { inWindow } from './feed';
import { bannerItem, categoryItem } from '../services/catalogue/content';
import { DEFAULT_LANGUAGE } from '@/shared/constants';
import type { FeedEntry, SyncCollection } from './types';

/**
 * The catalogue for GET /api/sync/ (docs/api.md#delta-sync), each item in the shape of its own GET.
 * A product's seq also moves when its supplier, category, gallery or rating changes
 * (migration 0003), so the embedded parts never go stale on the device.
 */

export const products: SyncCollection = {
  name: 'products',
  scope: 'public',
  async changedSince(db, { userId, window }) {
    const rows = await productQuery(db).where(inWindow('p', window)).orderBy('p.txid').orderBy('p.seq').limit(window.limit).execute();
    return productEntries(db, rows, userId);
  },
};

/**
 * Products as the feed sends them: a hidden one reaches devices as deleted, but its own supplier's
 * devices keep it, marked hidden (docs/api.md#trust-and-safety).
 */
export async function productEntries(db: Database, rows: ProductRow[], userId: number | null): Promise<FeedEntry[]> {
  const items = await serializeProducts(db, rows, userId);
  return rows.map((r, i) =>
    r.hidden_at !== null && r.supplier_id !== userId
      ? { txid: r.txid, seq: r.seq, item: null, deleted: r.id }
      : { txid: r.txid, seq: r.seq, item: items[i] },
  );
}

export const categories: SyncCollection = {
  name: 'categories',
  scope: 'public',
  async changedSince(db, { window }) {
    const rows = await db
      .selectFrom('categories')
      .select(['id', 'name', 'names', 'position', 'seq', 'txid'])
      .where(inWindow('categories', window))
      .orderBy('txid')
      .orderBy('seq')
      .limit(window.limit)
      .execute();
    // position: the display order of GET /api/categories/, so a device can sort what it holds.
    // `name` is English here (one answer for every reader); `names` lets the device show its own language.
    return rows.map((r) => ({ txid: r.txid, seq: r.seq, item: { ...categoryItem(r, DEFAULT_LANGUAGE), position: r.position } }));
  },
};

export const banners: SyncCollection = {
  name: 'banners',
  scope: 'public',
  async changedSince(db, { window }) {
    const rows = await db
      .selectFrom('banners')
      .select(['id', 'image_url', 'title', 'titles', 'link', 'position', 'seq', 'txid'])
      .where(inWindow('banners', window))
      .orderBy('txid')
      .orderBy('seq')
      .limit(window.limit)
      .execute();
    return rows.map((r) => ({ txid: r.txid, seq: r.seq, item: { ...bannerItem(r, DEFAULT_LANGUAGE), position: r.position } }));
  },
};

/** The caller's own favourites only. */
export const favorites: SyncCollection = {
  name: 'favorites',
  scope: 'user',
  async changedSince(db, { userId, window }) {
    if (userId === null) return [];
    const rows = await db
      .selectFrom('favorites')
      .selectAll()
      .where('user_id', '=', userId)
      .where(inWindow('favorites', window))
      .orderBy('txid')
      .orderBy('seq')
      .limit(window.limit)
      .execute();
    const items = new Map((await serializeFavorites(db, rows, userId)).map((f) => [f.id, f]));
    return rows.flatMap((r) => (items.has(r.id) ? [{ txid: r.txid, seq: r.seq, item: items.get(r.id) }] : []));
  },
};

/** The reviews the caller wrote (anyone's reviews are read per product with GET .../reviews/). */
export const reviews: SyncCollection = {
  name: 'reviews',
  scope: 'user',
  async changedSince(db, { userId, window }) {
    if (userId === null) return [];
    const rows = await db
      .selectFrom('reviews')
      .selectAll()
      .where('reviewer_id', '=', userId)
      .where(inWindow('reviews', window))
      .orderBy('txid')
      .orderBy('seq')
      .limit(window.limit)
      .execute();
    const items = await serializeReviews(db, rows);
    return rows.map((r, i) => ({ txid: r.txid, seq: r.seq, item: items[i] }));
  },
};

export const catalogueCollections: SyncCollection[] = [products, categories, banners, favorites, reviews];
