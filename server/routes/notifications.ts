import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../lib/auth';
import { notFound } from '../lib/errors';
import { page, readPaging } from '../lib/paging';
import { idParams } from '../lib/params';
import { markAllNotificationsRead, markNotificationRead, notificationPage, serializeNotification } from '../services/notifications';
import { conditional } from '../lib/conditional';
import { failures, notModified } from '../lib/responses';
import { notificationSchema } from '../../src/shared/chat';
import { pageSchema } from '../../src/shared/types';

/**
 * The notification bell (spec §4 Notification dropdown, §7). Notifications are made by the
 * server (services/notifications.ts); here a user reads and marks their own, nobody else's.
 */

/** ?is_read= as DRF's boolean filter reads it; anything else is a 400, not a silently ignored filter. */
const IS_READ: Record<string, boolean> = { true: true, True: true, '1': true, false: false, False: false, '0': false };

const listQuery = z.looseObject({
  is_read: z
    .string()
    .refine((v) => v === '' || Object.hasOwn(IS_READ, v), 'Select a valid choice. That choice is not one of the available choices.')
    .optional()
    .transform((v) => (v ? IS_READ[v] : undefined)),
});

const notifications: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/notifications/',
    {
      schema: {
        tags: ['notifications'],
        querystring: listQuery,
        response: { 200: pageSchema(notificationSchema), 304: notModified, ...failures(400, 401) },
      },
      onSend: conditional,
    },
    async (request) => {
      const me = requireUser(request);
      const paging = readPaging(request);
      const { notifications: results, count } = await notificationPage(db, me.id, request.query.is_read, paging);
      return page(request, results, count, paging);
    },
  );

  app.post(
    '/api/notifications/:id/mark-as-read/',
    { schema: { tags: ['notifications'], params: idParams, response: { 200: notificationSchema, ...failures(401, 404) } } },
    async (request) => {
      const me = requireUser(request);
      const { id } = request.params;
      const row = await markNotificationRead(db, me.id, id);
      if (!row) throw notFound();
      return serializeNotification(row);
    },
  );

  app.post(
    '/api/notifications/mark-all-as-read/',
    { schema: { tags: ['notifications'], response: { 200: z.object({ marked: z.number() }), ...failures(401) } } },
    async (request) => {
      const me = requireUser(request);
      return { marked: await markAllNotificationsRead(db, me.id) };
    },
  );
};

export default notifications;
