import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db';

/**
 * The first matches of a filter (a search) in an order an index gives, at a cost that does not
 * grow with the catalogue (docs/operations.md#scale-out). Read in one of two bounded ways:
 * - the first MATCH_WINDOW products in that order are read from the index, and the filter is
 *   tried on each: a broad term finds its page there;
 * - only when that window holds too few matches (a rare term, or words that seldom meet) are
 *   all the matches read through the trigram index, and there are then few of them, so they
 *   are sorted whole and counted exactly.
 * Neither way is left to the planner's guess of how many products a substring matches, which
 * is often wrong by a hundred times and then walks a million rows for nothing.
 */
export const MATCH_WINDOW = 4000;

type Conditions = Expression<SqlBool>[];

export interface WindowQuery {
  /** Conditions the index scan can use (category, supplier, the `after` seek...). */
  where: Conditions;
  /** The filter tried on each product (the search words, not-in lists). */
  filter: Conditions;
  /** The ORDER BY list, over `p`, that an index gives in this exact order. */
  order: RawBuilder<unknown>;
  take: number;
  skip: number;
}

export interface WindowAnswer {
  ids: number[];
  /** Every match counted, when the second way was taken. */
  total?: number;
  /** Every match in order, when the second way was taken and found at most ALL_LIMIT. */
  all?: number[];
}

/** Up to this many matches read the second way are kept whole, for the caller to page in. */
const ALL_LIMIT = 5000;

const and = (list: Conditions) => (list.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`(${sql.join(list, sql` and `)})`);

export async function firstMatches(db: Database, q: WindowQuery): Promise<WindowAnswer> {
  const window = Math.max(MATCH_WINDOW, 20 * (q.skip + q.take));
  const scanned = await sql<{ id: number | null; scanned: number }>`
    with w as (
      select p.id, ${and(q.filter)} as hit, row_number() over (order by ${q.order}) as n
      from products p where ${and(q.where)} order by ${q.order} limit ${window})
    select x.id, s.scanned from (select count(*)::int as scanned from w) s
      left join lateral (select id, n from w where hit order by n limit ${q.take} offset ${q.skip}) x on true
    order by x.n`.execute(db);
  const ids = scanned.rows.flatMap((r) => (r.id === null ? [] : [r.id]));
  if (ids.length >= q.take || Number(scanned.rows[0]?.scanned ?? 0) < window) return { ids };
  const all = await sql<{ id: number; total: number }>`
    with m as materialized (select p.id from products p where ${and([...q.where, ...q.filter])})
    select p.id, (select count(*)::int from m) as total from (select 1) one
      left join (m join products p on p.id = m.id) on true
    order by ${q.order} limit ${ALL_LIMIT}`.execute(db);
  const found = all.rows.flatMap((r) => (r.id === null ? [] : [r.id]));
  const total = Number(all.rows[0]?.total ?? 0);
  if (found.length === total) return { ids: found.slice(q.skip, q.skip + q.take), total, all: found };
  const page = await sql<{ id: number }>`
    select p.id from products p where ${and([...q.where, ...q.filter])} order by ${q.order} limit ${q.take} offset ${q.skip}`.execute(db);
  return { ids: page.rows.map((r) => r.id), total };
}
