import { productQuery, serializeProducts } from '../services/products';
import { serializeFavorites } from '../services/favorites';
import { serializeReviews } from '../services/reviews';
import type { SyncCollection } from './types';

/**
 * The catalogue for GET /api/sync/ (DESIGN §5), each item in the shape of its own GET.
 * A product's seq also moves when its supplier, category, gallery or rating changes
 * (migration 0003), so the embedded parts never go stale on the device.
 */

export const products: SyncCollection = {
  name: 'products',
  scope: 'public',
  async changedSince(db, { userId, since, limit }) {
    const rows = await productQuery(db).where('p.seq', '>', since).orderBy('p.seq').limit(limit).execute();
    const items = await serializeProducts(db, rows, userId);
    return rows.map((r, i) => ({ seq: r.seq, item: items[i] }));
  },
};

export const categories: SyncCollection = {
  name: 'categories',
  scope: 'public',
  async changedSince(db, { since, limit }) {
    const rows = await db.selectFrom('categories').select(['id', 'name', 'position', 'seq'])
      .where('seq', '>', since).orderBy('seq').limit(limit).execute();
    // position: the display order of GET /api/categories/, so a device can sort what it holds.
    return rows.map(({ seq, id, name, position }) => ({ seq, item: { id, name, position } }));
  },
};

export const banners: SyncCollection = {
  name: 'banners',
  scope: 'public',
  async changedSince(db, { since, limit }) {
    const rows = await db.selectFrom('banners').select(['id', 'image_url', 'title', 'link', 'position', 'seq'])
      .where('seq', '>', since).orderBy('seq').limit(limit).execute();
    return rows.map(({ seq, ...item }) => ({ seq, item }));
  },
};

/** The caller's own favourites only. */
export const favorites: SyncCollection = {
  name: 'favorites',
  scope: 'user',
  async changedSince(db, { userId, since, limit }) {
    if (userId === null) return [];
    const rows = await db.selectFrom('favorites').selectAll()
      .where('user_id', '=', userId).where('seq', '>', since).orderBy('seq').limit(limit).execute();
    const items = new Map((await serializeFavorites(db, rows, userId)).map((f) => [f.id, f]));
    return rows.flatMap((r) => (items.has(r.id) ? [{ seq: r.seq, item: items.get(r.id) }] : []));
  },
};

/** The reviews the caller wrote (anyone's reviews are read per product with GET .../reviews/). */
export const reviews: SyncCollection = {
  name: 'reviews',
  scope: 'user',
  async changedSince(db, { userId, since, limit }) {
    if (userId === null) return [];
    const rows = await db.selectFrom('reviews').selectAll()
      .where('reviewer_id', '=', userId).where('seq', '>', since).orderBy('seq').limit(limit).execute();
    const items = await serializeReviews(db, rows);
    return rows.map((r, i) => ({ seq: r.seq, item: items[i] }));
  },
};

export const catalogueCollections: SyncCollection[] = [products, categories, banners, favorites, reviews];
