import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db';
import type { ConversationsTable } from '../../db/schema';
import type { UserRow } from '../accounts/sessions';
import { badRequest, fieldError, forbidden, notFound } from '../../lib/errors';
import { userSummaries } from '../accounts/users';
import { CANNOT_MESSAGE_OWN_PRODUCT, CANNOT_MESSAGE_SELF } from '@/shared/messaging';
import { invalidPk } from '@/shared/validation';
import type { Conversation } from '@/shared/chat';
import { SERVER_MESSAGES } from '@/shared/messages';
import { currentPrice } from '@/shared/prices';

/**
 * Conversations (docs/product.md#chat-rules): a buyer and a supplier, usually about one
 * product. Only the two participants ever learn that a conversation exists.
 *
 * Who may open one (left open by the product rules; decided here):
 * - about a product: a BUYER account, with the product's supplier, never about their own product;
 * - without a product: a BUYER with a SUPPLIER, e.g. a general enquiry from a seller page. A
 *   SUPPLIER only reopens a conversation a buyer opened: a buyer's id answers like one that
 *   does not exist, so no one maps buyers by walking ids. Never two of a kind.
 * The same buyer, supplier and product always reuse one conversation.
 */

export type ConversationRow = Selectable<ConversationsTable>;

const isParticipant = (c: { buyer_id: number; supplier_id: number }, userId: number) => c.buyer_id === userId || c.supplier_id === userId;

/** A conversation as one participant sees it: `unread` says a message came after their read marker. */
export type ParticipantConversation = ConversationRow & { unread: boolean };

/** The conversation if userId takes part in it; otherwise not found, so its existence is not leaked. */
export async function participantConversation(db: Database, id: number, userId: number): Promise<ParticipantConversation> {
  const row = await db
    .selectFrom('conversations')
    .selectAll()
    // Compared in SQL: JS dates would drop the microseconds that tell two close times apart.
    .select(
      sql<boolean>`coalesce(last_message_timestamp > coalesce(case when buyer_id = ${userId} then buyer_last_read_at else supplier_last_read_at end, '-infinity'::timestamptz), false)`.as(
        'unread',
      ),
    )
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || !isParticipant(row, userId)) throw notFound();
  return row;
}

/** The viewer's read marker column: each participant reads at their own pace. */
export const readMarker = (c: ConversationRow, userId: number): 'buyer_last_read_at' | 'supplier_last_read_at' =>
  c.buyer_id === userId ? 'buyer_last_read_at' : 'supplier_last_read_at';

/** Moves the viewer's read marker up to the newest message; writes (and syncs) only when it moves. */
export async function markConversationRead(db: Database, c: ParticipantConversation, userId: number) {
  if (!c.unread) return;
  const column = readMarker(c, userId);
  await db
    .updateTable('conversations')
    .set(column, sql`greatest(${sql.ref(column)}, last_message_timestamp)`)
    .where('id', '=', c.id)
    .where('last_message_timestamp', 'is not', null)
    .where((eb) => eb.or([eb(column, 'is', null), eb(column, '<', eb.ref('last_message_timestamp'))]))
    .execute();
}

/**
 * Conversations as the viewer sees them, in five queries whatever their number: the other
 * participant's profile, the product line ("product unavailable" when product is null), the
 * viewer's unread count and the last message for the list preview.
 */
export async function serializeConversations(db: Database, viewerId: number, rows: ConversationRow[]): Promise<Conversation[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const productIds = rows.flatMap((r) => (r.product_id === null ? [] : [r.product_id]));
  const [people, products, unread, lastMessages] = await Promise.all([
    // Participants as anyone may see them: a buyer's name and picture, a supplier's public profile.
    userSummaries(
      db,
      rows.flatMap((r) => [r.buyer_id, r.supplier_id]),
      { public: true },
    ),
    productIds.length === 0
      ? []
      : db
          .selectFrom('products')
          .select(['id', 'name', 'price', 'min_price', 'flash_deal_ends_at', 'thumbnail_url'])
          .where('id', 'in', productIds)
          .execute()
          .then((rows) =>
            rows.map(({ min_price, flash_deal_ends_at, ...row }) => ({
              ...row,
              price: currentPrice({ ...row, min_price, flash_deal_ends_at }),
            })),
          ),
    db
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .select(['m.conversation_id', sql<number>`count(*)::int`.as('unread')])
      .where('m.conversation_id', 'in', ids)
      .where('m.sender_id', '<>', viewerId)
      .where(
        sql<boolean>`m.timestamp > coalesce(case when c.buyer_id = ${viewerId} then c.buyer_last_read_at else c.supplier_last_read_at end, '-infinity'::timestamptz)`,
      )
      .groupBy('m.conversation_id')
      .execute(),
    db
      .selectFrom('messages')
      .select(['conversation_id', 'sender_id', 'text', 'price', 'image_url', 'timestamp', 'hidden_at'])
      .distinctOn('conversation_id')
      .where('conversation_id', 'in', ids)
      .orderBy('conversation_id')
      .orderBy('timestamp', 'desc')
      .orderBy('id', 'desc')
      .execute(),
  ]);
  const productById = new Map(products.map((p) => [p.id, p]));
  const unreadById = new Map(unread.map((u) => [u.conversation_id, u.unread]));
  const lastById = new Map(lastMessages.map((m) => [m.conversation_id, m]));
  return rows.map((r) => {
    const last = lastById.get(r.id);
    return {
      id: r.id,
      participants: [r.buyer_id, r.supplier_id].map((id) => people.get(id)).filter((p) => p !== undefined),
      product: r.product_id === null ? null : (productById.get(r.product_id) ?? null),
      last_message_timestamp: r.last_message_timestamp?.toISOString() ?? null,
      created_at: r.created_at.toISOString(),
      unread_messages_count: unreadById.get(r.id) ?? 0,
      last_message: last
        ? {
            // A message a moderator hid is blanked for both sides (docs/api.md#trust-and-safety).
            text: last.hidden_at === null ? last.text : '',
            price: last.price,
            image_url: last.hidden_at === null ? last.image_url : null,
            timestamp: last.timestamp.toISOString(),
            sender: { id: last.sender_id },
          }
        : null,
    };
  });
}

export async function serializeConversation(db: Database, viewerId: number, row: ConversationRow) {
  return (await serializeConversations(db, viewerId, [row]))[0];
}

/** Two taps on "Send message" from one buyer take turns (advisory lock per buyer, held to commit). */
const OPEN_CONVERSATION_LOCK = 727002;

/**
 * The conversation between `me` and `otherIds` (about `productId` when given), opened when
 * there is none yet. `created` says whether it is new.
 */
export async function openConversation(db: Database, me: UserRow, productId: number | null, otherIds: number[]) {
  const others = [...new Set(otherIds)].filter((id) => id !== me.id);
  return db.transaction().execute(async (trx) => {
    // Key share: the product cannot be deleted under us between this check and the insert.
    const product =
      productId === null
        ? null
        : await trx
            .selectFrom('products')
            .select(['id', 'supplier_id'])
            .where('id', '=', productId)
            .where('hidden_at', 'is', null)
            .forKeyShare()
            .executeTakeFirst();
    if (productId !== null && !product) throw fieldError('product', invalidPk(productId));
    if (product && product.supplier_id === me.id) throw badRequest(CANNOT_MESSAGE_OWN_PRODUCT);
    if (others.length === 0) throw badRequest(CANNOT_MESSAGE_SELF);
    if (others.length > 1) throw fieldError('participants', SERVER_MESSAGES.ONE_OTHER_PARTICIPANT);
    const other = await trx.selectFrom('users').select(['id', 'user_type']).where('id', '=', others[0]).forKeyShare().executeTakeFirst();
    if (!other) throw fieldError('participants', invalidPk(others[0]));

    let buyerId: number, supplierId: number;
    // Only a supplier can be asked for: anyone else answers like an id that does not exist, so
    // walking ids maps no buyer. A supplier reaches a buyer in a conversation the buyer opened.
    const noSuchParticipant = () => fieldError('participants', invalidPk(others[0]));
    let reopenOnly = false;
    if (product) {
      if (other.id !== product.supplier_id) throw fieldError('participants', SERVER_MESSAGES.PARTICIPANT_NOT_SUPPLIER);
      if (me.user_type !== 'BUYER') throw forbidden(SERVER_MESSAGES.ONLY_BUYERS_ASK_SUPPLIERS);
      [buyerId, supplierId] = [me.id, other.id];
    } else if (me.user_type === null) {
      throw forbidden(SERVER_MESSAGES.CHOOSE_ACCOUNT_TYPE_FIRST);
    } else if (me.user_type === 'BUYER' && other.user_type === 'SUPPLIER') {
      [buyerId, supplierId] = [me.id, other.id];
    } else if (me.user_type === 'SUPPLIER' && other.user_type === 'BUYER') {
      [buyerId, supplierId] = [other.id, me.id];
      reopenOnly = true;
    } else {
      throw noSuchParticipant();
    }

    // The unique index cannot catch two product-less conversations (nulls are distinct).
    await sql`select pg_advisory_xact_lock(${OPEN_CONVERSATION_LOCK}, ${buyerId}::int)`.execute(trx);
    const existing = await trx
      .selectFrom('conversations')
      .selectAll()
      .where('buyer_id', '=', buyerId)
      .where('supplier_id', '=', supplierId)
      .where('product_id', product ? '=' : 'is', product ? product.id : null)
      .orderBy('id')
      .executeTakeFirst();
    if (existing) return { row: existing, created: false };
    if (reopenOnly) throw noSuchParticipant();
    const inserted = await trx
      .insertInto('conversations')
      .values({ buyer_id: buyerId, supplier_id: supplierId, product_id: product?.id ?? null })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { row: inserted, created: true };
  });
}

/** One page of the user's conversations, the latest message first, and how many there are. */
export async function conversationPage(db: Database, userId: number, paging: { limit: number; offset: number }) {
  const mine = db.selectFrom('conversations').where((eb) => eb.or([eb('buyer_id', '=', userId), eb('supplier_id', '=', userId)]));
  const [rows, total] = await Promise.all([
    mine
      .selectAll()
      .orderBy(sql`coalesce(last_message_timestamp, created_at)`, 'desc')
      .orderBy('id', 'desc')
      .limit(paging.limit)
      .offset(paging.offset)
      .execute(),
    mine.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { conversations: await serializeConversations(db, userId, rows), count: total.n };
}
