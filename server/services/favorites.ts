import type { Selectable } from 'kysely';
import type { Database } from '../db';
import type { FavoritesTable } from '../db/schema';
import type { Favorite } from '../../src/shared/catalogue';
import { productsById } from './products';

export type FavoriteRow = Selectable<FavoritesTable>;

/** Favourites as the API answers them ({id, product, created_at}), products in a constant number of queries. */
export async function serializeFavorites(db: Database, rows: FavoriteRow[], viewerId: number): Promise<Favorite[]> {
  const products = await productsById(db, rows.map((r) => r.product_id), viewerId);
  return rows.flatMap((r) => {
    const product = products.get(r.product_id);
    return product ? [{ id: r.id, product, created_at: r.created_at.toISOString() }] : [];
  });
}
