/// <reference lib="webworker" />
import type { Notification } from '@/shared/chat';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { pushedToDevice, receivePushed } from '@/sync/worker/handlers';

/**
 * What a push shows (the server's payload: server/services/push/sender.ts) and where a click leads.
 * The body is already worded in the device's language; one notification per conversation or
 * product (the tag), a newer one replacing it and alerting again.
 */
export interface Pushed {
  /** Whose notifications these are (the server names them); null from a server that does not. */
  userId: number | null;
  title: string;
  body: string;
  tag: string;
  url: string;
  notifications: Notification[];
}

export const ICON = '/icons/icon-192.png';
/** What a push for an account no longer signed in here says instead of its content. */
const SIGN_IN_TO_SEE = msg`Sign in to see your notifications.`;
/** Android shows the badge as a monochrome silhouette in the status bar. */
export const BADGE = '/icons/badge-96.png';

/** The push's payload, or null for one this app did not send (nothing to show then). */
export function notificationOf(data: PushMessageData | null): Pushed | null {
  try {
    const payload = data?.json() as Partial<Pushed> | undefined;
    if (!payload || typeof payload.title !== 'string' || typeof payload.body !== 'string') return null;
    const recipient = (payload as { user_id?: unknown }).user_id;
    return {
      userId: typeof recipient === 'number' ? recipient : null,
      title: payload.title,
      body: payload.body,
      tag: typeof payload.tag === 'string' ? payload.tag : 'notifications',
      url: typeof payload.url === 'string' && payload.url.startsWith('/') ? payload.url : '/',
      notifications: Array.isArray(payload.notifications) ? payload.notifications : [],
    };
  } catch {
    return null;
  }
}

/**
 * Stores what the push brought and shows it, when it is for the account signed in on this
 * device. A push for anyone else (an account that signed out here) shows nothing of its content,
 * is not kept, and ends the subscription it came on, which was that account's: the browser asks
 * for something on screen for every push, so it gets a line that tells nothing.
 */
export async function showPushed(registration: ServiceWorkerRegistration, pushed: Pushed): Promise<void> {
  const mine = await pushedToDevice(pushed.userId).catch(() => pushed.userId === null);
  if (!mine) {
    await registration.pushManager
      ?.getSubscription()
      .then((subscription) => subscription?.unsubscribe())
      .catch(() => undefined);
    await registration.showNotification(pushed.title, { body: i18n._(SIGN_IN_TO_SEE), icon: ICON, badge: BADGE, tag: 'signed-out' });
    return;
  }
  const shown = registration.showNotification(pushed.title, {
    body: pushed.body,
    icon: ICON,
    badge: BADGE,
    tag: pushed.tag,
    renotify: true,
    data: { url: pushed.url },
    timestamp: Date.parse(pushed.notifications[0]?.created_at ?? '') || Date.now(),
  } as NotificationOptions);
  const stored = receivePushed(pushed.notifications, pushed.userId).catch((error) =>
    console.warn('Could not store what a push brought', error),
  );
  await Promise.all([shown, stored]);
}

/** Focuses a window of the app at `url`, else takes one there, else opens one. */
export async function openTarget(clients: Clients, url: string): Promise<void> {
  const target = new URL(url, self.location.origin).href;
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })) as WindowClient[];
  const same = windows.find((client) => client.url === target);
  if (same) {
    await same.focus();
    return;
  }
  const any = windows.find((client) => client.url.startsWith(self.location.origin));
  // Taken to the page first, then brought forward; a window it cannot take (not ours yet) gives way to a new one.
  const moved = any ? await any.navigate(target).catch(() => null) : null;
  if (moved) await moved.focus();
  else await clients.openWindow(target);
}
