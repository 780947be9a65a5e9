import type { NotificationRow } from './db';
import { useLive } from './local';

/** The user's notifications, newest first; `unreadOnly` for the bell's dropdown. */
export function useNotifications({ unreadOnly = false }: { unreadOnly?: boolean } = {}): NotificationRow[] | undefined {
  return useLive(
    async ({ db }) => {
      const all = await db.notifications.orderBy('created_at').reverse().toArray();
      return unreadOnly ? all.filter((n) => !n.is_read) : all;
    },
    [unreadOnly],
  );
}
