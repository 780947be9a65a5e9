import type { ProductRow } from './db';
import { useLive } from './local';
import type { ProductView } from './products';

/** The signed-in user's favourites, newest first: pending adds included, pending removals left out. */
export function useFavorites(): ProductView[] | undefined {
  return useLive(async ({ db, withFavorites }) => {
    const favorites = (await db.favorites.toArray())
      .filter((f) => !f.removed)
      .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
    const rows = (await db.products.bulkGet(favorites.map((f) => f.product_id))).filter((p): p is ProductRow => Boolean(p));
    return withFavorites(rows);
  }, []);
}

export interface FavoriteState {
  favorited: boolean;
  pending: boolean;
  error?: string;
  outboxId?: number;
  /** False until the device has been read: `favorited` is not known yet. */
  loaded: boolean;
}

/** One product's favourite toggle state, as the device has it. */
export function useFavoriteState(productId: number): FavoriteState {
  const row = useLive(async ({ db }) => (await db.favorites.get(productId)) ?? null, [productId]);
  return {
    loaded: row !== undefined,
    favorited: Boolean(row && !row.removed),
    pending: row?.pending === 'sending',
    error: row?.pending === 'failed' ? row.error : undefined,
    outboxId: row?.outboxId,
  };
}
