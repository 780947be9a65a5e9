import { useEffect, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Product } from '../shared/catalogue';
import { ensureList, ensureProduct } from '../sync/lists';
import { useConnectivity } from '../sync/connectivity';
import { db, type ProductRow } from './db';
import { listKey, type ListQuery } from './listQuery';
import { searchLocal } from './search';
import { useFetchOnDemand } from './onDemand';

export type { ListQuery };

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
    rows = await db.products.orderBy('created_at').reverse().limit(limit + (exclude ? 1 : 0)).toArray();
    rows = rows.filter((p) => p.id !== exclude);
    return { rows: rows.slice(0, limit), count: count - (exclude && rows.length ? 1 : 0) };
  } else {
    rows = await db.products.toArray();
  }
  rows = rows.filter((p) => p.id !== exclude
    && (!category || p.category_id === category)
    && (!supplier || p.supplier_id === supplier));
  const now = new Date().toISOString();
  if (section === 'flash-deals') {
    rows = rows.filter((p) => p.flash_deal_ends_at && p.flash_deal_ends_at > now)
      .sort((a, b) => (a.flash_deal_ends_at! < b.flash_deal_ends_at! ? -1 : 1));
  } else if (section === 'top-rated') {
    rows = rows.filter((p) => p.reviews_count > 0)
      .sort((a, b) => b.average_rating - a.average_rating || b.reviews_count - a.reviews_count || byNewest(a, b));
  } else if (section === 'hot-selling') {
    rows = rows.sort((a, b) => b.reviews_count - a.reviews_count || byNewest(a, b));
  } else if (!search?.trim()) {
    rows = rows.sort(byNewest);
  }
  return { rows: rows.slice(0, limit), count: rows.length };
}

export interface ListView {
  products: ProductView[];
  count: number;
  status: 'loading' | 'ready' | 'error';
  /** 'device' when the list was computed from what the device holds (offline, or the server failed). */
  source: 'server' | 'device';
  hasMore: boolean;
  loadMore(): void;
}

/**
 * A product list (home sections, listings, search, a seller's products, related products).
 * Online it follows the server's order, page by page, kept in Dexie; offline it is computed
 * from the products the device holds.
 */
export function useProductList(query: ListQuery): ListView {
  const key = listKey(query);
  const size = query.pageSize ?? 20;
  const online = useConnectivity();
  const [pages, setPages] = useState(1);
  const [fetching, setFetching] = useState<'loading' | 'done' | 'error'>('loading');
  const stableQuery = useMemo(() => query, [key, size]);

  useEffect(() => setPages(1), [key]);

  useEffect(() => {
    if (!online) {
      setFetching('done');
      return;
    }
    let active = true;
    setFetching('loading');
    ensureList(stableQuery, pages).then(
      () => active && setFetching('done'),
      (error) => {
        console.warn('Could not load the product list', error);
        if (active) setFetching('error');
      },
    );
    return () => { active = false; };
  }, [stableQuery, pages, online]);

  const local = useLiveQuery(async () => {
    const list = await db.lists.get(key);
    if (list) {
      const rows = (await db.products.bulkGet(list.ids.slice(0, pages * size))).filter((p): p is ProductRow => Boolean(p));
      return { source: 'server' as const, products: await withFavorites(rows), count: list.count, held: list.ids.length };
    }
    const { rows, count } = await deviceList(stableQuery, pages * size);
    return { source: 'device' as const, products: await withFavorites(rows), count, held: rows.length };
  }, [key, pages, size]);

  const waiting = !local || (local.source === 'device' && local.products.length === 0 && fetching === 'loading' && online);
  const failed = fetching === 'error' && local?.source === 'device' && local.products.length === 0;
  return {
    products: local?.products ?? [],
    count: local?.count ?? 0,
    status: failed ? 'error' : waiting ? 'loading' : 'ready',
    source: local?.source ?? 'device',
    hasMore: Boolean(local && local.products.length < local.count && (online || local.source === 'device')),
    loadMore: () => setPages((n) => n + 1),
  };
}

export interface ProductState {
  product: ProductView | null | undefined;
  status: 'loading' | 'ready' | 'missing' | 'error';
}

/** One product: from the device at once, refreshed from the server when online. */
export function useProduct(id: number): ProductState {
  const online = useConnectivity();
  const fetchState = useFetchOnDemand(id, ensureProduct, 'product');
  const product = useLiveQuery(async () => {
    const row = await db.products.get(id);
    return row ? (await withFavorites([row]))[0] : null;
  }, [id]);

  if (product) return { product, status: 'ready' };
  if (fetchState === 'missing') return { product: null, status: 'missing' };
  if (product === null && (fetchState === 'error' || fetchState === 'done')) return { product: null, status: fetchState === 'error' || !online ? 'error' : 'missing' };
  return { product: product ?? undefined, status: 'loading' };
}
