import type { Selectable } from 'kysely';
import type { Database } from '../db';
import type { FavoritesTable } from '../db/schema';
import type { Favorite } from '../../src/shared/catalogue';
import { productsById } from './products';
import { notify } from './notifications';

export type FavoriteRow = Selectable<FavoritesTable>;

/** Favourites as the API answers them ({id, product, created_at}), products in a constant number of queries. */
export async function serializeFavorites(db: Database, rows: FavoriteRow[], viewerId: number): Promise<Favorite[]> {
  const products = await productsById(db, rows.map((r) => r.product_id), viewerId);
  return rows.flatMap((r) => {
    const product = products.get(r.product_id);
    return product ? [{ id: r.id, product, created_at: r.created_at.toISOString() }] : [];
  });
}

/** Tells the supplier someone favourited their product (call inside the favourite's transaction). */
export function notifyNewFavorite(db: Database, product: { id: number; name: string; supplier_id: number }, userName: string) {
  return notify(db, {
    userId: product.supplier_id, kind: 'new_favorite', link: `/products/${product.id}`,
    params: { product_id: product.id, product_name: product.name, user_name: userName },
    message: `${userName} added your product "${product.name}" to their favourites.`,
  });
}
