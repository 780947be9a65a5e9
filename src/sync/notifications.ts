import { db, type NotificationRow } from '../data/db';
import { markAllNotificationsRead as markAll, markNotificationRead as markOne, syncNow } from './intents';

export type Notification = NotificationRow;

/** The unread notifications as the device holds them after a fresh pull (spec §4: fetched on opening). */
export async function fetchUnreadNotifications(): Promise<Notification[]> {
  await syncNow().catch((error) => console.warn('Could not refresh the notifications', error));
  return (await db.notifications.orderBy('created_at').reverse().toArray()).filter((n) => !n.is_read);
}

/** Marks one read at once on the device; the outbox tells the server. */
export async function markNotificationRead(id: number): Promise<boolean> {
  await markOne(id);
  return true;
}

export async function markAllNotificationsRead(): Promise<boolean> {
  await markAll();
  return true;
}
