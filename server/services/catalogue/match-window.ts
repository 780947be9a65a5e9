import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { isEmbedded, type Database } from '../../db';

/**
 * The first matches of a filter (a search) in an order an index gives, at a cost that does not
 * grow with the catalogue (docs/operations.md#scale-out). Read in one of two bounded ways:
 * - the first MATCH_WINDOW products in that order are read from the index, and the filter is
 *   tried on each, until the page is full: a broad term finds its page there; when the
 *   window holds some matches but too few, it is widened once to fit the density seen;
 * - when that window holds too few matches and few are likely in all (words that seldom meet,
 *   a rare term), or a wider window would cost more, all the matches are read through the
 *   trigram index, sorted whole and counted exactly.
 * Neither way is left to the planner's guess of how many products a substring matches, which
 * is often wrong by a hundred times and then walks a million rows for nothing.
 */
export const MATCH_WINDOW = 4000;
/** How far a window widens for sparse matches before the trigram index is asked instead. */
const MAX_WINDOW = 60_000;

type Conditions = Expression<SqlBool>[];

/**
 * The condition every list starts from: products not hidden by a moderator
 * (docs/api.md#trust-and-safety). A query with no other `where` spans the whole shown catalogue.
 */
export const SHOWN = sql<SqlBool>`p.hidden_at is null`;

export interface WindowQuery {
  /** Conditions the index scan can use (category, supplier, the `after` seek...). */
  where: Conditions;
  /** The filter tried on each product (the search words, not-in lists). */
  filter: Conditions;
  /** The ORDER BY keys, over `p`, that an index gives in this exact order. */
  order: Array<[RawBuilder<unknown>, 'asc' | 'desc']>;
  take: number;
  skip: number;
  /** The trigram index alone can find every product the filter keeps (SearchTerm.indexed in search.ts). */
  indexed?: boolean;
  /**
   * A search's ranked head, picked in the same read when every match is read (the second way):
   * the page's matches and the first `take` of those that are `named`, best `score` first, ties
   * in the query's order. Both are over `p`, and may use its search_name and search_doc.
   */
  rank?: { named: Expression<SqlBool>; score: RawBuilder<number> };
}

export interface WindowAnswer {
  ids: number[];
  /** Every match counted, when the second way was taken. */
  total?: number;
  /** Every match in order, when the second way was taken and found at most ALL_LIMIT. */
  all?: number[];
  /** With `all`, when the query asked for a `rank`: its head, best first. */
  ranked?: number[];
}

/** Up to this many matches read the second way are kept whole, for the caller to page in. */
const ALL_LIMIT = 5000;

const and = (list: Conditions) => (list.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`(${sql.join(list, sql` and `)})`);
/** The query's ORDER BY over `p`. */
const orderOf = (q: Pick<WindowQuery, 'order'>) => sql.join(q.order.map(([key, direction]) => sql`${key} ${sql.raw(direction)}`));
/** The order's keys selected as k0, k1…, to order by again outside the scan (over `alias`). */
const keysOf = (q: Pick<WindowQuery, 'order'>) => sql.join(q.order.map(([key], i) => sql`${key} as ${sql.raw(`k${i}`)}`));
const keyOrderOf = (q: Pick<WindowQuery, 'order'>, alias: string) =>
  sql.join(q.order.map(([, direction], i) => sql.raw(`${alias}.k${i} ${direction}`)));

export async function firstMatches(db: Database, q: WindowQuery): Promise<WindowAnswer> {
  const order = orderOf(q);
  const keys = keysOf(q);
  // Ordered by the window's own keys, the page stops reading the window once it is full.
  const keyOrder = keyOrderOf(q, 'w');
  const wanted = q.take + q.skip;
  // A window short of the page also says, in the same round trip, how many products it held
  // (fewer than its size means it held every candidate, and its matches are all there are) and
  // the table's size (the planner's figure).
  const read = async (window: number) => {
    const first = await sql<{ id: number | null; scanned: number | null; size: number | null }>`
      with page as materialized (
        select w.id, row_number() over (order by ${keyOrder}) as n from (
          select p.id, ${keys}, ${and(q.filter)} as hit from products p where ${and(q.where)} order by ${order} limit ${window}) w
        where w.hit order by ${keyOrder} limit ${wanted})
      select id, null::int as scanned, null::float8 as size, n from page
      union all
      select null, (select count(*)::int from (select 1 from products p where ${and(q.where)} order by ${order} limit ${window}) s),
        (select greatest(reltuples, 0)::float8 from pg_class where oid = 'products'::regclass), null
      where (select count(*) from page) < ${wanted}
      order by n nulls last`.execute(db);
    const ids = first.rows.flatMap((r) => (r.id === null ? [] : [r.id]));
    const summary = first.rows.find((r) => r.id === null);
    return { ids, whole: summary !== undefined && Number(summary.scanned) < window, size: Number(summary?.size ?? 0) };
  };
  let window = Math.max(MATCH_WINDOW, 20 * wanted);
  let found = await read(window);
  if (found.ids.length < wanted && !found.whole && q.indexed && fewerThroughIndex(db, found.ids.length, window, found.size, wanted)) {
    const few = await everyMatch(db, q, ALL_LIMIT);
    if (few) return few;
  }
  if (found.ids.length < wanted && !found.whole) {
    // Matches are sparse, not rare: a window wide enough for the page at the density seen. A
    // window without a single match whose matches proved too many for the index (they gather
    // far down the order) is widened to the most: reading it costs far less than every match
    // of a common word read and sorted.
    const wider = found.ids.length > 0 ? Math.ceil(widerWindow(window, wanted, found.ids.length)) : MAX_WINDOW;
    if (wider <= MAX_WINDOW && wider > window) {
      window = wider;
      found = await read(window);
    }
  }
  if (found.ids.length >= wanted || found.whole) return { ids: found.ids.slice(q.skip) };
  // biome-ignore lint/style/noNonNullAssertion: without a limit every match is read.
  return (await everyMatch(db, q))!;
}

/** A window wide enough for `wanted` matches at the density seen (`hits` of `window`), with half again to spare. */
const widerWindow = (window: number, wanted: number, hits: number) => (window * wanted * 1.5) / hits;

/**
 * Whether reading every match through the trigram index likely costs less than a window wide
 * enough for `wanted` at the density seen (`hits` of `window`). A window reads every product
 * it spans, and one wider than MAX_WINDOW is not read at all. The index fetches each match
 * from the table: in PostgreSQL, from its buffers or the disk, about 20 times what a window
 * row costs; in the embedded database, held in memory, about twice (measured at 1M and 100k
 * products). Not one hit means words that seldom meet. An unknown size (0: never analysed)
 * keeps to the window.
 */
function fewerThroughIndex(db: Database, hits: number, window: number, size: number, wanted: number): boolean {
  if (hits === 0) return true;
  if (size <= 0) return false;
  const likely = (hits * size) / window;
  const wider = widerWindow(window, wanted, hits);
  const rowCost = isEmbedded(db) ? 2 : 20;
  return likely <= ALL_LIMIT && (wider > MAX_WINDOW || rowCost * likely < wider);
}

/**
 * Every match, read through the trigram index and sorted; with `atMost`, none if there are
 * more than that (the index gives them in no useful order, so a few cannot stand for all).
 */
async function everyMatch(db: Database, q: WindowQuery, atMost?: number): Promise<WindowAnswer | undefined> {
  const cap = atMost === undefined ? sql`` : sql`limit ${atMost + 1}`;
  // The matches and their order keys come from the one scan of the trigram index: joining them
  // back to products let the planner, misled by its guess of their number, hash the whole table.
  // A rank is worked out from the same rows, so their table pages are read once; only in a
  // capped read, so that no more than `atMost` rows carry their text.
  const rank = atMost === undefined ? undefined : q.rank;
  const carried = rank ? sql`, p.search_name, p.search_doc, ${rank.named} as named` : sql``;
  const numbered = sql`(select m.*, row_number() over (order by ${keyOrderOf(q, 'm')}) as nth,
    row_number() over (partition by m.named order by ${keyOrderOf(q, 'm')}) as nth_named from m) p`;
  const every = await sql<{ id: number; total: number; score: number | null }>`
    with m as materialized (select p.id, ${keysOf(q)} ${carried} from products p where ${and([...q.where, ...q.filter])} ${cap})
    select p.id, (select count(*)::int from m) as total, ${rank ? headScore(q, rank) : sql`null::real`} as score
    from ${rank ? numbered : sql`m p`}
    order by ${keyOrderOf(q, 'p')} limit ${ALL_LIMIT}`.execute(db);
  const all = every.rows.map((r) => r.id);
  const total = Number(every.rows[0]?.total ?? 0);
  if (atMost !== undefined && total > atMost) return undefined;
  if (all.length === total) return { ids: all.slice(q.skip, q.skip + q.take), total, all, ranked: rank && bestFirst(every.rows) };
  const wanted = q.take + q.skip;
  // The first ALL_LIMIT matches in order hold the page when it is not deeper.
  if (wanted <= all.length) return { ids: all.slice(q.skip, wanted), total };
  const page = await sql<{ id: number }>`
    select p.id from products p where ${and([...q.where, ...q.filter])} order by ${orderOf(q)} limit ${q.take} offset ${q.skip}`.execute(
    db,
  );
  return { ids: page.rows.map((r) => r.id), total };
}

/** The score of a row of the ranked head, null for the others (WindowQuery.rank). */
const headScore = (q: WindowQuery, rank: NonNullable<WindowQuery['rank']>) =>
  sql`case when (p.nth > ${q.skip} and p.nth <= ${q.skip + q.take}) or (p.named and p.nth_named <= ${q.take}) then ${rank.score} end`;

/** The scored rows, best first; a stable sort keeps ties in the order they came in. */
const bestFirst = (rows: Array<{ id: number; score: number | null }>) =>
  rows
    .filter((r) => r.score !== null)
    .sort((a, b) => Number(b.score) - Number(a.score))
    .map((r) => r.id);

/**
 * Counts up to `limit` matches, for an exact count of few matches. Over the whole shown
 * catalogue (no `where` but SHOWN), a window of the newest products whose share of matches,
 * carried over to the catalogue's size, is well above the limit answers "more" (limit + 1)
 * without counting them: two common words that seldom meet would otherwise have every one of
 * their thousands of matches read through the trigram index (bench/README.md).
 */
export async function countFirstMatches(db: Database, q: Omit<WindowQuery, 'take' | 'skip'>, limit: number): Promise<number> {
  if (q.where.every((condition) => condition === SHOWN)) {
    // A sample of the newest MATCH_WINDOW products, read whole, with the table's size (the
    // planner's figure) in the same round trip.
    const hits = await sql<{ n: number; scanned: number; size: number }>`
      select count(*) filter (where w.hit)::int as n, count(*)::int as scanned,
        (select greatest(reltuples, 0)::float8 from pg_class where oid = 'products'::regclass) as size
      from (
        select ${and(q.filter)} as hit from products p where ${and(q.where)} order by ${orderOf(q)} limit ${MATCH_WINDOW}) w`.execute(db);
    const n = Number(hits.rows[0]?.n ?? 0);
    const scanned = Number(hits.rows[0]?.scanned ?? 0);
    if (scanned < MATCH_WINDOW) return Math.min(n, limit + 1);
    if (n > limit) return n;
    if (n >= 10 && (n / MATCH_WINDOW) * Number(hits.rows[0]?.size ?? 0) > 2 * limit) return limit + 1;
  }
  const r = await firstMatches(db, { ...q, take: limit + 1, skip: 0 });
  return r.total ?? r.ids.length;
}
