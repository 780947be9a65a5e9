import type { CompiledQuery, DatabaseConnection, Driver, QueryResult, TransactionSettings } from 'kysely';

/**
 * Committed writes to the database as this process knows them, so caches can tell that
 * nothing changed without asking the database (services/catalogue-cache.ts). `trusted`
 * is false while another process's writes could go unseen (PostgreSQL while its change
 * notifications are not being received): callers must ask the database then.
 */
export interface WriteCounter {
  count: number;
  trusted: boolean;
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
  return NEUTRAL.has(first) ? 'neutral' : 'write';
}

/**
 * A connection whose writes move the counter on: once when the statement returns (it is
 * committed if no transaction is open) and once more when its transaction ends, because
 * a reader elsewhere may have read, and cached, the state from before the COMMIT.
 */
export function countWrites(inner: DatabaseConnection, counter: WriteCounter): DatabaseConnection {
  let dirty = false;
  return {
    async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
      const result = await inner.executeQuery<R>(compiled);
      const what = kind(compiled.sql);
      if (what === 'end') {
        if (dirty) counter.count++;
        dirty = false;
      } else if (what === 'write') {
        counter.count++;
        dirty = true;
      }
      return result;
    },
    streamQuery: (compiled, chunkSize) => inner.streamQuery(compiled, chunkSize),
  };
}

/** Any Kysely driver, with its connections counting writes. */
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
    const counted = countWrites(inner, this.counter);
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
