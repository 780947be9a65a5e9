import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../lib/auth';
import { notFound } from '../lib/errors';
import { page, readPaging } from '../lib/paging';
import { idParams } from '../lib/params';
import { readForm } from '../services/media/forms';
import { parseInput } from '../lib/validate';
import { markAllNotificationsRead, markNotificationRead, notificationPage, serializeNotification } from '../services/notifications';
import { conditional } from '../lib/conditional';
import { failures, notModified } from '../lib/responses';
import { notificationSchema } from '@/shared/chat';
import { pageSchema } from '@/shared/types';

/**
 * The notification bell (docs/product.md#notifications). Notifications are made by the
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

const BAD_TIME = 'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].';
/** ISO 8601 as Django reads it: date, then optionally time (T or space), seconds, fraction and offset. */
const ISO_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:[.,](\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** An ISO 8601 time as a Date, UTC when no offset is given; undefined when it is not a real time. */
function readTime(text: string): Date | undefined {
  const m = ISO_TIME.exec(text.trim());
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((v) => Number(v ?? 0));
  const ms = Number((m[7] ?? '0').padEnd(3, '0').slice(0, 3));
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  const at = new Date(utc);
  // Date.UTC rolls 31 February over into March: such a time does not exist.
  if (at.getUTCMonth() !== month - 1 || at.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return undefined;
  const zone = m[8] && m[8].toUpperCase() !== 'Z' ? m[8] : '';
  if (!zone) return at;
  const sign = zone[0] === '-' ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const offset = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || 0);
  if (offset > 18 * 60) return undefined;
  return new Date(utc - sign * offset * 60_000);
}

/** `until` as DRF's DateTimeField reads it; empty or null means none. */
const markAllInput = z.looseObject({
  until: z
    .union([z.string(), z.null()], BAD_TIME)
    .optional()
    .refine((v) => !v || readTime(v) !== undefined, BAD_TIME)
    .transform((v) => (v ? readTime(v) : undefined)),
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
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark my unread notifications read (only those created at or before `until`, when given)',
        description:
          'Optional body {"until": "<ISO 8601 time>"}: a device sends the created_at of the newest notification it has shown, ' +
          'so a "mark all" made offline never marks what arrived later.',
        response: { 200: z.object({ marked: z.number().int() }), ...failures(400, 401, 413) },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const { until } = parseInput(markAllInput, (await readForm(request)).fields);
      return { marked: await markAllNotificationsRead(db, me.id, until) };
    },
  );
};

export default notifications;
