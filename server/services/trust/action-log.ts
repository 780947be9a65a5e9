import type { Database } from '../../db';
import type { ReportTargetType } from '@/shared/trust';

/**
 * One line of the moderators' log (moderation_actions, docs/api.md#trust-and-safety): who did
 * what to which target, and why. Written by moderation and by verification decisions alike.
 */
export async function logAction(
  db: Database,
  moderatorId: number | null,
  action: string,
  type: ReportTargetType | 'verification',
  id: number,
  reason: string,
): Promise<number> {
  const row = await db
    .insertInto('moderation_actions')
    .values({ moderator_id: moderatorId, action, target_type: type, target_id: id, reason })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
