import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db';
import type { Product } from '@/shared/catalogue';
import type { ListingFilters } from '@/shared/listing-filters';
import { productCards } from './products';
import {
  SEARCH_HEAD,
  searchMatch,
  searchNameMatch,
  searchRank,
  searchTerm,
  type SearchTerm,
  shownSuggestion,
  suggestionWhenEmpty,
} from './search';
import { COUNT_EXACT_LIMIT, countUpTo } from './estimate';
import { countFirstMatches, firstMatches, SHOWN, type WindowQuery } from './match-window';
import { CREATED_MS, CURRENT_PRICE, PRICE_SEEK_LIMIT, pageByPrice } from './price-sql';
import { currentPrice } from '@/shared/prices';
import { CARDS_READ_AT_ONCE, firstOfOrder, kept, keptCards, ON_THE_CLOCK } from './kept-reads';

/**
 * Product lists, sections and searches at any catalogue size (docs/operations.md#scale-out):
 * - every page reads at most its own rows plus a bounded number of others: `next` links
 *   carry the last product (`after`) so a deep page seeks the index instead of skipping rows;
 * - a search ranks only its best candidates (search.ts), the other matches following newest first;
 * - the count is exact up to COUNT_EXACT_LIMIT matches and the planner's estimate above it.
 */

/**
 * Kept cards were priced when they were read; a flash deal that ended since changed the price
 * with no write to move the version, so each is priced again now (src/shared/prices.ts).
 */
const pricedNow = <T extends { price: string | null; min_price: string; flash_deal_ends_at: string | null }>(cards: T[]) =>
  cards.map((card) => ({ ...card, price: currentPrice(card) }));

export interface ProductFilters {
  search?: string;
  category?: number;
  supplier?: number;
  exclude?: number;
}

/**
 * The orders of the listing sections (docs/product.md#catalogue-rules):
 * - newest: new arrivals and the plain list, newest first.
 * - flash-deals: only deals still running (flash_deal_ends_at in the future), ending soonest first.
 * - top-rated: only reviewed products, by average rating, then by number of reviews.
 * - hot-selling: most favourites + conversations started in the last 30 days, then the
 *   same counted over all time, then newest; products nobody touched yet come last.
 */
export type ProductOrder = 'newest' | 'flash-deals' | 'top-rated' | 'hot-selling';

/** The conditions of the listing filters (docs/api.md#sorting-and-filtering). */
function listingConditions(f: ListingFilters): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [];
  if (f.price_min !== undefined) out.push(sql<SqlBool>`${CURRENT_PRICE} >= ${f.price_min}::numeric`);
  if (f.price_max !== undefined) out.push(sql<SqlBool>`${CURRENT_PRICE} <= ${f.price_max}::numeric`);
  if (f.moq_max !== undefined) out.push(sql<SqlBool>`p.minimum_order_quantity <= ${f.moq_max}::int`);
  if (f.rating_min !== undefined) out.push(sql<SqlBool>`p.average_rating >= ${f.rating_min}::numeric`);
  if (f.verified) out.push(sql<SqlBool>`exists (select 1 from supplier_profiles sp where sp.user_id = p.supplier_id and sp.is_verified)`);
  if (f.in_stock) out.push(sql<SqlBool>`p.quantity_in_stock >= greatest(p.minimum_order_quantity, 1)`);
  return out;
}

export interface ListArgs {
  filters: ProductFilters;
  order: ProductOrder;
  /** Sorting and filters chosen by the user; an explicit ordering replaces the section's own. */
  listing?: ListingFilters;
  limit: number;
  offset: number;
  /** The last product of the previous page (its `next` link): the page starts right after it. */
  after?: number;
  /** Answers are made for guests (routes add is_favorited for a signed-in viewer). */
  viewerId: null;
  /** The catalogue's version (cache.ts): counts of the same matches are kept for it. */
  version?: string;
}

export interface ListAnswer {
  count: number;
  /** The count is the planner's estimate (more than COUNT_EXACT_LIMIT matches). */
  estimated: boolean;
  results: Product[];
  /** Whether a further page exists, and the product its `next` link starts after (when the order seeks). */
  more: boolean;
  after?: number;
  /** The search with its typos corrected, when they were all it was found by (search.ts). */
  did_you_mean?: string;
}

type Conditions = Expression<SqlBool>[];
const all = (conditions: Conditions) => (eb: { and(list: Conditions): Expression<SqlBool> }) => eb.and(conditions);

/** Newest first, from right after product `after` when given (the products_created index seeks to it). */
function newestAfter(after: number | undefined): Conditions {
  if (after === undefined) return [];
  return [sql<SqlBool>`(p.created_at, p.id) < (select a.created_at, a.id from products a where a.id = ${after})`];
}

async function cursorExists(db: Database, after: number | undefined) {
  if (after === undefined) return false;
  return (await db.selectFrom('products').select('id').where('id', '=', after).executeTakeFirst()) !== undefined;
}

export async function listProducts(db: Database, args: ListArgs): Promise<ListAnswer> {
  const { filters, order } = args;
  // Hidden products leave every list, section and search (docs/api.md#trust-and-safety).
  const conditions: Conditions = [SHOWN];
  if (filters.category !== undefined) conditions.push(sql<SqlBool>`p.category_id = ${filters.category}`);
  if (filters.supplier !== undefined) conditions.push(sql<SqlBool>`p.supplier_id = ${filters.supplier}`);
  if (filters.exclude !== undefined) conditions.push(sql<SqlBool>`p.id <> ${filters.exclude}`);
  if (order === 'flash-deals') conditions.push(sql<SqlBool>`p.flash_deal_ends_at > now()`);
  if (order === 'top-rated') conditions.push(sql<SqlBool>`p.reviews_count > 0`);
  const listing = args.listing ?? {};
  conditions.push(...listingConditions(listing));
  const ordering = listing.ordering && listing.ordering !== 'relevance' ? listing.ordering : null;
  const term = filters.search ? await searchTerm(db, filters.search, args.version) : undefined;
  const matching = term ? [...conditions, searchMatch(term)] : conditions;

  // Counted only when the page did not count its matches already.
  let counting: Promise<{ n: number; estimated: boolean }> | undefined;
  const counted = () => {
    counting ??= kept(db, args.version, 'count', matching, () =>
      countUpTo(
        db,
        matching,
        term &&
          ((limit) =>
            countFirstMatches(db, { where: conditions, filter: [searchMatch(term)], order: NEWEST, indexed: term.indexed }, limit - 1)),
      ),
    );
    return counting;
  };
  // A stale cursor (its product deleted since) falls back to the offset.
  const seeks = await cursorExists(db, args.after);
  // A page past the last match is known empty from an exact count: no scan looks for it.
  if (args.offset > 0 && !seeks) {
    const known = await counted();
    if (!known.estimated && args.offset >= known.n) return { count: known.n, estimated: false, results: [], more: false };
  }
  let page: { ids: number[]; more: boolean; seekable: boolean; total?: number; around?: number[] };
  if (term && !ordering) page = await searchPage(db, term, conditions, args, seeks);
  else if (!ordering && order === 'newest') page = await newestPage(db, matching, args, seeks);
  else if (!ordering && order === 'hot-selling') page = await hotSellingPage(db, matching, args);
  else page = await orderedPage(db, matching, order, ordering, args, { where: conditions, filter: term ? [searchMatch(term)] : [] });
  const total = counting === undefined ? page.total : undefined;
  // A count the page made is exact; above the limit it is still flagged, as every count there is.
  const made = total === undefined ? undefined : { n: total, estimated: total > COUNT_EXACT_LIMIT };
  const [count, results] = await Promise.all([
    made ?? counted(),
    keptCards(db, args.version, page.ids, (ids) => productCards(db, ids), page.around).then(pricedNow),
  ]);
  const last = page.ids.at(-1);
  const nothingFound = term && results.length === 0 && args.offset === 0;
  return {
    count: Math.max(count.n, args.offset + page.ids.length + (page.more ? 1 : 0)),
    estimated: count.estimated,
    results,
    more: page.more,
    after: page.more && page.seekable ? last : undefined,
    did_you_mean: !term ? undefined : nothingFound ? await suggestionWhenEmpty(db, term) : await shownSuggestion(db, term, results),
  };
}

/** One more row than the page is read, to tell whether a next page exists. */
function split(ids: number[], limit: number) {
  return { ids: ids.slice(0, limit), more: ids.length > limit };
}

/** The block of an order that a page at `offset` lies in: its cards are read together (kept-reads.ts keptCards). */
const blockOf = (offset: number) => offset - (offset % CARDS_READ_AT_ONCE);
/** How far into an order a page at `offset` reads: its own rows, one more, and the rest of its block. */
const reach = (offset: number, limit: number, version: string | undefined) =>
  version === undefined ? offset + limit + 1 : Math.max(offset + limit + 1, blockOf(offset) + CARDS_READ_AT_ONCE);

/** A page at `offset` of an order already read (`first`, at least `reach` long where it goes on), with its block. */
function sliceOf(first: number[], offset: number, limit: number) {
  return {
    ...split(first.slice(offset, offset + limit + 1), limit),
    around: first.slice(blockOf(offset), blockOf(offset) + CARDS_READ_AT_ONCE),
  };
}

async function newestPage(db: Database, matching: Conditions, args: ListArgs, seeks: boolean) {
  if (!seeks) {
    const read = (n: number) =>
      db
        .selectFrom('products as p')
        .select('p.id')
        .where(all(matching))
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(n)
        .execute()
        .then((rows) => rows.map((r) => r.id));
    const first = await firstOfOrder(db, args.version, 'newest', matching, reach(args.offset, args.limit, args.version), read);
    return { ...sliceOf(first, args.offset, args.limit), seekable: true };
  }
  const rows = await db
    .selectFrom('products as p')
    .select('p.id')
    .where(all([...matching, ...(seeks ? newestAfter(args.after) : [])]))
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(args.limit + 1)
    .offset(seeks ? 0 : args.offset)
    .execute();
  return {
    ...split(
      rows.map((r) => r.id),
      args.limit,
    ),
    seekable: true,
  };
}

/** Newest first, in the exact order of the products_created_search_shown index (migration 0030). */
const NEWEST: Array<[RawBuilder<unknown>, 'asc' | 'desc']> = [
  [sql`p.created_at`, 'desc'],
  [sql`p.id`, 'desc'],
];

/**
 * A search: the best SEARCH_HEAD candidates ranked first (search.ts searchRank), then every
 * other match newest first. Only the head is ranked, so the cost stays bounded however many
 * products match; matches are found in a bounded window of the newest products or, for rare
 * terms, through the trigram index (match-window.ts).
 */
async function searchPage(db: Database, term: SearchTerm, conditions: Conditions, args: ListArgs, seeks: boolean) {
  // The ranked head is the same for every page and limit of these matches: made once per version.
  const key = [...conditions, searchMatch(term), sql<SqlBool>`${term.whole} is not null`];
  const { head, byText } = await kept(db, args.version, 'search head', key, () => searchHead(db, term, conditions));
  return searchTail(db, term, conditions, args, seeks, head, byText);
}

async function searchHead(db: Database, term: SearchTerm, conditions: Conditions) {
  // The SEARCH_HEAD newest products that pass `filter`.
  const newest = (filter: Expression<SqlBool>, rank?: WindowQuery['rank']) =>
    firstMatches(db, { where: conditions, filter: [filter], order: NEWEST, take: SEARCH_HEAD, skip: 0, indexed: term.indexed, rank });
  // The name matches are among the text matches (search_doc holds the name): when every text
  // match is read, the newest name matches are picked from them and ranked in the same read.
  const byText = await newest(searchMatch(term), { named: searchNameMatch(term), score: searchRank(term) });
  if (byText.ranked) return { head: byText.ranked, byText };
  const byName = await newest(searchNameMatch(term));
  const candidates = [...new Set([...byName.ids, ...byText.ids])];
  const head =
    candidates.length === 0
      ? []
      : (
          await db
            .selectFrom('products as p')
            .select('p.id')
            .where('p.id', 'in', candidates)
            .orderBy(searchRank(term), 'desc')
            .orderBy('p.created_at', 'desc')
            .orderBy('p.id', 'desc')
            .execute()
        ).map((r) => r.id);
  return { head, byText };
}

async function searchTail(
  db: Database,
  term: SearchTerm,
  conditions: Conditions,
  args: ListArgs,
  seeks: boolean,
  head: number[],
  byText: { all?: number[]; total?: number },
) {
  const start = seeks ? head.indexOf(args.after as number) + 1 : args.offset;
  const fromHead = seeks && start === 0 ? [] : head.slice(start, start + args.limit + 1);
  const total = byText.total;
  if (fromHead.length > args.limit) return { ...split(fromHead, args.limit), seekable: true, total };
  // The page runs past the ranked head: the rest of the matches, newest first.
  const tailSeek = seeks && start === 0;
  const want = args.limit + 1 - fromHead.length;
  const skip = tailSeek || start < head.length ? 0 : start - head.length;
  const ranked = new Set(head);
  const known = byText.all?.filter((id) => !ranked.has(id));
  const from = tailSeek ? (known?.indexOf(args.after as number) ?? -1) + 1 : 0;
  if (known && (!tailSeek || from > 0)) {
    return { ...split([...fromHead, ...known.slice(from + skip, from + skip + want)], args.limit), seekable: true, total };
  }
  const filter = [searchMatch(term), ...(head.length > 0 ? [sql<SqlBool>`p.id not in (${sql.join(head)})`] : [])];
  const { indexed } = term;
  if (tailSeek) {
    const tail = await firstMatches(db, {
      where: [...conditions, ...newestAfter(args.after)],
      filter,
      order: NEWEST,
      take: want,
      skip,
      indexed,
    });
    return { ...split([...fromHead, ...tail.ids], args.limit), seekable: true, total };
  }
  // Deeper pages of the same matches share one read of the tail's first products (kept per
  // version, in powers of two, as a list's first products are): each page is then a slice.
  const key = [...conditions, searchMatch(term), sql<SqlBool>`${term.whole} is not null`];
  const tail = await firstOfOrder(db, args.version, 'search tail', key, reach(skip, want - 1, args.version), (n) =>
    firstMatches(db, { where: conditions, filter, order: NEWEST, take: n, skip: 0, indexed }).then((r) => r.ids),
  );
  const around = tail.slice(blockOf(skip), blockOf(skip) + CARDS_READ_AT_ONCE);
  return { ...split([...fromHead, ...tail.slice(skip, skip + want)], args.limit), seekable: true, total, around };
}

/** Sections and explicit orderings: offset paging (within the route's window). */
async function orderedPage(
  db: Database,
  matching: Conditions,
  order: ProductOrder,
  ordering: ListingFilters['ordering'] | null,
  args: ListArgs,
  byPrice?: { where: Conditions; filter: Conditions },
) {
  if (byPrice && (ordering === 'price' || ordering === '-price') && args.offset + args.limit < PRICE_SEEK_LIMIT) {
    const page = await pageByPrice(db, byPrice.where, byPrice.filter, ordering === 'price' ? 'asc' : 'desc', args.limit + 1, args.offset);
    return { ...split(page.ids, args.limit), seekable: false, total: page.total };
  }
  let query = db.selectFrom('products as p').select('p.id').where(all(matching));
  if (ordering) {
    // An explicit ordering replaces the section's own (src/shared/listing-filters.ts listingComparator).
    if (ordering === 'price') query = query.orderBy(CURRENT_PRICE, 'asc');
    if (ordering === '-price') query = query.orderBy(CURRENT_PRICE, 'desc');
    if (ordering === '-average_rating') query = query.orderBy('p.average_rating', 'desc').orderBy('p.reviews_count', 'desc');
    query = query.orderBy(CREATED_MS, 'desc').orderBy('p.id', 'desc');
  } else {
    if (order === 'flash-deals') query = query.orderBy('p.flash_deal_ends_at', 'asc');
    if (order === 'top-rated') query = query.orderBy('p.average_rating', 'desc').orderBy('p.reviews_count', 'desc');
    query = query.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc');
  }
  const read = (n: number) =>
    query
      .limit(n)
      .execute()
      .then((rows) => rows.map((r) => r.id));
  // Orders by the price now move with the clock (a deal ending), as the flash deals' conditions do.
  const key = ordering === 'price' || ordering === '-price' ? [...matching, ON_THE_CLOCK] : matching;
  const first = await firstOfOrder(
    db,
    args.version,
    `ordered ${order} ${ordering}`,
    key,
    reach(args.offset, args.limit, args.version),
    read,
  );
  return { ...sliceOf(first, args.offset, args.limit), seekable: false };
}

/** Favourites and conversations counted once per product. */
const ACTIVITY = sql<{ product_id: number; recent: number; total: number }>`(
  select product_id, count(*) filter (where created_at > now() - interval '30 days') as recent, count(*) as total
  from (select product_id, created_at from favorites
        union all select product_id, created_at from conversations where product_id is not null) events
  group by product_id)`;

/**
 * Hot selling: the products someone touched, by activity, then all the others newest first.
 * Read in two parts, so the untouched majority of a large catalogue is never sorted: it
 * comes from the newest-first index.
 */
async function hotSellingPage(db: Database, matching: Conditions, args: ListArgs) {
  // The 30-day window moves with the clock.
  const key = [...matching, ON_THE_CLOCK];
  const first = await firstOfOrder(db, args.version, 'hot selling', key, reach(args.offset, args.limit, args.version), (n) =>
    hotSellingIds(db, matching, n),
  );
  return { ...sliceOf(first, args.offset, args.limit), seekable: false };
}

/** The first `wanted` products of the hot-selling order. */
async function hotSellingIds(db: Database, matching: Conditions, wanted: number): Promise<number[]> {
  const active = await db
    .selectFrom(ACTIVITY.as('activity'))
    .innerJoin('products as p', 'p.id', 'activity.product_id')
    .select('p.id')
    .where(all(matching))
    .orderBy('activity.recent', 'desc')
    .orderBy('activity.total', 'desc')
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(wanted)
    .execute();
  const fromActive = active.map((r) => r.id);
  if (fromActive.length >= wanted) return fromActive;
  // Fewer active products than asked for: that is all of them, the untouched ones follow.
  const untouched = [
    ...matching,
    sql<SqlBool>`not exists (select 1 from favorites f where f.product_id = p.id)`,
    sql<SqlBool>`not exists (select 1 from conversations c where c.product_id = p.id)`,
  ];
  const rest = await db
    .selectFrom('products as p')
    .select('p.id')
    .where(all(untouched))
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(wanted - fromActive.length)
    .execute();
  return [...fromActive, ...rest.map((r) => r.id)];
}
