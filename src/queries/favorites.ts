import type { ProductRow } from '../db/db';
import type { ProductView } from '../db/queries';
import { intent } from '../sync';
import { useLive, type Live } from './live';

/** The signed-in user's favourites, newest first: pending adds included, pending removals left out. */
export function useFavorites(): Live<ProductView[]> {
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
  /** The request is on its way right now (not merely waiting its turn or for the server). */
  inFlight: boolean;
  error?: string;
  outboxId?: number;
  /** False until the device has been read: `favorited` is not known yet. */
  loaded: boolean;
}

/** One product's favourite toggle state, as the device has it. */
export function useFavoriteState(productId: number): FavoriteState {
  const { data: row } = useLive(
    async ({ db }) => {
      const favorite = await db.favorites.get(productId);
      if (!favorite) return null;
      const entry = favorite.outboxId === undefined ? undefined : await db.outbox.get(favorite.outboxId);
      return { ...favorite, inFlight: entry?.state === 'sending' };
    },
    [productId],
  );
  return {
    loaded: row !== undefined,
    favorited: Boolean(row && !row.removed),
    pending: row?.pending === 'sending',
    inFlight: Boolean(row?.inFlight),
    error: row?.pending === 'failed' ? row.error : undefined,
    outboxId: row?.outboxId,
  };
}

export const toggleFavorite = intent('toggleFavorite');

/** Thrown by toggleFavorite for a guest: the button sends them to sign in. */
export { NotSignedInError } from '../sync';
