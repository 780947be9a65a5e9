import { api, type Notification } from './api';
import { decrementNotificationCount, refreshCounts } from './counts';

export type { Notification };

/** The unread notifications, fetched when the bell's dropdown opens; failures are logged only. */
export async function fetchUnreadNotifications(): Promise<Notification[]> {
  try {
    return (await api.unreadNotifications()).filter((item) => !item.is_read);
  } catch (error) {
    console.warn('Could not load the notifications', error);
    return [];
  }
}

/** Marks one notification read on the server and lowers the badge; true when it worked. */
export async function markNotificationRead(id: number): Promise<boolean> {
  try {
    await api.markNotificationRead(id);
    await decrementNotificationCount();
    return true;
  } catch (error) {
    console.warn('Could not mark the notification read', error);
    return false;
  }
}

/** Marks every notification read; the badge is refreshed from the server. True when it worked. */
export async function markAllNotificationsRead(): Promise<boolean> {
  try {
    await api.markAllNotificationsRead();
    await refreshCounts();
    return true;
  } catch (error) {
    console.warn('Could not mark the notifications read', error);
    return false;
  }
}
