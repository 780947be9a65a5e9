import { ALL_PUSH_KINDS, type PushKinds } from '../../shared/push';

/** What the screens read at once about notifications on this device; the subscribing is ./subscription.ts (lazy). */
export const KINDS_KEY = 'push_kinds';

export type PushPermission = 'default' | 'granted' | 'denied' | 'unsupported';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

export function pushPermission(): PushPermission {
  return pushSupported() ? Notification.permission : 'unsupported';
}

export function storedKinds(): PushKinds {
  try {
    return { ...ALL_PUSH_KINDS, ...JSON.parse(localStorage.getItem(KINDS_KEY) ?? '{}') };
  } catch {
    return ALL_PUSH_KINDS;
  }
}
