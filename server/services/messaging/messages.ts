import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db';
import type { MessagesTable } from '../../db/schema';
import type { UserRow } from '../accounts/sessions';
import { fieldError, forbidden, notFound, tooManyRequests } from '../../lib/errors';
import { messageRules, type RateLimiter } from '../rate-limit';
import type { NewNotification } from '../notifications';
import { markConversationRead, readMarker, type ConversationRow, type ParticipantConversation } from './conversations';
import { OFFER_NEEDS_PRODUCT, ONLY_BUYER_OFFERS, SENDING_TOO_FAST } from '@/shared/messaging';
import type { Message } from '@/shared/chat';
import { buyerCounterRefusal, OFFER_LIFETIME_DAYS, quantityRefusal } from '@/shared/deals';
import { unitPrice } from '@/shared/prices';
import { SERVER_MESSAGES } from '@/shared/messages';

/**
 * Messages of a conversation (docs/product.md#chat-rules, docs/api.md#idempotent-writes), sent with an optional client_id so
 * the outbox can retry a send without ever making a second message.
 */

/** A stored message, with its file's size when the upload ledger still has it (`fileSize`). */
export type MessageRow = Selectable<MessagesTable> & { file_size?: number | string | null };

/**
 * A chat file's size in bytes, from the upload ledger (media_uploads); null for a message
 * without a file, or once the ledger's row is swept (docs/api.md).
 */
export const fileSize = sql<number | null>`(select max(bytes)::int from media_uploads where path = messages.image_url)`.as('file_size');

export const serializeMessage = (m: MessageRow): Message => ({
  id: m.id,
  conversation: m.conversation_id,
  sender: { id: m.sender_id },
  // A message a moderator hid reads back blanked to both sides (docs/api.md#trust-and-safety).
  ...(m.hidden_at ? { text: '', image_url: null, file_name: null, file_size: null, is_hidden: true } : serializedContent(m)),
  price: m.price,
  timestamp: m.timestamp.toISOString(),
  client_id: m.client_id,
  quantity: m.quantity,
  // Answered on read: a pending offer past its end shows as expired (docs/api.md#offers-and-orders).
  offer_state: m.offer_state === 'pending' && m.expires_at !== null && m.expires_at.getTime() <= Date.now() ? 'expired' : m.offer_state,
  expires_at: m.expires_at?.toISOString() ?? null,
  reply_to: m.reply_to,
  event: m.event,
});

const serializedContent = (m: MessageRow) => ({
  text: m.text,
  image_url: m.image_url,
  file_name: m.file_name,
  file_size: m.image_url !== null && m.file_size !== undefined && m.file_size !== null ? Number(m.file_size) : null,
});

/**
 * The recipient's notification (docs/product.md#notifications), in English for clients that do not translate
 * kinds. Unread chat messages gather in one notification per conversation ("3 new messages
 * from Ada", counted up in SQL by insertMessage) instead of one bell entry per line, and so do
 * unread offers ("3 new offers from Ada", `count` and the newest price in its params).
 */
function notificationFor(c: ConversationRow, sender: UserRow, price: string | null, productName: string | undefined): NewNotification {
  const userId = c.buyer_id === sender.id ? c.supplier_id : c.buyer_id;
  const link = `/chat/${c.id}`;
  if (price !== null) {
    return {
      userId,
      kind: 'new_offer',
      link,
      params: { sender: sender.first_name, price, product: productName ?? '', conversation: c.id, count: 1 },
      message: `${sender.first_name} offered $${price}${productName ? ` for ${productName}` : ''}.`,
    };
  }
  return {
    userId,
    kind: 'new_message',
    link,
    params: { sender: sender.first_name, count: 1, conversation: c.id },
    message: `New message from ${sender.first_name}.`,
  };
}

export interface NewMessage {
  text: string;
  imageUrl: string | null;
  fileName: string | null;
  price: string | null;
  /** An offer's quantity; null: the product's minimum order. */
  quantity?: number | null;
  clientId: string | null;
}

/**
 * Stores a message, moves the conversation (its order, its change, the sender's read marker)
 * and tells the recipient in one statement, i.e. one round trip and an atomic whole: every
 * part waits on the insert, so a client_id already used makes none of it happen (answers
 * nothing then).
 */
async function insertMessage(db: Database, c: ConversationRow, sender: UserRow, m: NewMessage, n: NewNotification) {
  const marker = sql.ref(readMarker(c, sender.id));
  // An unread notification of the same kind for this conversation gathers the new one: its
  // count goes up and it shows the newest offer (clients that ignore `count` word that offer).
  const count = sql`coalesce((open.params->>'count')::int, 1) + 1`;
  const gatheredParams =
    n.kind === 'new_offer'
      ? sql`jsonb_build_object('sender', ${sender.first_name}::text, 'count', ${count}, 'conversation', ${c.id}::int, 'price', ${String(n.params.price)}::text, 'product', ${String(n.params.product ?? '')}::text)`
      : sql`jsonb_build_object('sender', ${sender.first_name}::text, 'count', ${count}, 'conversation', ${c.id}::int)`;
  const gatheredWording = n.kind === 'new_offer' ? ` new offers from ${sender.first_name}.` : ` new messages from ${sender.first_name}.`;
  const query = sql<MessageRow & { notification_id: number | null }>`
    with m as (
      insert into messages (conversation_id, sender_id, text, image_url, file_name, price, client_id, quantity, offer_state, expires_at)
      values (${c.id}, ${sender.id}, ${m.text}, ${m.imageUrl}, ${m.imageUrl === null ? null : m.fileName}, ${m.price}, ${m.clientId}, ${m.quantity ?? null},
        ${m.price === null ? null : 'pending'}, ${m.price === null ? null : sql`now() + make_interval(days => ${OFFER_LIFETIME_DAYS})`})
      on conflict (sender_id, client_id) do nothing
      returning *
    ), moved as (
      update conversations set
        last_message_timestamp = greatest(last_message_timestamp, (select timestamp from m)),
        ${marker} = greatest(${marker}, (select timestamp from m))
      where id = ${c.id} and exists (select 1 from m)
    ), open as (
      select id, params from notifications
      where exists (select 1 from m)
        and user_id = ${n.userId} and kind = ${n.kind} and link = ${n.link} and not is_read
      order by id desc limit 1
    ), gathered as (
      update notifications set
        params = ${gatheredParams},
        message = (coalesce((open.params->>'count')::int, 1) + 1)::text || ${gatheredWording}::text,
        created_at = now()
      from open
      where notifications.id = open.id
      returning notifications.id
    ), fresh as (
      insert into notifications (user_id, kind, params, message, link)
      select ${n.userId}, ${n.kind}, ${JSON.stringify(n.params)}::jsonb, ${n.message}, ${n.link}
      from m where not exists (select 1 from gathered)
      returning id
    )
    select m.*, (select max(bytes)::int from media_uploads where path = m.image_url) as file_size,
      coalesce((select id from gathered), (select id from fresh)) as notification_id from m`;
  try {
    return (await query.execute(db)).rows[0] as (MessageRow & { notification_id: number | null }) | undefined;
  } catch (error) {
    // The conversation went (an account was deleted) between our check and the insert.
    if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) throw notFound();
    throw error;
  }
}

const FOREIGN_KEY_VIOLATION = '23503';

/** The message the sender already sent with this client_id, if any. */
const sentWith = (db: Database, senderId: number, clientId: string | null) =>
  clientId === null
    ? Promise.resolve(undefined)
    : db
        .selectFrom('messages')
        .selectAll()
        .select(fileSize)
        .where('sender_id', '=', senderId)
        .where('client_id', '=', clientId)
        .executeTakeFirst();

/**
 * Sends a message or a price offer (only the buyer, only about a product). A repeat of a
 * send that went through answers the first message and `created: false`. `notificationId` is
 * the recipient's notification it made or updated, to push once the request is done.
 */
export async function sendMessage(db: Database, c: ConversationRow, sender: UserRow, m: NewMessage, limiter?: RateLimiter) {
  const earlier = await sentWith(db, sender.id, m.clientId);
  if (earlier) return { message: earlier, created: false, notificationId: null };
  // A repeat (above) is free; a new message takes a turn of the sender's rates (429 past them).
  if (limiter) {
    const turn = await limiter.consume(messageRules(sender.id, c.id));
    if ('waitMs' in turn) throw tooManyRequests(SENDING_TOO_FAST(Math.ceil(turn.waitMs / 1000)));
  }
  if (m.price !== null) {
    if (c.buyer_id !== sender.id) throw forbidden(ONLY_BUYER_OFFERS);
    if (c.product_id === null) throw fieldError('price', OFFER_NEEDS_PRODUCT);
  }
  const product =
    m.price === null || c.product_id === null
      ? undefined
      : await db
          .selectFrom('products')
          .select(['name', 'price', 'min_price', 'flash_deal_ends_at', 'minimum_order_quantity', 'quantity_in_stock', 'price_tiers'])
          .where('id', '=', c.product_id)
          .executeTakeFirst();
  // The opening offer keeps to the one-click offers' band around the unit price of its quantity
  // (the tier's: src/shared/prices.ts), as the buyer's counters do.
  if (product && m.price !== null && buyerCounterRefusal(m.price, unitPrice(product, m.quantity ?? product.minimum_order_quantity))) {
    throw fieldError('price', SERVER_MESSAGES.OFFER_OUT_OF_RANGE);
  }
  // A quantity given must fit the minimum order and the stock (docs/product.md#deals).
  if (product && m.quantity != null) {
    const refusal = quantityRefusal(m.quantity, product);
    if (refusal) throw fieldError('quantity', SERVER_MESSAGES[refusal]);
  }
  // A concurrent retry with the same client_id waits for the first insert, then inserts nothing.
  const inserted = await insertMessage(db, c, sender, m, notificationFor(c, sender, m.price, product?.name));
  if (inserted) {
    const { notification_id, ...message } = inserted;
    return { message: message as MessageRow, created: true, notificationId: notification_id };
  }
  // biome-ignore lint/style/noNonNullAssertion: the insert did nothing because this client_id's message exists.
  return { message: (await sentWith(db, sender.id, m.clientId))!, created: false, notificationId: null };
}

/**
 * One page of a conversation's messages, oldest first, and how many it has; reading them
 * marks the conversation read for the reader. The page and the total come in one query
 * (chats are polled every few seconds); past the end, the total is counted apart.
 */
export async function readMessages(
  db: Database,
  conversation: ParticipantConversation,
  readerId: number,
  paging: { limit: number; offset: number },
) {
  const rows = await db
    .selectFrom('messages')
    .selectAll()
    .select(fileSize)
    .select(sql<number>`count(*) over ()::int`.as('total'))
    .where('conversation_id', '=', conversation.id)
    .orderBy('timestamp')
    .orderBy('id')
    .limit(paging.limit)
    .offset(paging.offset)
    .execute();
  const count =
    rows.length > 0
      ? rows[0].total
      : (
          await db
            .selectFrom('messages')
            .select(sql<number>`count(*)::int`.as('n'))
            .where('conversation_id', '=', conversation.id)
            .executeTakeFirstOrThrow()
        ).n;
  await markConversationRead(db, conversation, readerId);
  return { messages: rows.map(serializeMessage), count };
}
