import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { Kysely, PostgresDialect, sql, type LogEvent } from 'kysely';
import pg from 'pg';
import path from 'node:path';
import type { DB } from './schema';
import { CountingDriver, countWrite, type WriteCounter } from './write-counter';
import { claimEmbedded } from './owner';

// pg hands back int8 as strings; PGlite as numbers. Our ids, counts and change sequences fit
// in a double, so both drivers agree on numbers. numeric (money) stays a string in both.
pg.types.setTypeParser(20, (v) => Number(v));

export type Database = Kysely<DB>;

/**
 * Told the time of every query, on either database (the metrics: server/lib/metrics.ts,
 * wired by server/app.ts); unset, Kysely is told nothing to report.
 */
let queryObserver: ((ms: number, failed: boolean) => void) | undefined;
export function observeQueries(observer: (ms: number, failed: boolean) => void): void {
  queryObserver = observer;
}
const logQuery = (event: LogEvent) => queryObserver?.(event.queryDurationMillis, event.level === 'error');

/** The PostgreSQL pool behind a database, for its gauges (connections idle, busy, waiting). */
const pools = new WeakMap<Database, pg.Pool>();
export function poolStats(db: Database): { total: number; idle: number; waiting: number } | undefined {
  const pool = pools.get(db);
  return pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const pgliteExtensions = { pg_trgm, unaccent };

/** PostgreSQL when a URL is given, otherwise the embedded PGlite kept in DATA_DIR. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  const pglite = await PGlite.create(path.join(opts.dataDir, 'pglite'), { extensions: pgliteExtensions });
  const release = claimEmbedded(opts.dataDir);
  const handle = await wrapPGlite(pglite);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      release();
    },
  };
}

export function openPostgres(databaseUrl: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle connection that the server closes (restart, failover, dropped database) is already
  // removed by the pool and the next query connects anew; unheard, the error would end the process.
  pool.on('error', () => {});
  const counter: WriteCounter = { count: 0, trusted: false };
  const db = new Kysely<DB>({ dialect: new CountingPostgresDialect({ pool }, counter), log: logQuery });
  writeCounters.set(db, counter);
  pools.set(db, pool);
  const listener = listenForChanges(databaseUrl, counter);
  return {
    db,
    kind: 'postgres',
    close: async () => {
      await listener.stop();
      await db.destroy();
    },
  };
}

class CountingPostgresDialect extends PostgresDialect {
  constructor(
    config: ConstructorParameters<typeof PostgresDialect>[0],
    private readonly counter: WriteCounter,
  ) {
    super(config);
  }
  createDriver() {
    return new CountingDriver(super.createDriver(), this.counter);
  }
}

/** Every committed write to a synced table notifies this channel (migration 0006). */
export const CHANGES_CHANNEL = 'sync_changes';

/**
 * Other processes' writes reach the counter as notifications. While not listening (not yet
 * connected, or the connection was lost and is being re-made) the counter is not trusted,
 * and readers ask the database as before.
 */
function listenForChanges(databaseUrl: string, counter: WriteCounter) {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const c = new pg.Client({ connectionString: databaseUrl });
    let gone = false;
    const lost = () => {
      if (gone) return;
      gone = true;
      counter.trusted = false;
      if (client === c) client = undefined;
      c.end().catch(() => {});
      if (!stopped) retry = setTimeout(connect, 1000).unref();
    };
    c.on('error', lost);
    c.on('end', lost);
    // The payload names the table written (migration 0010); an empty one counts for every table.
    c.on('notification', (message) => countWrite(counter, message.payload || undefined));
    try {
      await c.connect();
      await c.query(`listen ${CHANGES_CHANNEL}`);
    } catch {
      return lost();
    }
    if (stopped) {
      gone = true;
      await c.end().catch(() => {});
      return;
    }
    client = c;
    // Whatever committed while nobody listened is unknown: count it as a change of every table.
    countWrite(counter, undefined);
    counter.trusted = true;
  };
  void connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      counter.trusted = false;
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}

/**
 * Committed writes this process knows of (see write-counter.ts): complete for the embedded
 * database, and for PostgreSQL while its change notifications are received.
 */
const writeCounters = new WeakMap<Database, WriteCounter>();
export const localWrites = (db: Database): WriteCounter | undefined => writeCounters.get(db);

/**
 * The embedded databases (PGlite): their tables live in this process's memory, so a row fetched
 * by its index costs little more than one read in index order (services/catalogue/match-window.ts).
 */
const embedded = new WeakSet<Database>();
export const isEmbedded = (db: Database): boolean => embedded.has(db);

export async function wrapPGlite(pglite: PGlite): Promise<DatabaseHandle> {
  const { PGliteDialect } = await import('./pglite-driver');
  const dialect = new PGliteDialect(pglite);
  const db = new Kysely<DB>({ dialect, log: logQuery });
  writeCounters.set(db, dialect.writes);
  embedded.add(db);
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}

/** A count(*) that both drivers return as a number. */
export const countAll = () => sql<number>`count(*)::int`;
