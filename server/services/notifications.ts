import { sql, type Selectable } from 'kysely';
import type { Database } from '../db';
import type { NotificationsTable } from '../db/schema';
import type { Notification, NotificationKind } from '@/shared/chat';

/** What happened (kind), for the reader's language: the web app words it from kind + params. */
export type { NotificationKind };

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  params: Record<string, string | number>;
  /** English wording, for clients that do not translate kinds. */
  message: string;
  /** An app route to open, e.g. /chat/12 or /products/5. */
  link: string;
  /** Who made it happen: a recipient who blocked them gets nothing (docs/api.md#trust-and-safety). */
  actorId?: number;
}

/**
 * Server-made notifications (docs/product.md#notifications). Call inside the transaction that made the event;
 * answers the new notification's id, for the route to push once the request is done.
 */
export async function notify(db: Database, n: NewNotification): Promise<number | null> {
  if (n.actorId !== undefined) {
    const { rows } = await sql<{ id: number }>`
      insert into notifications (user_id, kind, params, message, link)
      select ${n.userId}, ${n.kind}, ${JSON.stringify(n.params)}::jsonb, ${n.message}, ${n.link}
      where not exists (select 1 from blocks where blocker_id = ${n.userId}::int and blocked_id = ${n.actorId}::int)
      returning id`.execute(db);
    return rows[0]?.id ?? null;
  }
  const row = await db
    .insertInto('notifications')
    .values({
      user_id: n.userId,
      kind: n.kind,
      params: JSON.stringify(n.params),
      message: n.message,
      link: n.link,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const serializeNotification = (n: Selectable<NotificationsTable>): Notification => ({
  id: n.id,
  message: n.message,
  link: n.link,
  is_read: n.is_read,
  created_at: n.created_at.toISOString(),
  // The table holds what notify() wrote: a known kind and its parameters.
  kind: n.kind as NotificationKind,
  params: n.params as Notification['params'],
});

/** Marks one of the user's notifications read; only an unread one is written, so devices do not sync it again. */
export async function markNotificationRead(db: Database, userId: number, id: number) {
  const marked = await db
    .updateTable('notifications')
    .set({ is_read: true })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('is_read', '=', false)
    .returningAll()
    .executeTakeFirst();
  return marked ?? db.selectFrom('notifications').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/**
 * Marks the user's unread notifications read, only those created at or before `until` when
 * given (a device marks what it has shown, never what arrived later: docs/api.md); answers
 * how many. Compared at the millisecond, the precision of the `created_at` clients are sent.
 */
export async function markAllNotificationsRead(db: Database, userId: number, until?: Date): Promise<number> {
  let query = db.updateTable('notifications').set({ is_read: true }).where('user_id', '=', userId).where('is_read', '=', false);
  if (until) query = query.where(sql`date_trunc('milliseconds', created_at)`, '<=', until);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** One page of the user's notifications, newest first (only read or unread ones when `isRead` is given), and how many there are. */
export async function notificationPage(
  db: Database,
  userId: number,
  isRead: boolean | undefined,
  paging: { limit: number; offset: number },
) {
  let mine = db.selectFrom('notifications').where('user_id', '=', userId);
  if (isRead !== undefined) mine = mine.where('is_read', '=', isRead);
  const [rows, total] = await Promise.all([
    mine.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(paging.limit).offset(paging.offset).execute(),
    mine.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { notifications: rows.map(serializeNotification), count: total.n };
}
