import { db, type OutboxRow } from '../../db/db';
import { api } from '../api/client';
import type { ReportReason, ReportTargetType } from '../../shared/trust';

/** Sending a report (docs/sync.md#reports); the intent that queues it is ./reports.ts. */

export const reportKey = (type: ReportTargetType, id: number) => `${type}:${id}`;

/** Sends a queued report; answers what to apply once it reached the server. */
export async function sendReport(entry: OutboxRow): Promise<() => Promise<unknown>> {
  const p = entry.payload;
  const answer = await api.report(
    {
      target_type: p.target_type as ReportTargetType,
      target_id: p.target_id as number,
      reason: p.reason as ReportReason,
      details: (p.details as string) || '',
      client_id: entry.client_id,
    },
    entry.user_id,
  );
  const target = reportKey(answer.target_type, answer.target_id);
  return () => db.reports.update(target, { id: answer.id, pending: undefined, error: undefined, outboxId: undefined });
}

export const reportTargetOf = (entry: OutboxRow) =>
  reportKey(entry.payload.target_type as ReportTargetType, entry.payload.target_id as number);
