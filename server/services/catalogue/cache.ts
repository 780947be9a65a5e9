import { sql } from 'kysely';
import { localWrites, type Database } from '../../db';
import { writesTo } from '../../db/write-counter';
import { prepareText, type PreparedText } from '../../lib/compression';
import { etagOf } from '../../lib/conditional';
import { ApiError } from '../../lib/errors';

/**
 * Answers of the public catalogue reads (product lists, sections, searches, product
 * detail), kept in this process and checked against the database on every request:
 * an entry is served only while the catalogue version it was made at is still the
 * current one (catalogueVersion). So a process never serves an answer older than the last
 * committed change, and several
 * processes behind a load balancer stay consistent (docs/operations.md#scale-out). Time-bound answers (flash
 * deals ending, the 30-day hot-selling window) also expire after a few seconds.
 */

/** How long an answer bound to the clock (flash deals, hot selling) is kept. */
export const TIME_BOUND_TTL_MS = 5_000;
const MAX_ENTRIES = 500;

export const CATALOGUE_BUSY = 'The server is busy. Please try again in a moment.';

/**
 * At most `concurrency` uncached catalogue reads at once per process, the others waiting in
 * line (past `queueLimit` waiting, 503): a crowd of unique searches cannot fill the database's
 * queue, and a sign-in still finds its turn quickly (bench/attacks.ts).
 */
export function createReadGate(concurrency = 4, queueLimit = 200) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async function gated<T>(read: () => Promise<T>): Promise<T> {
    if (active >= concurrency) {
      if (waiting.length >= queueLimit) throw new ApiError(503, { detail: CATALOGUE_BUSY });
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else active++;
    try {
      return await read();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

/**
 * Shares one read among the requests waiting for it, without ever answering a request with
 * a read that started before the request arrived: callers arriving while a read runs all
 * share the next one, which starts when the running one ends. Under load that is one
 * query per round trip for any number of concurrent requests, and still never stale.
 */
export function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let waiting: Promise<T> | null = null;
  let running: Promise<unknown> = Promise.resolve();
  return () => {
    if (waiting) return waiting;
    const next = running.then(() => {
      waiting = null;
      return read();
    });
    waiting = next;
    running = next.catch(() => undefined);
    return next;
  };
}

/**
 * A read that is always as fresh as the database: shared among concurrent callers
 * (sharedRead), and not repeated at all while the database's write counter says nothing
 * was committed since (db/write-counter.ts: always on the embedded database; on
 * PostgreSQL while its change notifications are received). With `tables`, only writes to
 * those tables (or to tables that cannot be told) count.
 */
export function freshRead<T>(db: Database, read: () => Promise<T>, tables?: readonly string[]): () => Promise<T> {
  const shared = sharedRead(read);
  const writes = localWrites(db);
  if (!writes) return shared;
  let last: { writes: number; value: T } | undefined;
  return async () => {
    if (!writes.trusted) return shared();
    // Only writes to the tables the answers are read from count (all of them when unnamed).
    const now = tables ? writesTo(writes, tables) : writes.count;
    if (last && last.writes === now) return last.value;
    const value = await shared();
    last = { writes: now, value };
    return value;
  };
}

/**
 * The tables the public catalogue answers are read from: products with their category,
 * gallery and supplier, ratings (reviews), and the favourites and conversations that order
 * the hot-selling list. Writes elsewhere (sign-ins, codes, messages, notifications, uploads)
 * leave cached catalogue answers in place.
 */
export const CATALOGUE_TABLES = [
  'products',
  'product_media',
  'categories',
  'banners',
  'supplier_profiles',
  'users',
  'reviews',
  'favorites',
  'conversations',
  // Pictures' colours are part of a product's answer (services/media/colors.ts).
  'media_colors',
] as const;

/**
 * What product lists (all but hot selling) and product details are read from: a favourite
 * tapped or a conversation started leaves their cached answers in place (reviews count:
 * they move a product's rating, through a trigger that the write counter does not see; and
 * pictures' colours are part of a product's answer).
 */
export const PRODUCT_TABLES = ['products', 'product_media', 'categories', 'supplier_profiles', 'users', 'reviews', 'media_colors'] as const;

/**
 * The catalogue's version (catalogueVersion), asked of the database only after a write to
 * `tables` (CATALOGUE_TABLES unless named): each kind of answer has its own version, moved only
 * by writes to what it is read from.
 */
export function catalogueVersionReader(db: Database, tables: readonly string[] = CATALOGUE_TABLES): () => Promise<string> {
  return freshRead(db, () => catalogueVersion(db), tables);
}

/**
 * The database's snapshot: two reads with the same snapshot see the same committed
 * transactions, hence the same catalogue. (The newest change seq would not do: without a
 * global write lock a transaction can commit after a later one, with a lower seq.)
 */
export async function catalogueVersion(db: Database): Promise<string> {
  const { rows } = await sql<{ v: string }>`select pg_current_snapshot()::text as v`.execute(db);
  return rows[0].v;
}

/**
 * A cached answer with what a guest is sent, made once: its JSON text, that text compressed
 * per encoding (on first demand) and its ETag. A cached hit is bytes written, not JSON built
 * and compressed per request.
 */
export interface Cached<T> {
  value: T;
  prepared(): PreparedText;
  etag(): string;
}
type Version = number | string;
interface Entry<T> {
  version: Version;
  expires: number;
  answer: Promise<Cached<T>>;
}

function cached<T>(value: T): Cached<T> {
  let prepared: PreparedText | undefined;
  let etag: string | undefined;
  const text = () => (prepared ??= prepareText(JSON.stringify(value)));
  return { value, prepared: text, etag: () => (etag ??= etagOf(text().text)) };
}

/**
 * `ttlMs` bounds answers that change with time alone (flash deals ending, the hot-selling
 * window); others live until the catalogue changes. At most `maxEntries` are kept, the least
 * recently used going first. Concurrent requests for a missing
 * answer share one computation.
 */
export function createCatalogueCache<T>(ttlMs = Infinity, maxEntries = MAX_ENTRIES) {
  const entries = new Map<string, Entry<T>>();
  return {
    /**
     * The answer for `key` at `version`, made by `make` when missing, outdated or expired. With
     * `keep`, an answer it refuses serves only the requests that waited for it and is then dropped.
     * With `until`, an answer expires at the time it gives (ms), if sooner: a flash deal's end
     * changes a price with no write to move the version (src/shared/prices.ts).
     */
    get(
      key: string,
      version: Version,
      make: () => Promise<T>,
      keep?: (value: T) => boolean,
      until?: (value: T) => number | undefined,
    ): Promise<Cached<T>> {
      const hit = entries.get(key);
      entries.delete(key);
      if (hit && hit.version === version && hit.expires > Date.now()) {
        // Most recently used last: Map keeps insertion order, so the first key is the least used.
        entries.set(key, hit);
        return hit.answer;
      }
      const answer = make().then(cached);
      const entry = { version, expires: Date.now() + ttlMs, answer };
      entries.set(key, entry);
      const drop = () => {
        if (entries.get(key) === entry) entries.delete(key);
      };
      answer.then((made) => {
        if (keep && !keep(made.value)) drop();
        const end = until?.(made.value);
        if (end !== undefined) entry.expires = Math.min(entry.expires, end);
      }, drop);
      // biome-ignore lint/style/noNonNullAssertion: a map over its size limit has a first key.
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return answer;
    },
  };
}
