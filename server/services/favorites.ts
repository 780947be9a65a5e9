import { sql, type Selectable } from 'kysely';
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

/**
 * Tells the supplier someone favourited their product (call inside the favourite's
 * transaction): at most once a day per buyer and product, however often it is toggled.
 */
export async function notifyNewFavorite(db: Database, product: { id: number; name: string; supplier_id: number }, user: { id: number; first_name: string }) {
  // One statement claims the day's notice, so parallel toggles cannot both notify.
  const claimed = await db.insertInto('favorite_notices').values({ user_id: user.id, product_id: product.id })
    .onConflict((oc) => oc.columns(['user_id', 'product_id']).doUpdateSet({ notified_at: sql`now()` })
      .where('favorite_notices.notified_at', '<', sql<Date>`now() - interval '1 day'`))
    .returning('user_id').executeTakeFirst();
  if (!claimed) return;
  await notify(db, {
    userId: product.supplier_id, kind: 'new_favorite', link: `/products/${product.id}`,
    params: { product_id: product.id, product_name: product.name, user_id: user.id, user_name: user.first_name },
    message: `${user.first_name} added your product "${product.name}" to their favourites.`,
  });
}

/** A favourite taken back takes its notification with it (the day's notice stays claimed). */
export async function withdrawFavoriteNotification(db: Database, productId: number, userId: number) {
  await db.deleteFrom('notifications').where('kind', '=', 'new_favorite')
    .where(sql`params->>'product_id'`, '=', String(productId)).where(sql`params->>'user_id'`, '=', String(userId)).execute();
}
