import { sql, type Expression, type SqlBool } from 'kysely';
import type { Database } from '../../db';

/**
 * What every page of the same matches shares (their count, a search's ranked head), kept in
 * this process for the catalogue version it was read at: the version moves with every
 * committed change to the catalogue (cache.ts), so a kept read is never older than
 * the database. Reads whose conditions depend on the clock (running deals, prices now) are
 * kept a second (CLOCK_BOUND_TTL_MS).
 */
const KEPT = 1000;
/**
 * Reads on the clock (running deals, prices now) are kept a second: a deal that ends leaves the
 * flash deals and the price orderings within it, as its price changes at once (src/shared/prices.ts).
 */
const CLOCK_BOUND_TTL_MS = 1_000;
/** At most this many product ids are held in all (about 8 MB), the least recently used going first. */
const KEPT_IDS = 1_000_000;
interface Entry {
  expires: number;
  value: Promise<unknown>;
  ids: number;
}
const entries = new Map<string, Entry>();
let heldIds = 0;
/** Each database's reads apart: two databases in one process (tests, tools) can be at the same snapshot text. */
const databases = new WeakMap<Database, number>();
let nextDatabase = 0;
function databaseId(db: Database): number {
  let id = databases.get(db);
  if (id === undefined) {
    id = nextDatabase++;
    databases.set(db, id);
  }
  return id;
}

/** How many ids a kept value holds: its own length, or its fields' (a search head and its matches). */
function idsIn(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  if (value === null || typeof value !== 'object') return 1;
  return Object.values(value).reduce<number>((n, v) => n + idsIn(v), 0);
}

function forget(key: string) {
  const entry = entries.get(key);
  if (!entry) return;
  entries.delete(key);
  heldIds -= entry.ids;
}

export function kept<T>(
  db: Database,
  version: string | undefined,
  kind: string,
  conditions: Expression<SqlBool>[],
  read: () => Promise<T>,
): Promise<T> {
  if (version === undefined) return read();
  const { key, onTheClock } = keyOf(db, version, conditions);
  return keptAt(`${kind}\u0000${key}`, onTheClock, read);
}

/** What identifies the same matches at the same version in the same database. */
function keyOf(db: Database, version: string, conditions: Expression<SqlBool>[]) {
  const where = conditions.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
  const query = db.selectFrom('products as p').select('p.id').where(where).compile();
  return {
    key: `${databaseId(db)}\u0000${version}\u0000${query.sql}\u0000${JSON.stringify(query.parameters)}`,
    onTheClock: query.sql.includes('now()'),
  };
}

/** The kept value under `key` if it is still good. */
function hitAt(key: string): Entry | undefined {
  const hit = entries.get(key);
  if (!hit || hit.expires <= Date.now()) return undefined;
  // Most recently used last: Map keeps insertion order, so the first key is the least used.
  entries.delete(key);
  entries.set(key, hit);
  return hit;
}

function keptAt<T>(key: string, onTheClock: boolean, read: () => Promise<T>): Promise<T> {
  const hit = hitAt(key);
  if (hit) return hit.value as Promise<T>;
  forget(key);
  const expires = onTheClock ? Date.now() + CLOCK_BOUND_TTL_MS : Number.POSITIVE_INFINITY;
  const entry: Entry = { expires, value: read(), ids: 0 };
  entries.set(key, entry);
  entry.value.then(
    (value) => {
      if (entries.get(key) !== entry) return;
      entry.ids = idsIn(value);
      heldIds += entry.ids;
      trim();
    },
    () => {
      if (entries.get(key) === entry) forget(key);
    },
  );
  trim();
  return entry.value as Promise<T>;
}

function trim() {
  // biome-ignore lint/style/noNonNullAssertion: a map over its limits has a first key.
  while (entries.size > KEPT || (heldIds > KEPT_IDS && entries.size > 1)) forget(entries.keys().next().value!);
}

/**
 * The first `wanted` products of an order, read as the first K (`wanted` rounded up to a power
 * of two) and kept per version (kept): the pages of a list at any offset and limit then share
 * one read of the index instead of each skipping its own offset. Without a version, exactly
 * `wanted` are read.
 */
export async function firstOfOrder(
  db: Database,
  version: string | undefined,
  kind: string,
  conditions: Expression<SqlBool>[],
  wanted: number,
  read: (limit: number) => Promise<number[]>,
): Promise<number[]> {
  if (version === undefined) return read(wanted);
  const bucket = Math.max(64, 2 ** Math.ceil(Math.log2(wanted)));
  const { key, onTheClock } = keyOf(db, version, conditions);
  // A longer read of the same order already kept holds this one.
  for (let longer = bucket * 2; longer <= LONGEST_KEPT; longer *= 2) {
    const hit = hitAt(`${kind} ${longer}\u0000${key}`);
    if (hit) return ((await hit.value) as number[]).slice(0, wanted);
  }
  const ids = await keptAt(`${kind} ${bucket}\u0000${key}`, onTheClock, () => read(bucket));
  return ids.slice(0, wanted);
}

/** The longest read of an order looked for (the offset window is 10,000). */
const LONGEST_KEPT = 2 ** 15;

/** A marker that keeps a read only as long as time-bound answers (its order moves with the clock). */
export const ON_THE_CLOCK = sql<SqlBool>`now() is not null`;

/**
 * Product cards (as a guest sees them) kept per catalogue version: random pages of a list, a
 * category or a search's deeper matches show the same products again and again, and a card
 * costs the same to read whichever page it is on. A card depends only on what moves the
 * version (the product, its gallery and colours, its category and seller), never on the clock.
 */
// A card is about 0.9 KB in memory (bench cards: 17 MB for 20,000); the 12 categories' first
// 2,000 products and the list's first 10,000 (34,000 cards) fit, so random pages do not evict
// each other's cards.
const KEPT_CARDS = 40_000;
/** How many cards one read brings at most (the page's own always come). */
export const CARDS_READ_AT_ONCE = 128;
const cards = new Map<string, unknown>();

export async function keptCards<T extends { id: number }>(
  db: Database,
  version: string | undefined,
  ids: number[],
  read: (ids: number[]) => Promise<T[]>,
  around: number[] = [],
): Promise<T[]> {
  if (version === undefined || ids.length === 0) return read(ids);
  const prefix = `${databaseId(db)}\u0000${version}\u0000`;
  const found = new Map<number, T>();
  const missing: number[] = [];
  for (const id of ids) {
    const card = cards.get(prefix + id) as T | undefined;
    if (card === undefined) missing.push(id);
    else {
      // Most recently used last, as for kept reads.
      cards.delete(prefix + id);
      cards.set(prefix + id, card);
      found.set(id, card);
    }
  }
  if (missing.length > 0) {
    // A read of 128 cards costs about what a read of 20 does (its cost is the round trip and
    // the plan): the products around the page in the same order come along, kept for the pages
    // next to it.
    const wanted = new Set(missing);
    for (const id of around) {
      if (wanted.size >= CARDS_READ_AT_ONCE) break;
      if (!cards.has(prefix + id)) wanted.add(id);
    }
    for (const card of await read([...wanted])) {
      found.set(card.id, card);
      cards.set(prefix + card.id, card);
    }
    // biome-ignore lint/style/noNonNullAssertion: a map over its limit has a first key.
    while (cards.size > KEPT_CARDS) cards.delete(cards.keys().next().value!);
  }
  // A product deleted since its id was read is left out, as the read itself leaves it out.
  return ids.flatMap((id) => {
    const card = found.get(id);
    return card === undefined ? [] : [card];
  });
}
