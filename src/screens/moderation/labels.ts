import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ModerationAction, ReportTargetType } from '@/shared/trust';

/** What each action does, as the resolve form offers it: suspending a product or a message suspends its author's account. */
export const ACTION_LABELS: Record<ReportTargetType, Partial<Record<ModerationAction, MessageDescriptor>>> = {
  product: { dismiss: msg`Dismiss: nothing wrong`, hide: msg`Hide the product`, suspend: msg`Suspend the supplier's account` },
  message: { dismiss: msg`Dismiss: nothing wrong`, hide: msg`Hide the message`, suspend: msg`Suspend the sender's account` },
  user: { dismiss: msg`Dismiss: nothing wrong`, suspend: msg`Suspend the account` },
};

/** Undoing an earlier action, offered on a card whose target is hidden or suspended. */
export const REVERSAL_LABELS: Record<'restore' | 'reinstate', MessageDescriptor> = {
  restore: msg`Show the product again`,
  reinstate: msg`Lift the suspension`,
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

/** What a logged action was taken on: a report's target, or a business verification request. */
export const LOGGED_TARGETS: Record<string, MessageDescriptor> = { ...TARGET_LABELS, verification: msg`Verification request` };
