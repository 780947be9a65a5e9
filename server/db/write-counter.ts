import type { CompiledQuery, DatabaseConnection, Driver, QueryResult, TransactionSettings } from 'kysely';
import { tracedConnection } from './query-spans';

/**
 * Committed writes to the database as this process knows them, so caches can tell that
 * nothing changed without asking the database (services/catalogue/cache.ts). `trusted`
 * is false while another process's writes could go unseen (PostgreSQL while its change
 * notifications are not being received): callers must ask the database then.
 */
export interface WriteCounter {
  count: number;
  trusted: boolean;
  /** Writes per table; those whose table is not known (raw SQL, CTEs) are counted under "". */
  tables?: Map<string, number>;
}

/** Counts one write to `table` (undefined: not known, so it counts for every table). */
export function countWrite(counter: WriteCounter, table: string | undefined): void {
  counter.count++;
  counter.tables ??= new Map();
  const key = table ?? '';
  counter.tables.set(key, (counter.tables.get(key) ?? 0) + 1);
}

/**
 * Writes that may have changed any of `tables`: theirs and those of unknown tables. A cache
 * of answers read from those tables alone stays valid while this stays the same, whatever
 * else is written (a failed sign-in, a message).
 */
export function writesTo(counter: WriteCounter, tables: readonly string[]): number {
  let n = counter.tables?.get('') ?? 0;
  for (const table of tables) n += counter.tables?.get(table) ?? 0;
  return n;
}

/** The table a write statement changes, from its first words; undefined when it cannot be told. */
export function tableOf(sqlText: string): string | undefined {
  const match = /^\s*(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?(?:"?\w+"?\.)?"?(\w+)"?/i.exec(sqlText);
  return match?.[1].toLowerCase();
}

const NEUTRAL = new Set([
  'select',
  'begin',
  'start',
  'show',
  'explain',
  'set',
  'listen',
  'unlisten',
  'savepoint',
  'release',
  'values',
  'fetch',
]);

/** What a statement means for the counter, from its first words. */
function kind(sqlText: string): 'end' | 'neutral' | 'write' {
  const words = /^\s*(\w+)(?:\s+(\w+))?/.exec(sqlText);
  const first = words?.[1]?.toLowerCase() ?? '';
  if (first === 'rollback' && words?.[2]?.toLowerCase() === 'to') return 'neutral';
  if (first === 'commit' || first === 'end' || first === 'rollback' || first === 'abort') return 'end';
  // A query with common table expressions reads unless one of them (or its main statement)
  // writes; counted as a write, every search would have emptied every cache of answers.
  if (first === 'with') return /\b(insert|update|delete|merge)\b/i.test(sqlText) ? 'write' : 'neutral';
  return NEUTRAL.has(first) ? 'neutral' : 'write';
}

/**
 * A connection whose writes move the counter on: once when the statement returns (it is
 * committed if no transaction is open) and once more when its transaction ends, because
 * a reader elsewhere may have read, and cached, the state from before the COMMIT.
 */
export function countWrites(inner: DatabaseConnection, counter: WriteCounter): DatabaseConnection {
  // The tables written in the open transaction ("" for unknown ones).
  const dirty = new Set<string>();
  return {
    async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
      const result = await inner.executeQuery<R>(compiled);
      const what = kind(compiled.sql);
      if (what === 'end') {
        for (const table of dirty) countWrite(counter, table || undefined);
        dirty.clear();
      } else if (what === 'write') {
        const table = tableOf(compiled.sql);
        countWrite(counter, table);
        dirty.add(table ?? '');
      }
      return result;
    },
    streamQuery: (compiled, chunkSize) => inner.streamQuery(compiled, chunkSize),
  };
}

/** Any Kysely driver, with its connections counting writes (and each statement traced while tracing is on). */
export class CountingDriver implements Driver {
  private readonly inners = new WeakMap<DatabaseConnection, DatabaseConnection>();
  constructor(
    private readonly driver: Driver,
    private readonly counter: WriteCounter,
  ) {}

  init() {
    return this.driver.init();
  }
  async acquireConnection() {
    const inner = await this.driver.acquireConnection();
    const counted = countWrites(tracedConnection(inner), this.counter);
    this.inners.set(counted, inner);
    return counted;
  }
  beginTransaction(conn: DatabaseConnection, settings: TransactionSettings) {
    return this.driver.beginTransaction(conn, settings);
  }
  commitTransaction(conn: DatabaseConnection) {
    return this.driver.commitTransaction(conn);
  }
  rollbackTransaction(conn: DatabaseConnection) {
    return this.driver.rollbackTransaction(conn);
  }
  releaseConnection(conn: DatabaseConnection) {
    return this.driver.releaseConnection(this.inners.get(conn) ?? conn);
  }
  destroy() {
    return this.driver.destroy();
  }
}
