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
const entries = new Map<string, { expires: number; value: Promise<unknown> }>();

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
  const key = `${kind}\u0000${version}\u0000${query.sql}\u0000${JSON.stringify(query.parameters)}`;
  const hit = entries.get(key);
  entries.delete(key);
  if (hit && hit.expires > Date.now()) {
    // Most recently used last: Map keeps insertion order, so the first key is the least used.
    entries.set(key, hit);
    return hit.value as Promise<T>;
  }
  const entry = { expires: query.sql.includes('now()') ? Date.now() + TIME_BOUND_TTL_MS : Number.POSITIVE_INFINITY, value: read() };
  entries.set(key, entry);
  entry.value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  // biome-ignore lint/style/noNonNullAssertion: a map over its size limit has a first key.
  while (entries.size > KEPT) entries.delete(entries.keys().next().value!);
  return entry.value;
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
