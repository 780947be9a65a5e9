import { sql, type Expression, type SqlBool } from 'kysely';
import type { Database } from '../../db';

/**
 * Counts that stay cheap at any size (docs/operations.md#scale-out): up to COUNT_EXACT_LIMIT
 * matches are counted, more are estimated by the query planner from the table's statistics
 * (the answer then says `count_estimated: true`), so a broad search never counts a million rows.
 * The planner is asked first: when it expects far more matches than the limit, even the
 * bounded count is skipped. Its estimate never exceeds the table's size, so a catalogue of
 * fewer than ESTIMATE_FIRST_ABOVE products is always counted exactly.
 */
export const COUNT_EXACT_LIMIT = 1000;
const ESTIMATE_FIRST_ABOVE = 10 * COUNT_EXACT_LIMIT;

/**
 * `firstMatches` counts the first `limit` matches its own bounded way (a search: match-window.ts);
 * it may answer more when it knows every match.
 */
export async function countUpTo(
  db: Database,
  conditions: Expression<SqlBool>[],
  firstMatches?: (limit: number) => Promise<number>,
): Promise<{ n: number; estimated: boolean }> {
  const where = (eb: { and(list: Expression<SqlBool>[]): Expression<SqlBool> }) => eb.and(conditions);
  const query = db.selectFrom('products as p').select(sql`1`.as('one')).where(where).compile();
  const plan = await sql<{ 'QUERY PLAN': unknown }>`explain (format json) ${sql.raw(inline(query.sql, query.parameters))}`.execute(db);
  const estimate = Math.round(planRows(plan.rows[0]?.['QUERY PLAN']));
  if (estimate > ESTIMATE_FIRST_ABOVE) return { n: estimate, estimated: true };
  if (firstMatches) {
    const n = await firstMatches(COUNT_EXACT_LIMIT + 1);
    return n <= COUNT_EXACT_LIMIT ? { n, estimated: false } : { n: Math.max(n, estimate), estimated: true };
  }
  const matches = db
    .selectFrom('products as p')
    .select(sql`1`.as('one'))
    .where(where)
    .limit(COUNT_EXACT_LIMIT + 1);
  const exact = await db.selectFrom(matches.as('m')).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  if (exact.n <= COUNT_EXACT_LIMIT) return { n: exact.n, estimated: false };
  return { n: Math.max(COUNT_EXACT_LIMIT + 1, estimate), estimated: true };
}

/** EXPLAIN takes no bind parameters on every driver: the values are written in as literals. */
function inline(text: string, parameters: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, i: string) => literal(parameters[Number(i) - 1]));
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return `'${value.toISOString()}'::timestamptz`;
  return `'${String(value).replace(/'/g, "''")}'`;
}

function planRows(plan: unknown): number {
  const json = typeof plan === 'string' ? JSON.parse(plan) : plan;
  const rows = (json as Array<{ Plan?: { 'Plan Rows'?: number } }>)?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' ? rows : 0;
}
