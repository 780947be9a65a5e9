import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { CountingDriver, type WriteCounter } from './write-counter';

/**
 * Kysely dialect for the embedded PGlite database. PGlite is one connection, so the driver
 * hands it out to one user at a time: a transaction keeps it until COMMIT/ROLLBACK and
 * nothing from another request can slip in between.
 */
export class PGliteDialect implements Dialect {
  /** PGlite is embedded: this process is its only writer, so the count is always complete. */
  readonly writes: WriteCounter = { count: 0, trusted: true };
  constructor(private readonly pglite: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new CountingDriver(new PGliteDriver(this.pglite), this.writes);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's Dialect interface takes any database shape here.
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private release?: () => void;
  private readonly connection: PGliteConnection;

  constructor(pglite: PGlite) {
    this.connection = new PGliteConnection(pglite);
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const previous = this.queue;
    this.queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    // A turn of the event loop between two users: handing over in a microtask would run every
    // queued query back to back, and no request (not even a health check) would be read
    // until the whole queue was done.
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.release = release;
    return this.connection;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings) {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await conn.executeQuery(CompiledQuery.raw(`begin${level}`));
  }
  async commitTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection() {
    this.release?.();
  }

  async destroy() {}
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiled.sql, compiled.parameters as unknown[]);
    const isWrite = /^\s*(insert|update|delete|merge)/i.test(compiled.sql);
    return {
      rows: result.rows,
      ...(isWrite ? { numAffectedRows: BigInt(result.affectedRows ?? 0) } : {}),
    };
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield await this.executeQuery<R>(compiled);
  }
}
