import type { NotificationRow } from '../db/db';
import { intent } from '../sync';
import { useLive, type Live } from './live';

/** The user's notifications, newest first; `unreadOnly` for the bell's dropdown. */
export function useNotifications({ unreadOnly = false }: { unreadOnly?: boolean } = {}): Live<NotificationRow[]> {
  return useLive(
    async ({ db }) => {
      const all = await db.notifications.orderBy('created_at').reverse().toArray();
      return unreadOnly ? all.filter((n) => !n.is_read) : all;
    },
    [unreadOnly],
  );
}

export const markNotificationRead = intent('markNotificationRead');
export const markAllNotificationsRead = intent('markAllNotificationsRead');
