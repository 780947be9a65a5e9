import { db, type ProductRow } from './db';
import type { ListQuery } from './listQuery';
import { searchLocal } from './search';
import { SUGGESTION_LIMIT } from '../shared/constants';
import type { Product, SearchSuggestion } from '../shared/catalogue';
import type { Counts } from '../shared/types';
import { hasListingFilters, listingComparator, matchesListingFilters } from '../shared/listing-filters';

/** Reads of the local database that the live hooks share (part of the device chunk: src/sync/device.ts). */

/** A product as screens show it: is_favorited comes from the device's favourites, pending toggles included. */
export type ProductView = Product & { is_favorited: boolean; favoritePending: boolean };

export async function withFavorites(rows: ProductRow[]): Promise<ProductView[]> {
  const favorites = await db.favorites.bulkGet(rows.map((r) => r.id));
  return rows.map((row, i) => {
    const { category_id: _c, supplier_id: _s, fetched_at: _f, ...product } = row;
    const favorite = favorites[i];
    return { ...product, is_favorited: Boolean(favorite && !favorite.removed), favoritePending: Boolean(favorite?.pending) };
  });
}

const byNewest = (a: ProductRow, b: ProductRow) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id);

/**
 * The same list computed from the products the device holds (offline, or before the server
 * answered). Hot selling needs the server's counts of favourites and conversations, so on
 * the device it falls back to the most reviewed products.
 */
export async function deviceList(query: ListQuery, limit: number): Promise<{ rows: ProductRow[]; count: number }> {
  const { filters } = query;
  if (!filters || !hasListingFilters(filters)) return sectionList(query, limit);
  // The server's rules over the section's full list (src/shared/listing-filters.ts).
  const now = Date.now();
  const { rows } = await sectionList(query, Number.POSITIVE_INFINITY);
  const matching = rows.filter((p) => matchesListingFilters(p, filters, now));
  const compare = listingComparator(filters.ordering, now);
  if (compare) matching.sort(compare);
  return { rows: matching.slice(0, limit), count: matching.length };
}

async function sectionList(query: ListQuery, limit: number): Promise<{ rows: ProductRow[]; count: number }> {
  const { section = 'all', search, category, supplier, exclude } = query;
  let rows: ProductRow[];
  if (search?.trim()) {
    const ids = await searchLocal(search);
    rows = (await db.products.bulkGet(ids)).filter((p): p is ProductRow => Boolean(p));
  } else if (category) {
    rows = await db.products.where('category_id').equals(category).toArray();
  } else if (supplier) {
    rows = await db.products.where('supplier_id').equals(supplier).toArray();
  } else if (section === 'flash-deals') {
    rows = await db.products.where('flash_deal_ends_at').above(new Date().toISOString()).toArray();
  } else if (section === 'all' || section === 'new-arrivals') {
    const count = await db.products.count();
    const newest = db.products.orderBy('created_at').reverse();
    rows = await (Number.isFinite(limit) ? newest.limit(limit + (exclude ? 1 : 0)) : newest).toArray();
    rows = rows.filter((p) => p.id !== exclude);
    return { rows: rows.slice(0, limit), count: count - (exclude && rows.length ? 1 : 0) };
  } else {
    rows = await db.products.toArray();
  }
  rows = rows.filter((p) => p.id !== exclude && (!category || p.category_id === category) && (!supplier || p.supplier_id === supplier));
  const now = new Date().toISOString();
  if (section === 'flash-deals') {
    rows = rows
      .filter((p) => p.flash_deal_ends_at && p.flash_deal_ends_at > now)
      .sort((a, b) => ((a.flash_deal_ends_at ?? '') < (b.flash_deal_ends_at ?? '') ? -1 : 1));
  } else if (section === 'top-rated') {
    rows = rows
      .filter((p) => p.reviews_count > 0)
      .sort((a, b) => b.average_rating - a.average_rating || b.reviews_count - a.reviews_count || byNewest(a, b));
  } else if (section === 'hot-selling') {
    rows = rows.sort((a, b) => b.reviews_count - a.reviews_count || byNewest(a, b));
  } else if (!search?.trim()) {
    rows = rows.sort(byNewest);
  }
  return { rows: rows.slice(0, limit), count: rows.length };
}

/** Reads the badges' numbers from the local tables (the private pull keeps them current). */
export async function readCounts(): Promise<Counts> {
  const [notifications, conversations, favorites] = await Promise.all([
    db.notifications.filter((n) => !n.is_read).count(),
    db.conversations.toArray(),
    db.favorites.filter((f) => !f.removed).count(),
  ]);
  return {
    notifications_unread: notifications,
    messages_unread: conversations.reduce((sum, c) => sum + (c.unread_messages_count || 0), 0),
    favorites,
  };
}

/** The same search over the device's products, best first (src/db/search.ts). */
export async function localSuggestions(term: string, limit = SUGGESTION_LIMIT): Promise<SearchSuggestion[]> {
  const ids = (await searchLocal(term)).slice(0, limit);
  const rows = (await db.products.bulkGet(ids)).filter((p): p is ProductRow => Boolean(p));
  return rows.map((p) => ({ id: p.id, name: p.name, thumbnail_url: p.thumbnail_url || null, price: p.price }));
}
