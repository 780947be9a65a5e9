import { sql, type Selectable } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db';
import type { MessagesTable } from '../db/schema';
import { requireUser, requireVerified, type UserRow } from '../lib/auth';
import { readForm } from '../lib/body';
import { badRequest, fieldError, forbidden, notFound } from '../lib/errors';
import { page, readPaging } from '../lib/paging';
import type { NewNotification } from '../services/notifications';
import {
  CHAT_FILE_FORMATS, OFFER_NEEDS_PRODUCT, ONLY_BUYER_OFFERS, sendMessageSchema,
} from '../../src/shared/messaging';
import { toFieldErrors } from '../../src/shared/validation';
import { idParams } from '../lib/params';
import { markConversationRead, participantConversation, readMarker, type ConversationRow } from './conversations';
import type { Message } from '../../src/shared/chat';

/**
 * Messages of a conversation (spec §4 Chat, DESIGN §5): read oldest first, sent with an
 * optional client_id so the outbox can retry a send without ever making a second message.
 */

export type MessageRow = Selectable<MessagesTable>;

/** A chat window's worth of messages per page. */
const MESSAGES_PAGE = 100;

export const serializeMessage = (m: MessageRow): Message => ({
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
 * The recipient's notification (DESIGN §5), in English for clients that do not translate
 * kinds. Unread chat messages gather in one notification per conversation ("3 new messages
 * from Ada", counted up in SQL by sendMessage) instead of one bell entry per line; every
 * offer gets its own.
 */
function notificationFor(c: ConversationRow, sender: UserRow, price: string | null, productName: string | undefined): NewNotification {
  const userId = c.buyer_id === sender.id ? c.supplier_id : c.buyer_id;
  const link = `/chat/${c.id}`;
  if (price !== null) {
    return {
      userId, kind: 'new_offer', link,
      params: { sender: sender.first_name, price, product: productName ?? '', conversation: c.id },
      message: `${sender.first_name} offered $${price}${productName ? ` for ${productName}` : ''}.`,
    };
  }
  return {
    userId, kind: 'new_message', link,
    params: { sender: sender.first_name, count: 1, conversation: c.id },
    message: `New message from ${sender.first_name}.`,
  };
}

interface NewMessage { text: string; imageUrl: string | null; price: string | null; clientId: string | null }

/**
 * Stores a message, moves the conversation (its order, its seq, the sender's read marker)
 * and tells the recipient, all in ONE statement: the global change-sequence lock is then
 * held for no network round trip (see takeSyncLock). Every part waits on the insert, which
 * takes that lock first. Answers nothing when the sender's client_id was already used.
 */
async function sendMessage(db: Database, c: ConversationRow, sender: UserRow, m: NewMessage, n: NewNotification) {
  const marker = sql.ref(readMarker(c, sender.id));
  const gather = n.kind === 'new_message';
  const query = sql<MessageRow>`
    with m as (
      insert into messages (conversation_id, sender_id, text, image_url, price, client_id)
      values (${c.id}, ${sender.id}, ${m.text}, ${m.imageUrl}, ${m.price}, ${m.clientId})
      on conflict (sender_id, client_id) do nothing
      returning *
    ), moved as (
      update conversations set
        last_message_timestamp = greatest(last_message_timestamp, (select timestamp from m)),
        ${marker} = greatest(${marker}, (select timestamp from m))
      where id = ${c.id} and exists (select 1 from m)
    ), open as (
      select id from notifications
      where ${gather} and exists (select 1 from m)
        and user_id = ${n.userId} and kind = 'new_message' and link = ${n.link} and not is_read
      order by id desc limit 1
    ), gathered as (
      update notifications set
        params = jsonb_build_object('sender', ${sender.first_name}::text, 'count', coalesce((params->>'count')::int, 1) + 1, 'conversation', ${c.id}::int),
        message = (coalesce((params->>'count')::int, 1) + 1)::text || ${` new messages from ${sender.first_name}.`}::text,
        created_at = now()
      where id = (select id from open)
      returning id
    ), fresh as (
      insert into notifications (user_id, kind, params, message, link)
      select ${n.userId}, ${n.kind}, ${JSON.stringify(n.params)}::jsonb, ${n.message}, ${n.link}
      from m where not exists (select 1 from gathered)
    )
    select * from m`;
  try {
    return (await query.execute(db)).rows[0] as MessageRow | undefined;
  } catch (error) {
    // The conversation went (an account was deleted) between our check and the insert.
    if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) throw notFound();
    throw error;
  }
}

const FOREIGN_KEY_VIOLATION = '23503';

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
      // Stored as our own media path whatever host the client wrote, so nobody can point others elsewhere.
      imageUrl = file.path;
    }

    const product = input.price === null || conversation.product_id === null ? undefined
      : await db.selectFrom('products').select('name').where('id', '=', conversation.product_id).executeTakeFirst();
    // A concurrent retry with the same client_id waits for the first insert, then inserts nothing.
    const message = await sendMessage(db, conversation, me,
      { text: input.text, imageUrl, price: input.price, clientId: input.client_id },
      notificationFor(conversation, me, input.price, product?.name));
    if (!message) return serializeMessage((await sent())!);
    reply.status(201);
    return serializeMessage(message);
  });
};

export default messages;
