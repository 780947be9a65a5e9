import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db';
import type { ReportsTable } from '../../db/schema';
import type { UserRow } from '../accounts/sessions';
import { badRequest, notFound, tooManyRequests } from '../../lib/errors';
import { reportRules, type RateLimiter } from '../rate-limit';
import { SERVER_MESSAGES } from '@/shared/messages';
import type { ReportReason, ReportTargetType } from '@/shared/trust';

/**
 * Reports (docs/api.md#trust-and-safety): a confirmed account reports a product, a user or a message
 * it can see. Idempotent twice over: a repeated client_id, or a second report of the same target
 * while the first is open, answers the first. Nothing of a report is ever shown to the reported.
 */

export type ReportRow = Selectable<ReportsTable>;

export interface NewReport {
  target_type: ReportTargetType;
  target_id: number;
  reason: ReportReason;
  details: string;
  client_id: string | null;
}

/** The answer of POST /api/reports/. */
export const reportAnswer = (r: ReportRow) => ({
  id: r.id,
  target_type: r.target_type,
  target_id: r.target_id,
  reason: r.reason,
  status: r.status,
  created_at: r.created_at.toISOString(),
});

const sameTarget = (db: Database, reporterId: number, type: string, id: number) =>
  db
    .selectFrom('reports')
    .selectAll()
    .where('reporter_id', '=', reporterId)
    .where('target_type', '=', type as ReportTargetType)
    .where('target_id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();

const withClientId = (db: Database, reporterId: number, clientId: string | null) =>
  clientId === null
    ? Promise.resolve(undefined)
    : db.selectFrom('reports').selectAll().where('reporter_id', '=', reporterId).where('client_id', '=', clientId).executeTakeFirst();

/**
 * The target as the reporter may see it: 404 for what does not exist or is not theirs to see (a
 * hidden product, a message outside their conversations, a suspended account), 400 for themselves
 * and their own products and messages.
 */
async function checkTarget(db: Database, reporter: UserRow, type: ReportTargetType, id: number) {
  if (type === 'product') {
    const product = await db.selectFrom('products').select(['supplier_id', 'hidden_at']).where('id', '=', id).executeTakeFirst();
    if (!product || (product.hidden_at !== null && product.supplier_id !== reporter.id)) throw notFound();
    if (product.supplier_id === reporter.id) throw badRequest(SERVER_MESSAGES.CANNOT_REPORT_OWN_PRODUCT);
  } else if (type === 'user') {
    if (id === reporter.id) throw badRequest(SERVER_MESSAGES.CANNOT_REPORT_SELF);
    const user = await db.selectFrom('users').select(['id', 'suspended_at']).where('id', '=', id).executeTakeFirst();
    if (!user || user.suspended_at !== null) throw notFound();
  } else {
    const message = await db
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .select(['m.sender_id'])
      .where('m.id', '=', id)
      .where((eb) => eb.or([eb('c.buyer_id', '=', reporter.id), eb('c.supplier_id', '=', reporter.id)]))
      .executeTakeFirst();
    if (!message) throw notFound();
    if (message.sender_id === reporter.id) throw badRequest(SERVER_MESSAGES.CANNOT_REPORT_SELF);
  }
}

/** Makes the report, or answers the one it repeats (`created: false`). */
export async function createReport(db: Database, limiter: RateLimiter, reporter: UserRow, input: NewReport) {
  const earlier = await withClientId(db, reporter.id, input.client_id);
  if (earlier) return { report: earlier, created: false };
  await checkTarget(db, reporter, input.target_type, input.target_id);
  const open = await sameTarget(db, reporter.id, input.target_type, input.target_id);
  if (open) return { report: open, created: false };
  // A repeat (above) is free; a new report takes a turn of the day's allowance.
  const turn = await limiter.consume(reportRules(reporter.id));
  if ('waitMs' in turn) throw tooManyRequests(SERVER_MESSAGES.REPORTING_TOO_FAST);
  // Both unique indexes (client_id; one open report per target) settle a race: the loser inserts nothing.
  const { rows } = await sql<ReportRow>`
    insert into reports (reporter_id, target_type, target_id, reason, details, client_id)
    values (${reporter.id}, ${input.target_type}, ${input.target_id}, ${input.reason}, ${input.details}, ${input.client_id})
    on conflict do nothing
    returning *`.execute(db);
  if (rows[0]) return { report: rows[0], created: true };
  await limiter.release(turn);
  const first =
    (await withClientId(db, reporter.id, input.client_id)) ?? (await sameTarget(db, reporter.id, input.target_type, input.target_id));
  if (!first) throw notFound();
  return { report: first, created: false };
}
