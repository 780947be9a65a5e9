import { sql, type Selectable } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db';
import type { MessagesTable } from '../db/schema';
import { requireUser, requireVerified, type UserRow } from '../lib/auth';
import { readForm } from '../lib/body';
import { badRequest, fieldError, forbidden } from '../lib/errors';
import { page, readPaging } from '../lib/paging';
import { notify } from '../services/notifications';
import {
  CHAT_FILE_FORMATS, OFFER_NEEDS_PRODUCT, ONLY_BUYER_OFFERS, sendMessageSchema,
} from '../../src/shared/messaging';
import { toFieldErrors } from '../../src/shared/validation';
import { idParams, markConversationRead, participantConversation, readMarker, takeSyncLock, type ConversationRow } from './conversations';

/**
 * Messages of a conversation (spec §4 Chat, DESIGN §5): read oldest first, sent with an
 * optional client_id so the outbox can retry a send without ever making a second message.
 */

export type MessageRow = Selectable<MessagesTable>;

/** A chat window's worth of messages per page. */
const MESSAGES_PAGE = 100;

export const serializeMessage = (m: MessageRow) => ({
  id: m.id,
  conversation: m.conversation_id,
  sender: { id: m.sender_id },
  text: m.text,
  image_url: m.image_url,
  price: m.price,
  timestamp: m.timestamp.toISOString(),
  client_id: m.client_id,
});

/**
 * Tells the recipient. Unread chat messages gather in one notification per conversation
 * ("3 new messages from Ada") instead of one bell entry per line; every offer gets its own.
 */
async function notifyRecipient(db: Database, c: ConversationRow, sender: UserRow, m: MessageRow) {
  const recipient = c.buyer_id === sender.id ? c.supplier_id : c.buyer_id;
  const link = `/chat/${c.id}`;
  if (m.price !== null) {
    const product = c.product_id === null ? undefined
      : await db.selectFrom('products').select('name').where('id', '=', c.product_id).executeTakeFirst();
    await notify(db, {
      userId: recipient, kind: 'new_offer', link,
      params: { sender: sender.first_name, price: m.price, product: product?.name ?? '', conversation: c.id },
      message: `${sender.first_name} offered $${m.price}${product ? ` for ${product.name}` : ''}.`,
    });
    return;
  }
  // One statement: count one more into the open notification, if there is one.
  const gathered = await db.updateTable('notifications')
    .set({
      params: sql`jsonb_build_object('sender', ${sender.first_name}::text, 'count', coalesce((params->>'count')::int, 1) + 1, 'conversation', ${c.id}::int)`,
      message: sql`(coalesce((params->>'count')::int, 1) + 1) || ${` new messages from ${sender.first_name}.`}::text`,
      created_at: sql`now()`,
    })
    .where('id', '=', (eb) => eb.selectFrom('notifications').select('id')
      .where('user_id', '=', recipient).where('kind', '=', 'new_message').where('link', '=', link).where('is_read', '=', false)
      .orderBy('id', 'desc').limit(1))
    .executeTakeFirst();
  if (Number(gathered.numUpdatedRows) > 0) return;
  await notify(db, {
    userId: recipient, kind: 'new_message', link,
    params: { sender: sender.first_name, count: 1, conversation: c.id },
    message: `New message from ${sender.first_name}.`,
  });
}

const messages: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get('/api/conversations/:id/messages/', { schema: { tags: ['chat'], params: idParams } }, async (request) => {
    const me = requireUser(request);
    const conversation = await participantConversation(db, request.params.id, me.id);
    const paging = readPaging(request, MESSAGES_PAGE);
    // The page and the total in one query (polled every few seconds); past the end, count apart.
    const rows = await db.selectFrom('messages').selectAll().select(sql<number>`count(*) over ()::int`.as('total'))
      .where('conversation_id', '=', conversation.id)
      .orderBy('timestamp').orderBy('id').limit(paging.limit).offset(paging.offset).execute();
    const total = rows.length > 0 ? rows[0].total
      : (await db.selectFrom('messages').select(sql<number>`count(*)::int`.as('n')).where('conversation_id', '=', conversation.id).executeTakeFirstOrThrow()).n;
    await markConversationRead(db, conversation, me.id);
    return page(request, rows.map(serializeMessage), total, paging);
  });

  app.post('/api/conversations/:id/messages/', { schema: { tags: ['chat'], params: idParams } }, async (request, reply) => {
    const me = requireVerified(request);
    const conversation = await participantConversation(db, request.params.id, me.id);
    const { fields } = await readForm(request);
    const parsed = sendMessageSchema.safeParse(fields);
    if (!parsed.success) throw badRequest(toFieldErrors(parsed.error.issues));
    const input = parsed.data;

    // A retry of a send that already went through: the first message, nothing new.
    const sent = async () => input.client_id === null ? undefined
      : db.selectFrom('messages').selectAll().where('sender_id', '=', me.id).where('client_id', '=', input.client_id).executeTakeFirst();
    const earlier = await sent();
    if (earlier) return serializeMessage(earlier);

    if (input.price !== null) {
      if (conversation.buyer_id !== me.id) throw forbidden(ONLY_BUYER_OFFERS);
      if (conversation.product_id === null) throw fieldError('price', OFFER_NEEDS_PRODUCT);
    }
    let imageUrl: string | null = null;
    if (input.image !== null) {
      const file = await app.media.resolve(input.image);
      if (!file || !(CHAT_FILE_FORMATS as readonly string[]).includes(file.format)) {
        throw fieldError('image', 'Upload the file with /api/media/upload/ first and send the URL it answers.');
      }
      // Stored on our own origin whatever host the client wrote, so nobody can point others elsewhere.
      imageUrl = `${app.config.publicUrl ?? `${request.protocol}://${request.host}`}${file.path}`;
    }

    const message = await db.transaction().execute(async (trx) => {
      await takeSyncLock(trx);
      // A concurrent retry waits for the first insert and then inserts nothing.
      const inserted = await trx.insertInto('messages').values({
        conversation_id: conversation.id, sender_id: me.id, text: input.text, image_url: imageUrl,
        price: input.price, client_id: input.client_id,
      }).onConflict((oc) => oc.columns(['sender_id', 'client_id']).doNothing()).returningAll().executeTakeFirst();
      if (!inserted) return undefined;
      // The list's order and the conversation's seq move; the sender has read up to here.
      // The time is read in SQL: a JS Date would drop its microseconds and leave the message "unread".
      const marker = readMarker(conversation, me.id);
      const sentAt = sql`(select timestamp from messages where id = ${inserted.id})`;
      await trx.updateTable('conversations').where('id', '=', conversation.id).set({
        last_message_timestamp: sql`greatest(last_message_timestamp, ${sentAt})`,
        [marker]: sql`greatest(${sql.ref(marker)}, ${sentAt})`,
      }).execute();
      await notifyRecipient(trx, conversation, me, inserted);
      return inserted;
    });
    if (!message) return serializeMessage((await sent())!);
    reply.status(201);
    return serializeMessage(message);
  });
};

export default messages;
