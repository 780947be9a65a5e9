import { sql, type Expression, type SqlBool } from 'kysely';
import type { Database } from '../../db';
import { firstMatches } from './match-window';

type Conditions = Expression<SqlBool>[];
const and = (list: Conditions) => (list.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`(${sql.join(list, sql` and `)})`);

/**
 * The price at the minimum order now (src/shared/prices.ts moqPrice): the running deal's price,
 * else the first tier's, else the minimum price (moq_price, generated: migration 0028). A deal
 * is always below the minimum price, so below every tier too.
 */
export const CURRENT_PRICE = sql`(case when p.flash_deal_ends_at > now() and p.price is not null then p.price else p.moq_price end)`;
/**
 * Milliseconds, as the API answers created_at, so that ties break as on the device; taken in
 * UTC, which orders as the instant does and can be indexed (migration 0024).
 */
export const CREATED_MS = sql`date_trunc('milliseconds', p.created_at at time zone 'UTC')`;

const RUNNING_DEAL = sql<SqlBool>`(p.flash_deal_ends_at > now() and p.price is not null)`;

/** Pages this deep and deeper are sorted whole, as before; shallower ones are read in order. */
export const PRICE_SEEK_LIMIT = 1000;

/**
 * A page by price (docs/api.md#sorting-and-filtering) read in order rather than sorted whole:
 * a product's price now is its deal's price while a deal runs, else its price at the minimum
 * order. The few products on a running deal are read apart (products_deal_price); all the
 * others come in order from the price index (products_price, products_price_desc: moq_price), a broad search
 * finding its page in the first products of it (match-window.ts). Both parts are merged in
 * the exact order.
 */
export async function pageByPrice(
  db: Database,
  where: Conditions,
  filter: Conditions,
  direction: 'asc' | 'desc',
  take: number,
  skip: number,
): Promise<{ ids: number[]; total?: number }> {
  const wanted = skip + take;
  // The running deals first, alone (products_deal_price): left to itself the planner may
  // intersect them with every match of the words instead.
  const deals = await sql<{ id: number }>`
    with d as materialized (select p.id from products p where ${RUNNING_DEAL})
    select p.id from d join products p on p.id = d.id where ${and([...where, ...filter])}
    order by ${CURRENT_PRICE} ${sql.raw(direction)}, ${CREATED_MS} desc, p.id desc limit ${wanted}`
    .execute(db)
    .then((r) => r.rows);
  const rest = await firstMatches(db, {
    where: [...where, sql<SqlBool>`not ${RUNNING_DEAL}`],
    filter,
    order: [
      [sql`p.moq_price`, direction],
      [CREATED_MS, 'desc'],
      [sql`p.id`, 'desc'],
    ],
    take: wanted,
    skip: 0,
  });
  const ids = [...deals.map((r) => r.id), ...rest.ids];
  if (ids.length === 0) return { ids: [], total: rest.total === undefined ? undefined : rest.total + deals.length };
  const merged = await db
    .selectFrom('products as p')
    .select('p.id')
    .where('p.id', 'in', ids)
    .orderBy(CURRENT_PRICE, direction)
    .orderBy(CREATED_MS, 'desc')
    .orderBy('p.id', 'desc')
    .limit(take)
    .offset(skip)
    .execute();
  // Every match is known when the minimum-price part was read whole and the deals part was not cut short.
  const total = rest.total !== undefined && deals.length < wanted ? rest.total + deals.length : undefined;
  return { ids: merged.map((r) => r.id), total };
}
