import { sql } from 'kysely';
import type { Database } from '../../db';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { displayNames } from './names';
import { SERVER_MESSAGES } from '@/shared/messages';

/**
 * Blocking (docs/api.md#trust-and-safety): a blocked account cannot start a conversation with the
 * blocker, message them or answer their offers, and the blocker gets no notification from them.
 * The blocker may still write to the blocked account; nobody is told of a block.
 */

export async function block(db: Database, blockerId: number, blockedId: number) {
  if (blockerId === blockedId) throw badRequest(SERVER_MESSAGES.CANNOT_BLOCK_SELF);
  const user = await db.selectFrom('users').select('id').where('id', '=', blockedId).executeTakeFirst();
  if (!user) throw notFound();
  await db
    .insertInto('blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function unblock(db: Database, blockerId: number, blockedId: number) {
  if (blockerId === blockedId) throw badRequest(SERVER_MESSAGES.CANNOT_BLOCK_SELF);
  await db.deleteFrom('blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).execute();
}

/** The accounts the user blocked, newest first: `{id, name}`. */
export async function blockedPage(db: Database, blockerId: number, paging: { limit: number; offset: number }) {
  const mine = db.selectFrom('blocks').where('blocker_id', '=', blockerId);
  const [rows, total] = await Promise.all([
    mine
      .select(['blocked_id'])
      .orderBy('created_at', 'desc')
      .orderBy('blocked_id', 'desc')
      .limit(paging.limit)
      .offset(paging.offset)
      .execute(),
    mine.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const names = await displayNames(
    db,
    rows.map((r) => r.blocked_id),
  );
  return { results: rows.map((r) => ({ id: r.blocked_id, name: names.get(r.blocked_id) ?? '' })), count: total.n };
}

/** Whether `blockerId` blocked `blockedId`. */
export async function hasBlocked(db: Database, blockerId: number, blockedId: number): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .executeTakeFirst();
  return row !== undefined;
}

/** 403 when `recipientId` blocked `senderId`: starting a conversation, a message, an answer to an offer. */
export async function refuseIfBlocked(db: Database, recipientId: number, senderId: number) {
  if (await hasBlocked(db, recipientId, senderId)) throw forbidden(SERVER_MESSAGES.CANNOT_MESSAGE_USER);
}

/** SQL: `recipient` has not blocked `actor` (for the notifications a write makes). */
export const notBlocked = (recipientId: number, actorId: number) =>
  sql<boolean>`not exists (select 1 from blocks where blocker_id = ${recipientId}::int and blocked_id = ${actorId}::int)`;

/** 403 when the other side of the conversation of message `messageId` blocked `senderId` (answers to offers). */
export async function refuseIfBlockedAbout(db: Database, messageId: number, senderId: number) {
  const row = await db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select(['c.buyer_id', 'c.supplier_id'])
    .where('m.id', '=', messageId)
    .executeTakeFirst();
  if (!row || (row.buyer_id !== senderId && row.supplier_id !== senderId)) return;
  await refuseIfBlocked(db, row.buyer_id === senderId ? row.supplier_id : row.buyer_id, senderId);
}
