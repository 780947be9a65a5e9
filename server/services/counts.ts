import { sql } from 'kysely';
import type { Database } from '../db';
import type { Counts } from '@/shared/types';

/**
 * The navbar's badges (docs/product.md#notifications): three counts, each one indexed query, so
 * polling from every open tab stays cheap.
 */
export async function countsOf(db: Database, userId: number): Promise<Counts> {
  const [notifications, messages, favorites] = await Promise.all([
    db
      .selectFrom('notifications')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', userId)
      .where('is_read', '=', false)
      .executeTakeFirstOrThrow(),
    // Messages from the other participant newer than my read marker, over all my conversations.
    db
      .selectFrom('conversations as c')
      .innerJoin('messages as m', 'm.conversation_id', 'c.id')
      .select(sql<number>`count(*)::int`.as('n'))
      .where((eb) => eb.or([eb('c.buyer_id', '=', userId), eb('c.supplier_id', '=', userId)]))
      .where('m.sender_id', '<>', userId)
      .where(
        sql<boolean>`m.timestamp > coalesce(case when c.buyer_id = ${userId} then c.buyer_last_read_at else c.supplier_last_read_at end, '-infinity'::timestamptz)`,
      )
      .executeTakeFirstOrThrow(),
    db.selectFrom('favorites').select(sql<number>`count(*)::int`.as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  return { notifications_unread: notifications.n, messages_unread: messages.n, favorites: favorites.n };
}
