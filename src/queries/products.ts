import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { ProductView } from '../db/queries';
import { LIST_PAGE_SIZE, listKey, type ListQuery } from '../db/listQuery';
import { adoptFirstList, intent, interimList, interimProduct, onFirstVisitChange, useConnectivity } from '../sync';
import { useLive } from './live';
import { useFetchOnDemand } from './onDemand';
import { dropWarmList, readList, useWarmList } from './warmStart';

export type { ListQuery, ProductView };

const ensureList = intent('ensureList');
const ensureProduct = intent('ensureProduct');

/**
 * A first visit's list page in memory until the device has loaded and answered
 * (src/sync/firstVisit.ts), taken first from a server-rendered page's own answers: the server's
 * render and the browser's hydration read the same one.
 */
function useInterimList(key: string, query: ListQuery) {
  adoptFirstList(key, query);
  const read = () => interimList(key);
  return useSyncExternalStore(onFirstVisitChange, read, read);
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
  const size = query.pageSize ?? LIST_PAGE_SIZE;
  const online = useConnectivity();
  const [pages, setPages] = useState(1);
  const [fetching, setFetching] = useState<'loading' | 'done' | 'error'>('loading');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query object each render is the same query while its key and size are.
  const stableQuery = useMemo(() => query, [key, size]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: another query (key) starts again from its first page.
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
    return () => {
      active = false;
    };
  }, [stableQuery, pages, online]);

  const { data: live } = useLive((device) => readList(device, key, stableQuery, pages * size), [key, pages, size]);
  // A repeat visit's first page, read before the screen rendered (src/queries/warmStart.ts), until the live query answers.
  const warm = useWarmList(key);
  const device = live ?? (pages === 1 ? warm : undefined);
  useEffect(() => {
    if (live) dropWarmList(key);
  }, [live, key]);
  // A first visit shows the first page from memory until the device has loaded and answered.
  const interim = useInterimList(key, stableQuery);
  const early = useMemo(
    () =>
      interim && {
        source: 'server' as const,
        products: interim.products.map((p): ProductView => ({ ...p, favoritePending: false })),
        count: interim.count,
        held: interim.products.length,
      },
    [interim],
  );
  // What the device computed by itself (not the server's list) does not replace the page's own first answer.
  const local = device && (device.source === 'server' || !early) ? device : (early ?? device);

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
  const { data: product } = useLive(
    async ({ db, withFavorites }) => {
      const row = await db.products.get(id);
      return row ? (await withFavorites([row]))[0] : null;
    },
    [id],
  );

  // A server-rendered page's product shows until the device holds it (src/sync/firstVisit.ts).
  const held = interimProduct(id);
  const early = useMemo(() => held && { ...held, is_favorited: false, favoritePending: false }, [held]);
  if (product) return { product, status: 'ready' };
  if (fetchState === 'missing') return { product: null, status: 'missing' };
  // Until the device holds it (it adopts it as soon as it has loaded).
  if (early) return { product: early, status: 'ready' };
  if (product === null && (fetchState === 'error' || fetchState === 'done'))
    return { product: null, status: fetchState === 'error' || !online ? 'error' : 'missing' };
  return { product: product ?? undefined, status: 'loading' };
}
