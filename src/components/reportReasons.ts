import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ReportReason, ReportTargetType } from '@/shared/trust';

/** The report reasons as the sheet shows them (src/shared/trust.ts holds the list). */
export const REASON_LABELS: Record<ReportReason, MessageDescriptor> = {
  scam: msg`Scam or fraud`,
  counterfeit: msg`Counterfeit goods`,
  prohibited: msg`Prohibited item`,
  offensive: msg`Offensive or abusive`,
  spam: msg`Spam`,
  other: msg`Something else`,
};

export const REPORT_TITLES: Record<ReportTargetType, MessageDescriptor> = {
  product: msg`Report this product`,
  user: msg`Report this user`,
  message: msg`Report this message`,
};
