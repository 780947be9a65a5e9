import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db';
import type { FavoritesTable } from '../../db/schema';
import type { UserRow } from '../accounts/sessions';
import { badRequest } from '../../lib/errors';
import type { Favorite } from '@/shared/catalogue';
import { invalidPk } from '@/shared/validation';
import { productsById } from './products';
import { notify } from '../notifications';

export type FavoriteRow = Selectable<FavoritesTable>;

/** Favourites as the API answers them ({id, product, created_at}), products in a constant number of queries. */
export async function serializeFavorites(db: Database, rows: FavoriteRow[], viewerId: number): Promise<Favorite[]> {
  const products = await productsById(
    db,
    rows.map((r) => r.product_id),
    viewerId,
  );
  return rows.flatMap((r) => {
    const product = products.get(r.product_id);
    return product ? [{ id: r.id, product, created_at: r.created_at.toISOString() }] : [];
  });
}

/** One page of the user's favourites, newest first, and how many there are. */
export async function favoritePage(db: Database, userId: number, paging: { limit: number; offset: number }) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('favorites')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(paging.limit)
      .offset(paging.offset)
      .execute(),
    db.selectFrom('favorites').select(sql<number>`count(*)::int`.as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  return { favorites: await serializeFavorites(db, rows, userId), count: total.n };
}

/**
 * Adds a product to the user's favourites, telling its supplier (docs/product.md#notifications). Idempotent both
 * ways the outbox may repeat it: the same product again, or the same client_id again,
 * answers the existing favourite (`created` false). An unknown product is a field error.
 * `notificationId` is the supplier's new notification, to push once the request is done.
 */
export async function addFavorite(
  db: Database,
  user: UserRow,
  input: { product: number; client_id?: string },
): Promise<{ favorite: Favorite; created: boolean; notificationId?: number | null }> {
  const { product: productId, client_id } = input;
  const answer = async (row: FavoriteRow, created: boolean) => ({ favorite: (await serializeFavorites(db, [row], user.id))[0], created });
  const existing = () =>
    db
      .selectFrom('favorites')
      .selectAll()
      .where('user_id', '=', user.id)
      .where((eb) => eb.or([eb('product_id', '=', productId), ...(client_id ? [eb('client_id', '=', client_id)] : [])]))
      // The client_id match first: a repeat answers exactly the first result.
      .orderBy(sql`client_id is not distinct from ${client_id ?? null}`, 'desc')
      .executeTakeFirst();

  const before = await existing();
  if (before) return answer(before, false);
  // A hidden product does not exist for others (docs/api.md#trust-and-safety).
  const product = await db
    .selectFrom('products')
    .select(['id', 'name', 'supplier_id'])
    .where('id', '=', productId)
    .where('hidden_at', 'is', null)
    .executeTakeFirst();
  if (!product) throw badRequest({ product: [invalidPk(productId)] });

  const created = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('favorites')
      .values({ user_id: user.id, product_id: product.id, client_id: client_id ?? null })
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
    const notificationId = row && product.supplier_id !== user.id ? await notifyNewFavorite(trx, product, user) : null;
    return row && { row, notificationId };
  });
  if (created) return { ...(await answer(created.row, true)), notificationId: created.notificationId };
  const raced = await existing();
  if (!raced) throw badRequest({ product: [invalidPk(productId)] });
  return answer(raced, false);
}

/** Takes the product out of the user's favourites, with its notification; false when it was not there. */
export async function removeFavorite(db: Database, userId: number, productId: number): Promise<boolean> {
  const deleted = await db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('favorites')
      .where('user_id', '=', userId)
      .where('product_id', '=', productId)
      .returning('id')
      .executeTakeFirst();
    if (row) await withdrawFavoriteNotification(trx, productId, userId);
    return row;
  });
  return deleted !== undefined;
}

/**
 * Tells the supplier someone favourited their product (call inside the favourite's
 * transaction): at most once a day per buyer and product, however often it is toggled.
 */
export async function notifyNewFavorite(
  db: Database,
  product: { id: number; name: string; supplier_id: number },
  user: { id: number; first_name: string },
) {
  // One statement claims the day's notice, so parallel toggles cannot both notify.
  const claimed = await db
    .insertInto('favorite_notices')
    .values({ user_id: user.id, product_id: product.id })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'product_id'])
        .doUpdateSet({ notified_at: sql`now()` })
        .where('favorite_notices.notified_at', '<', sql<Date>`now() - interval '1 day'`),
    )
    .returning('user_id')
    .executeTakeFirst();
  if (!claimed) return null;
  return notify(db, {
    userId: product.supplier_id,
    kind: 'new_favorite',
    link: `/products/${product.id}`,
    params: { product_id: product.id, product_name: product.name, user_id: user.id, user_name: user.first_name },
    message: `${user.first_name} added your product "${product.name}" to their favourites.`,
    actorId: user.id,
  });
}

/** A favourite taken back takes its notification with it (the day's notice stays claimed). */
async function withdrawFavoriteNotification(db: Database, productId: number, userId: number) {
  await db
    .deleteFrom('notifications')
    .where('kind', '=', 'new_favorite')
    .where(sql`params->>'product_id'`, '=', String(productId))
    .where(sql`params->>'user_id'`, '=', String(userId))
    .execute();
}
