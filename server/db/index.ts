import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import path from 'node:path';
import type { DB } from './schema';

// pg hands back int8 as strings; PGlite as numbers. Our ids, counts and change sequences fit
// in a double, so both drivers agree on numbers. numeric (money) stays a string in both.
pg.types.setTypeParser(20, (v) => Number(v));

export type Database = Kysely<DB>;

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
  return wrapPGlite(pglite);
}

export function openPostgres(databaseUrl: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle connection that the server closes (restart, failover, dropped database) is already
  // removed by the pool and the next query connects anew; unheard, the error would end the process.
  pool.on('error', () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', close: () => db.destroy() };
}

/** Embedded databases: the count of committed writes, known without a query (PGlite has no other writer). */
const localWriteCounts = new WeakMap<Database, { count: number }>();
export const localWrites = (db: Database): { count: number } | undefined => localWriteCounts.get(db);

export async function wrapPGlite(pglite: PGlite): Promise<DatabaseHandle> {
  const { PGliteDialect } = await import('./pglite-driver');
  const dialect = new PGliteDialect(pglite);
  const db = new Kysely<DB>({ dialect });
  localWriteCounts.set(db, dialect.writes);
  return {
    db,
    kind: 'pglite',
    close: async () => { await db.destroy(); await pglite.close(); },
  };
}

/** A count(*) that both drivers return as a number. */
export const countAll = () => sql<number>`count(*)::int`;
