import { t } from '@lingui/core/macro';
import { db, type ReportRow } from '../../db/db';
import { guardedWrite } from '../storage';
import type { ReportReason, ReportTargetType } from '../../shared/trust';
import { enqueue } from './queue';
import { nowIso, signedInUser } from './localRows';
import { reportKey } from './reportSend';

/**
 * Reports (docs/sync.md#reports): an intent like any other, so a report made offline goes out on
 * reconnect, once (its client_id), and the item reads "Reported" on this device from the moment
 * it was made, whatever the server answers later.
 */

export interface NewReport {
  target_type: ReportTargetType;
  target_id: number;
  reason: ReportReason;
  details?: string;
}

/** Reports a product, a user or a message. A second report of the same target answers the first. */
export async function reportTarget(input: NewReport): Promise<ReportRow> {
  const user = signedInUser();
  // The shared rules (src/shared/trust-schema.ts): the screen checks them too, this is the last word
  // before queueing. Loaded here, not with the device, so its start-up does not evaluate zod.
  const { reportSchema } = await import('../../shared/trust-schema');
  const valid = reportSchema.parse({ ...input, details: input.details ?? '' });
  const target = reportKey(valid.target_type, valid.target_id);
  return guardedWrite(t`your report`, () =>
    db.transaction('rw', [db.reports, db.outbox], async () => {
      const held = await db.reports.get(target);
      if (held) return held;
      const seq = await enqueue({
        kind: 'report.create',
        target: `report:${target}`,
        userId: user.id,
        payload: { target_type: valid.target_type, target_id: valid.target_id, reason: valid.reason, details: valid.details },
      });
      const row: ReportRow = {
        target,
        target_type: valid.target_type,
        target_id: valid.target_id,
        reason: valid.reason,
        details: valid.details,
        id: null,
        created_at: nowIso(),
        pending: 'sending',
        outboxId: seq,
      };
      await db.reports.put(row);
      return row;
    }),
  );
}
