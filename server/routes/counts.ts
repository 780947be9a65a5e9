import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../lib/auth';
import type { Counts } from '../../src/shared/types';
import { conditional } from '../lib/conditional';

/**
 * The navbar's badges (spec §4 Global counts: refreshed every 60 s): three counts, each one
 * indexed query, so polling from every open tab stays cheap; an unchanged answer is a 304.
 */
const counts: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get('/api/me/counts/', { schema: { tags: ['account'] }, onSend: conditional }, async (request): Promise<Counts> => {
    const me = requireUser(request);
    const [notifications, messages, favorites] = await Promise.all([
      db.selectFrom('notifications').select(sql<number>`count(*)::int`.as('n'))
        .where('user_id', '=', me.id).where('is_read', '=', false).executeTakeFirstOrThrow(),
      // Messages from the other participant newer than my read marker, over all my conversations.
      db.selectFrom('conversations as c').innerJoin('messages as m', 'm.conversation_id', 'c.id')
        .select(sql<number>`count(*)::int`.as('n'))
        .where((eb) => eb.or([eb('c.buyer_id', '=', me.id), eb('c.supplier_id', '=', me.id)]))
        .where('m.sender_id', '<>', me.id)
        .where(sql<boolean>`m.timestamp > coalesce(case when c.buyer_id = ${me.id} then c.buyer_last_read_at else c.supplier_last_read_at end, '-infinity'::timestamptz)`)
        .executeTakeFirstOrThrow(),
      db.selectFrom('favorites').select(sql<number>`count(*)::int`.as('n')).where('user_id', '=', me.id).executeTakeFirstOrThrow(),
    ]);
    return { notifications_unread: notifications.n, messages_unread: messages.n, favorites: favorites.n };
  });
};

export default counts;
