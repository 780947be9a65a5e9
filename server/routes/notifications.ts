import { sql, type Selectable } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { NotificationsTable } from '../db/schema';
import { requireUser } from '../lib/auth';
import { fieldError, notFound } from '../lib/errors';
import { page, readPaging } from '../lib/paging';
import { idParams } from '../lib/params';
import { conditional } from '../lib/conditional';
import type { Notification, NotificationKind } from '../../src/shared/chat';

/**
 * The notification bell (spec §4 Notification dropdown, §7). Notifications are made by the
 * server (services/notifications.ts); here a user reads and marks their own, nobody else's.
 */

export const serializeNotification = (n: Selectable<NotificationsTable>): Notification => ({
  id: n.id,
  message: n.message,
  link: n.link,
  is_read: n.is_read,
  created_at: n.created_at.toISOString(),
  // The table holds what services/notifications.ts wrote: a known kind and its parameters.
  kind: n.kind as NotificationKind,
  params: n.params as Notification['params'],
});

/** ?is_read= as DRF's boolean filter reads it; anything else is a 400, not a silently ignored filter. */
const IS_READ: Record<string, boolean> = { true: true, True: true, '1': true, false: false, False: false, '0': false };

const listQuery = z.object({ is_read: z.string().optional() }).passthrough();

const notifications: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get('/api/notifications/', { schema: { tags: ['notifications'], querystring: listQuery }, onSend: conditional }, async (request) => {
    const me = requireUser(request);
    const paging = readPaging(request);
    const raw = request.query.is_read;
    if (raw !== undefined && raw !== '' && !Object.hasOwn(IS_READ, raw)) {
      throw fieldError('is_read', 'Select a valid choice. That choice is not one of the available choices.');
    }
    let mine = db.selectFrom('notifications').where('user_id', '=', me.id);
    if (raw !== undefined && raw !== '') mine = mine.where('is_read', '=', IS_READ[raw]);
    const [rows, total] = await Promise.all([
      mine.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(paging.limit).offset(paging.offset).execute(),
      mine.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return page(request, rows.map(serializeNotification), total.n, paging);
  });

  app.post('/api/notifications/:id/mark-as-read/', { schema: { tags: ['notifications'], params: idParams } }, async (request) => {
    const me = requireUser(request);
    const { id } = request.params;
    // Only an unread one is written, so re-marking does not make every device sync it again.
    const marked = await db.updateTable('notifications').set({ is_read: true })
      .where('id', '=', id).where('user_id', '=', me.id).where('is_read', '=', false)
      .returningAll().executeTakeFirst();
    const row = marked ?? await db.selectFrom('notifications').selectAll().where('id', '=', id).where('user_id', '=', me.id).executeTakeFirst();
    if (!row) throw notFound();
    return serializeNotification(row);
  });

  app.post('/api/notifications/mark-all-as-read/', { schema: { tags: ['notifications'] } }, async (request) => {
    const me = requireUser(request);
    const result = await db.updateTable('notifications').set({ is_read: true })
      .where('user_id', '=', me.id).where('is_read', '=', false).executeTakeFirst();
    return { marked: Number(result.numUpdatedRows) };
  });
};

export default notifications;
