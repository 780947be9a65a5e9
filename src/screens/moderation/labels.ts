import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ModerationAction, ReportTargetType } from '@/shared/trust';

/** What each action does, as the resolve form offers it. */
export const ACTION_LABELS: Record<ModerationAction, MessageDescriptor> = {
  dismiss: msg`Dismiss: nothing wrong`,
  hide: msg`Hide it`,
  suspend: msg`Suspend the account`,
};

/** The log's words for every action the server records (restore and reinstate too). */
export const LOGGED_ACTIONS: Record<string, MessageDescriptor> = {
  dismiss: msg`Dismissed`,
  hide: msg`Hidden`,
  suspend: msg`Suspended`,
  restore: msg`Shown again`,
  reinstate: msg`Reinstated`,
  approve_verification: msg`Verification approved`,
  reject_verification: msg`Verification rejected`,
};

export const TARGET_LABELS: Record<ReportTargetType, MessageDescriptor> = {
  product: msg`Product`,
  user: msg`Account`,
  message: msg`Message`,
};
