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

/**
 * Kysely dialect for the embedded PGlite database. PGlite is one connection, so the driver
 * hands it out to one user at a time: a transaction keeps it until COMMIT/ROLLBACK and
 * nothing from another request can slip in between.
 */
export class PGliteDialect implements Dialect {
  /**
   * Counts committed writes. PGlite is embedded, so this process is its only writer: the
   * count tells caches whether anything changed without asking the database (see
   * services/catalogue-cache.ts).
   */
  readonly writes = { count: 0 };
  constructor(private readonly pglite: PGlite) {}
  createAdapter() { return new PostgresAdapter(); }
  createDriver(): Driver { return new PGliteDriver(this.pglite, this.writes); }
  createQueryCompiler() { return new PostgresQueryCompiler(); }
  createIntrospector(db: Kysely<any>) { return new PostgresIntrospector(db); }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly connection: PGliteConnection;

  constructor(pglite: PGlite, writes: { count: number }) { this.connection = new PGliteConnection(pglite, writes); }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const previous = this.queue;
    this.queue = new Promise<void>((resolve) => { release = resolve; });
    await previous;
    this.connection.release = release;
    return this.connection;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings) {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await conn.executeQuery(CompiledQuery.raw(`begin${level}`));
  }
  async commitTransaction(conn: DatabaseConnection) { await conn.executeQuery(CompiledQuery.raw('commit')); }
  async rollbackTransaction(conn: DatabaseConnection) { await conn.executeQuery(CompiledQuery.raw('rollback')); }

  async releaseConnection(conn: DatabaseConnection) { (conn as PGliteConnection).release?.(); }

  async destroy() {}
}

class PGliteConnection implements DatabaseConnection {
  release?: () => void;
  /** A write ran in the open transaction: its COMMIT counts as a write too. */
  private dirty = false;
  constructor(private readonly pglite: PGlite, private readonly writes: { count: number }) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiled.sql, compiled.parameters as any[]);
    const statement = /^\s*(\w+)/.exec(compiled.sql)?.[1]?.toLowerCase() ?? '';
    if (statement === 'commit' || statement === 'rollback') {
      if (this.dirty) this.writes.count++;
      this.dirty = false;
    } else if (!['select', 'begin', 'show', 'explain', 'set'].includes(statement)) {
      this.writes.count++;
      this.dirty = true;
    }
    const affected = result.affectedRows ?? 0;
    const isWrite = /^\s*(insert|update|delete|merge)/i.test(compiled.sql);
    return {
      rows: result.rows,
      ...(isWrite ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield await this.executeQuery<R>(compiled);
  }
}
