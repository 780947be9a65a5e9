import type { CompiledQuery, DatabaseConnection, QueryResult } from 'kysely';

/**
 * What a span of one statement says (docs/operations.md#traces): its kind and the table it
 * names, never its text's values or its parameters.
 */
export interface Statement {
  /** The statement's first keyword, upper case: SELECT, INSERT, UPDATE, DELETE, WITH, BEGIN, COMMIT... */
  operation: string;
  table?: string;
}

export type QueryTracer = <T>(statement: Statement, run: () => Promise<T>) => Promise<T>;

/**
 * Set when tracing is on (server/lib/tracing.ts, wired by server/app.ts); unset, connections
 * are handed out as they are and a query costs nothing more.
 */
let tracer: QueryTracer | undefined;
export function traceQueries(next: QueryTracer | undefined): void {
  tracer = next;
}

const WRITTEN = /^\s*(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?(?:"?\w+"?\.)?"?(\w+)"?/i;
/** A table's name; not a function's (`unnest(...)`, `generate_series(...)`). */
const NAME = /^\s+(?:"?\w+"?\.)?"?(\w+)"?(?![\w(]|\s+\()/;

/**
 * The first table the statement's own FROM or JOIN names: outside parentheses (subqueries,
 * CTEs' bodies) and string literals.
 */
function topLevelFrom(sqlText: string): string | undefined {
  let depth = 0;
  for (let i = 0; i < sqlText.length; i++) {
    const c = sqlText[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === "'") {
      // A literal ('it''s' is two in a row): skipped whole.
      const close = sqlText.indexOf("'", i + 1);
      if (close < 0) return undefined;
      i = close;
    } else if (depth === 0 && 'fFjJ'.includes(c) && /\W/.test(sqlText[i - 1] ?? ' ')) {
      const keyword = /^(from|join)\b/i.exec(sqlText.slice(i, i + 5))?.[1];
      const table = keyword && NAME.exec(sqlText.slice(i + keyword.length))?.[1];
      if (table) return table;
    }
  }
  return undefined;
}

/** A statement's kind and the table it reads or writes, from its text. */
export function statementOf(sqlText: string): Statement {
  const operation = (/^\s*(\w+)/.exec(sqlText)?.[1] ?? 'QUERY').toUpperCase();
  const table = (
    WRITTEN.exec(sqlText)?.[1] ?? (operation === 'SELECT' || operation === 'WITH' ? topLevelFrom(sqlText) : undefined)
  )?.toLowerCase();
  return table ? { operation, table } : { operation };
}

/**
 * The connection itself while tracing is off; on, one whose every statement runs in a span.
 * The one seam both databases share (db/write-counter.ts `CountingDriver` wraps each driver).
 */
export function tracedConnection(inner: DatabaseConnection): DatabaseConnection {
  const trace = tracer;
  if (!trace) return inner;
  return {
    executeQuery: <R>(compiled: CompiledQuery): Promise<QueryResult<R>> =>
      trace(statementOf(compiled.sql), () => inner.executeQuery<R>(compiled)),
    streamQuery: (compiled, chunkSize) => inner.streamQuery(compiled, chunkSize),
  };
}
