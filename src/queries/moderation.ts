import { api } from '../sync';
import type { ModerationAction } from '@/shared/trust';
import type { ModerationReport } from '@/shared/trust-schema';

/** One page is the whole working queue: a moderator clears it before more arrive. */
const QUEUE_LIMIT = 200;
const LOG_LIMIT = 50;

/** The reports of one target, shown and resolved together (docs/product.md#trust-and-safety). */
export interface ReportGroup {
  key: string;
  /** The report resolved on the group's behalf: the server resolves every open report of its target with it. */
  first: ModerationReport;
  reports: ModerationReport[];
}

/** Open reports by target, most-reported target first; the server's order holds within equal counts. */
export function groupByTarget(reports: ModerationReport[]): ReportGroup[] {
  const groups = new Map<string, ReportGroup>();
  for (const report of reports) {
    const key = `${report.target_type}:${report.target_id}`;
    const group = groups.get(key);
    if (group) group.reports.push(report);
    else groups.set(key, { key, first: report, reports: [report] });
  }
  const count = (group: ReportGroup) => Math.max(group.first.reports_count, group.reports.length);
  return [...groups.values()].sort((a, b) => count(b) - count(a));
}

/** The actions a target allows: an account cannot be hidden, only suspended; what is already hidden or suspended is not again. */
export function actionsFor(report: ModerationReport): ModerationAction[] {
  const target = report.target as { is_hidden?: boolean; is_suspended?: boolean } | null;
  const actions: ModerationAction[] = ['dismiss'];
  if (report.target_type !== 'user' && !target?.is_hidden) actions.push('hide');
  if (!target?.is_suspended) actions.push('suspend');
  return actions;
}

/** What undoes an earlier action on a report's target: a hidden product shown again, a suspended account reinstated. */
export type Reversal = 'restore' | 'reinstate';

export function reversalFor(report: ModerationReport): Reversal | null {
  const target = report.target as { is_hidden?: boolean; is_suspended?: boolean } | null;
  if (report.target_type === 'product' && target?.is_hidden) return 'restore';
  if (report.target_type === 'user' && target?.is_suspended) return 'reinstate';
  return null;
}

/**
 * The moderators' calls: straight to the server through the API client, nothing kept on the
 * device, so they fail offline with the client's error (docs/architecture.md#the-web-app-one-direction).
 */
export const moderation = {
  openReports: async () => groupByTarget((await api.moderationReports('open', QUEUE_LIMIT)).results),
  resolve: (group: ReportGroup, action: ModerationAction, reason: string) => api.resolveReport(group.first.id, action, reason),
  /** Restoring a product resolves its open appeal only; reinstating resolves nothing: the queue is read again after either. */
  reverse: (group: ReportGroup, reversal: Reversal, reason: string) =>
    reversal === 'restore' ? api.restoreProduct(group.first.target_id, reason) : api.reinstateUser(group.first.target_id, reason),
  /** The target's reports (resolved ones too) and every action taken on it. */
  history: async (group: ReportGroup) => (await api.moderationReport(group.first.id)).history ?? { reports: [], actions: [] },
  pendingVerifications: async () => (await api.moderationVerifications(QUEUE_LIMIT)).results,
  approve: (id: number) => api.decideVerification(id, 'approve', ''),
  reject: (id: number, reason: string) => api.decideVerification(id, 'reject', reason),
  actionLog: async () => (await api.moderationActions(LOG_LIMIT)).results,
};
