import { sql, type Expression, type SqlBool } from 'kysely';
import type { Database } from '../db';
import { TIME_BOUND_TTL_MS } from './catalogue-cache';

/**
 * What every page of the same matches shares (their count, a search's ranked head), kept in
 * this process for the catalogue version it was read at: the version moves with every
 * committed change to the catalogue (catalogue-cache.ts), so a kept read is never older than
 * the database. Reads whose conditions depend on the clock (running deals, prices now) are
 * kept as long as time-bound answers are.
 */
const KEPT = 1000;
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
  const where = conditions.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
  const query = db.selectFrom('products as p').select('p.id').where(where).compile();
  const key = `${databaseId(db)}\u0000${kind}\u0000${version}\u0000${query.sql}\u0000${JSON.stringify(query.parameters)}`;
  const hit = entries.get(key);
  if (hit && hit.expires > Date.now()) {
    // Most recently used last: Map keeps insertion order, so the first key is the least used.
    entries.delete(key);
    entries.set(key, hit);
    return hit.value as Promise<T>;
  }
  forget(key);
  const expires = query.sql.includes('now()') ? Date.now() + TIME_BOUND_TTL_MS : Number.POSITIVE_INFINITY;
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
  const ids = await kept(db, version, `${kind} ${bucket}`, conditions, () => read(bucket));
  return ids.slice(0, wanted);
}

/** A marker that keeps a read only as long as time-bound answers (its order moves with the clock). */
export const ON_THE_CLOCK = sql<SqlBool>`now() is not null`;
