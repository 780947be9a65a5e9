import type { ReportRow } from '../db/db';
import type { ReportTargetType } from '../shared/trust';
import { intent } from '../sync';
import { useLive } from './live';

export type { ReportRow };

/**
 * The user's report of one item, as the device holds it (docs/sync.md#reports): null when they
 * have not reported it, undefined until the device has been read.
 */
export function useReport(type: ReportTargetType, id: number): ReportRow | null | undefined {
  const { data } = useLive(async ({ db }) => (await db.reports.get(`${type}:${id}`)) ?? null, [type, id]);
  return data;
}

export const reportTarget = intent('reportTarget');
