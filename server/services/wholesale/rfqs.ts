import { sql, type Expression, type Selectable, type SqlBool } from 'kysely';
import type { Database } from '../../db';
import type { RfqQuotesTable, RfqsTable } from '../../db/schema';
import type { UserRow } from '../accounts/sessions';
import { badRequest, fieldError, forbidden, notFound } from '../../lib/errors';
import { notify } from '../notifications';
import { OFFER_LIFETIME_DAYS } from '@/shared/deals';
import { SERVER_MESSAGES } from '@/shared/messages';
import { ownUpload, type ResolveMedia } from '../media/owned';
import {
  RFQ_MAX_QUOTES,
  RFQ_PICTURE_FORMATS,
  rfqStatusAt,
  type Rfq,
  type RfqCreateInput,
  type RfqQuote,
  type RfqQuoteInput,
} from '@/shared/rfqs';
import { invalidPk } from '@/shared/validation';
import { refuseIfBlocked } from '../trust/blocking';

/**
 * Requests for quotation (docs/api.md#requests-for-quotation). A buyer posts a request in a
 * category; it is shown to the suppliers with products or industries in that category, never
 * to its buyer as a supplier. A supplier's quote opens (or reuses) the buyer–supplier
 * conversation about the quoted product and posts a pending offer there, so accepting,
 * countering, declining and ordering are the offers' own (services/deals/offers.ts).
 *
 * A request is closed by its tenth quote, by its buyer, or by its deadline: the last is
 * computed on read (src/shared/rfqs.ts rfqStatusAt), as a flash deal ends, with no write.
 * Quotes take the request's row lock first, so two suppliers sending the tenth at once leave
 * exactly ten: the second sees the count at ten (or the request closed) and is refused.
 */

export type RfqRow = Selectable<RfqsTable>;
export type RfqQuoteRow = Selectable<RfqQuotesTable>;

/** The SQL of "userId is shown the request `r`": a supplier with a product or an industry in its category, not its buyer. */
const shownToSupplier = (userId: number) => sql<SqlBool>`(r.buyer_id <> ${userId} and (
    exists (select 1 from products p where p.supplier_id = ${userId} and p.category_id = r.category_id)
    or exists (select 1 from supplier_industries si where si.user_id = ${userId} and si.category_id = r.category_id)))`;

/** Still taking quotes now: open, and its deadline ahead. */
const OPEN_NOW = sql<SqlBool>`(r.status = 'open' and r.deadline > now())`;

/** Requests as the API answers them: the buyer's name and country only, the status as of now. */
export async function serializeRfqs(db: Database, rows: RfqRow[]): Promise<Rfq[]> {
  if (rows.length === 0) return [];
  const [buyers, categories] = await Promise.all([
    db
      .selectFrom('users as u')
      .leftJoin('buyer_profiles as b', 'b.user_id', 'u.id')
      .select(['u.id', 'u.first_name', 'u.last_name', 'u.country', 'b.name as buyer_name'])
      .where('u.id', 'in', [...new Set(rows.map((r) => r.buyer_id))])
      .execute(),
    db
      .selectFrom('categories')
      .select(['id', 'name'])
      .where('id', 'in', [...new Set(rows.map((r) => r.category_id))])
      .execute(),
  ]);
  const buyerById = new Map(buyers.map((b) => [b.id, b]));
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));
  const now = Date.now();
  return rows.map((r) => {
    const buyer = buyerById.get(r.buyer_id);
    return {
      id: r.id,
      ...rfqStatusAt(r, now),
      title: r.title,
      description: r.description,
      category: { id: r.category_id, name: categoryName.get(r.category_id) ?? '' },
      quantity: r.quantity,
      target_price: r.target_price,
      deadline: r.deadline.toISOString(),
      quotes_count: r.quotes_count,
      images: typeof r.images === 'string' ? (JSON.parse(r.images) as string[]) : (r.images ?? []),
      buyer: {
        id: r.buyer_id,
        name: buyer ? buyer.buyer_name || `${buyer.first_name} ${buyer.last_name}`.trim() : '',
        country: buyer?.country ?? null,
      },
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
      client_id: r.client_id,
    };
  });
}

export async function serializeRfq(db: Database, row: RfqRow): Promise<Rfq> {
  return (await serializeRfqs(db, [row]))[0];
}

/** The request if userId is its buyer or a supplier it is shown to; otherwise not found, so its existence is not leaked. */
export async function visibleRfq(db: Database, id: number, userId: number): Promise<{ row: RfqRow; role: 'buyer' | 'supplier' }> {
  const row = await db
    .selectFrom('rfqs as r')
    .selectAll('r')
    .select(sql<boolean>`r.buyer_id = ${userId}`.as('mine'))
    .where('r.id', '=', id)
    .where((eb) => eb.or([eb('r.buyer_id', '=', userId), shownToSupplier(userId)]))
    .executeTakeFirst();
  if (!row) throw notFound();
  const { mine, ...rfq } = row;
  return { row: rfq, role: mine ? 'buyer' : 'supplier' };
}

/** The pictures as stored: each the URL of an image the buyer uploaded, else a 400 on `images`. */
async function ownPictures(db: Database, resolve: ResolveMedia, buyerId: number, urls: string[]): Promise<string[]> {
  const paths = await Promise.all(urls.map((url) => ownUpload(db, resolve, buyerId, url, RFQ_PICTURE_FORMATS)));
  if (paths.some((path) => !path)) throw fieldError('images', SERVER_MESSAGES.RFQ_PICTURE_NOT_YOURS);
  return paths as string[];
}

/**
 * Posts a request and tells every matching supplier (`rfq_new`), in one transaction. A repeat
 * of its client_id answers the first request (`created: false`) and tells no one again.
 */
export async function createRfq(db: Database, buyer: UserRow, input: RfqCreateInput, resolve: ResolveMedia) {
  const earlier = () =>
    input.client_id === null
      ? Promise.resolve(undefined)
      : db.selectFrom('rfqs').selectAll().where('buyer_id', '=', buyer.id).where('client_id', '=', input.client_id).executeTakeFirst();
  const first = await earlier();
  if (first) return { row: first, created: false, notificationIds: [] as number[] };
  const category = await db.selectFrom('categories').select(['id', 'name']).where('id', '=', input.category).executeTakeFirst();
  if (!category) throw fieldError('category', invalidPk(input.category));
  const images = await ownPictures(db, resolve, buyer.id, input.images);
  const made = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('rfqs')
      .values({
        buyer_id: buyer.id,
        category_id: category.id,
        title: input.title,
        description: input.description,
        quantity: input.quantity,
        target_price: input.target_price,
        deadline: input.deadline,
        images: JSON.stringify(images),
        client_id: input.client_id,
      })
      .onConflict((oc) => oc.columns(['buyer_id', 'client_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) return undefined;
    // One statement for every matching supplier, however many: the bell and, once committed, a push.
    const params = { sender: buyer.first_name, title: row.title, category: category.name, quantity: row.quantity, rfq: row.id };
    const { rows } = await sql<{ id: number }>`
      insert into notifications (user_id, kind, params, message, link)
      select s.user_id, 'rfq_new', ${JSON.stringify(params)}::jsonb, ${`New request for quotation: ${row.title} (${row.quantity}).`}, ${`/requests/${row.id}`}
      from (
        select supplier_id as user_id from products where category_id = ${category.id}
        union select user_id from supplier_industries where category_id = ${category.id}
      ) s
      where s.user_id <> ${buyer.id}
        -- A supplier who blocked this buyer hears nothing from them (docs/api.md#trust-and-safety).
        and not exists (select 1 from blocks where blocker_id = s.user_id and blocked_id = ${buyer.id})
      returning id`.execute(trx);
    return { row, notificationIds: rows.map((r) => r.id) };
  });
  if (made) return { ...made, created: true };
  // biome-ignore lint/style/noNonNullAssertion: the insert did nothing because this client_id's request exists.
  return { row: (await earlier())!, created: false, notificationIds: [] as number[] };
}

/** One page of requests: the caller's own (buyer), or the open ones shown to them (supplier), newest first. */
export async function rfqPage(db: Database, userId: number, role: 'buyer' | 'supplier', paging: { limit: number; offset: number }) {
  const condition: Expression<SqlBool> =
    role === 'buyer' ? sql<SqlBool>`r.buyer_id = ${userId}` : sql<SqlBool>`${OPEN_NOW} and ${shownToSupplier(userId)}`;
  const mine = db.selectFrom('rfqs as r').where(condition);
  const [rows, total] = await Promise.all([
    mine.selectAll('r').orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(paging.limit).offset(paging.offset).execute(),
    mine.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rfqs: await serializeRfqs(db, rows), count: total.n };
}

/** The buyer closes their request; closing a closed one answers it as it is. */
export async function closeRfq(db: Database, buyer: UserRow, id: number) {
  const { row, role } = await visibleRfq(db, id, buyer.id);
  if (role !== 'buyer') throw forbidden(SERVER_MESSAGES.RFQ_ONLY_BUYER_CLOSES);
  const closed = await db
    .updateTable('rfqs')
    .set({ status: 'closed', closed_reason: 'buyer', closed_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', row.id)
    .where('status', '=', 'open')
    .where('deadline', '>', sql<Date>`now()`)
    .returningAll()
    .executeTakeFirst();
  return closed ?? row;
}

/** Quotes as the API answers them, with their suppliers' names. */
export async function serializeQuotes(db: Database, rows: RfqQuoteRow[]): Promise<RfqQuote[]> {
  if (rows.length === 0) return [];
  const suppliers = await db
    .selectFrom('users as u')
    .leftJoin('supplier_profiles as s', 's.user_id', 'u.id')
    .select(['u.id', 'u.first_name', 'u.last_name', 's.company_name'])
    .where('u.id', 'in', [...new Set(rows.map((r) => r.supplier_id))])
    .execute();
  const names = new Map(suppliers.map((s) => [s.id, s.company_name || `${s.first_name} ${s.last_name}`.trim()]));
  return rows.map((q) => ({
    id: q.id,
    rfq: q.rfq_id,
    supplier: { id: q.supplier_id, name: names.get(q.supplier_id) ?? '' },
    product: q.product_id,
    unit_price: q.unit_price,
    quantity: q.quantity,
    lead_time_days: q.lead_time_days,
    note: q.note,
    conversation: q.conversation_id,
    offer: q.offer_id,
    created_at: q.created_at.toISOString(),
    client_id: q.client_id,
  }));
}

/** A request's quotes as userId may see them: every one for its buyer, a supplier's own otherwise; oldest first. */
export async function quotesOf(db: Database, id: number, userId: number, paging: { limit: number; offset: number }) {
  const { row, role } = await visibleRfq(db, id, userId);
  let query = db.selectFrom('rfq_quotes').where('rfq_id', '=', row.id);
  if (role === 'supplier') query = query.where('supplier_id', '=', userId);
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy('created_at').orderBy('id').limit(paging.limit).offset(paging.offset).execute(),
    query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { quotes: await serializeQuotes(db, rows), count: total.n };
}

const UNIQUE_VIOLATION = '23505';

/**
 * A supplier's quote. Checked before the lock: the request is shown to them (404), the product
 * is their own (400 on `product`). Under the request's row lock: one quote per supplier (400),
 * and none once the request is closed, past its deadline or at its tenth quote (400 "This
 * request is closed."). Then, in the same transaction: the conversation about the product
 * (found or opened), the pending offer in it, the quote, the request's count (closed at the
 * tenth) and the buyer's `rfq_quote` notification. A repeat of its client_id answers the first.
 */
export async function sendQuote(db: Database, supplier: UserRow, rfqId: number, input: RfqQuoteInput) {
  const earlier = () =>
    input.client_id === null
      ? Promise.resolve(undefined)
      : db
          .selectFrom('rfq_quotes')
          .selectAll()
          .where('supplier_id', '=', supplier.id)
          .where('client_id', '=', input.client_id)
          .executeTakeFirst();
  const first = await earlier();
  if (first) return { quote: first, created: false, notificationId: null };
  const { row: visible, role } = await visibleRfq(db, rfqId, supplier.id);
  if (role === 'buyer') throw forbidden(SERVER_MESSAGES.RFQ_ONLY_SUPPLIERS_QUOTE);
  const product = await db
    .selectFrom('products')
    .select(['id', 'name', 'supplier_id', 'hidden_at'])
    .where('id', '=', input.product)
    .executeTakeFirst();
  // A product a moderator hid is offered to no one (docs/api.md#trust-and-safety).
  if (!product || product.hidden_at !== null) throw fieldError('product', invalidPk(input.product));
  if (product.supplier_id !== supplier.id) throw fieldError('product', SERVER_MESSAGES.RFQ_QUOTE_OWN_PRODUCT);
  // A quote opens a conversation with the buyer: not with one who blocked this supplier.
  await refuseIfBlocked(db, visible.buyer_id, supplier.id);
  try {
    return await db.transaction().execute(async (trx) => {
      const rfq = await trx
        .selectFrom('rfqs')
        .selectAll()
        .select(sql<boolean>`deadline <= now()`.as('past'))
        .where('id', '=', visible.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const quoted = await trx
        .selectFrom('rfq_quotes')
        .select('id')
        .where('rfq_id', '=', rfq.id)
        .where('supplier_id', '=', supplier.id)
        .executeTakeFirst();
      if (quoted) throw badRequest(SERVER_MESSAGES.RFQ_ALREADY_QUOTED);
      if (rfq.status !== 'open' || rfq.past || rfq.quotes_count >= RFQ_MAX_QUOTES) throw badRequest(SERVER_MESSAGES.RFQ_CLOSED);

      // The conversation of this buyer, supplier and product: the same one a buyer opens from the product page.
      await trx
        .insertInto('conversations')
        .values({ buyer_id: rfq.buyer_id, supplier_id: supplier.id, product_id: product.id })
        .onConflict((oc) => oc.columns(['buyer_id', 'supplier_id', 'product_id']).doNothing())
        .execute();
      const conversation = await trx
        .selectFrom('conversations')
        .select('id')
        .where('buyer_id', '=', rfq.buyer_id)
        .where('supplier_id', '=', supplier.id)
        .where('product_id', '=', product.id)
        .executeTakeFirstOrThrow();
      const lead = `${input.lead_time_days} ${input.lead_time_days === 1 ? 'day' : 'days'}`;
      const offer = await trx
        .insertInto('messages')
        .values({
          conversation_id: conversation.id,
          sender_id: supplier.id,
          text: `Quote for "${rfq.title}": $${input.unit_price} × ${input.quantity}, lead time ${lead}.${input.note ? ` ${input.note}` : ''}`,
          price: input.unit_price,
          quantity: input.quantity,
          offer_state: 'pending',
          // A buyer compares quotes until the deadline: a quote's offer lasts until then, at least an offer's lifetime.
          expires_at: sql<Date>`greatest(now() + make_interval(days => ${OFFER_LIFETIME_DAYS}), ${rfq.deadline}::timestamptz)`,
        })
        .returning(['id', 'timestamp'])
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('conversations')
        .set({
          last_message_timestamp: sql`greatest(last_message_timestamp, ${offer.timestamp})`,
          supplier_last_read_at: sql`greatest(supplier_last_read_at, ${offer.timestamp})`,
        })
        .where('id', '=', conversation.id)
        .execute();
      const quote = await trx
        .insertInto('rfq_quotes')
        .values({
          rfq_id: rfq.id,
          supplier_id: supplier.id,
          product_id: product.id,
          unit_price: input.unit_price,
          quantity: input.quantity,
          lead_time_days: input.lead_time_days,
          note: input.note,
          conversation_id: conversation.id,
          offer_id: offer.id,
          client_id: input.client_id,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const full = rfq.quotes_count + 1 >= RFQ_MAX_QUOTES;
      await trx
        .updateTable('rfqs')
        .set({
          quotes_count: sql`quotes_count + 1`,
          updated_at: sql`now()`,
          ...(full ? { status: 'closed' as const, closed_reason: 'quotes' as const, closed_at: sql`now()` } : {}),
        })
        .where('id', '=', rfq.id)
        .execute();
      const notificationId = await notify(trx, {
        userId: rfq.buyer_id,
        kind: 'rfq_quote',
        link: `/requests/${rfq.id}`,
        params: {
          sender: supplier.first_name,
          price: input.unit_price,
          quantity: input.quantity,
          product: product.name,
          title: rfq.title,
          rfq: rfq.id,
          conversation: conversation.id,
        },
        message: `${supplier.first_name} quoted $${input.unit_price} for "${rfq.title}".`,
      });
      return { quote, created: true, notificationId };
    });
  } catch (error) {
    // The same supplier raced in on another connection: with this client_id, answer the first.
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
      const raced = await earlier();
      if (raced) return { quote: raced, created: false, notificationId: null };
      throw badRequest(SERVER_MESSAGES.RFQ_ALREADY_QUOTED);
    }
    throw error;
  }
}

/** The requests a user's device holds (the sync collection): their own, and those shown to them as a supplier. */
export const rfqsOf = (userId: number) => sql<SqlBool>`(r.buyer_id = ${userId} or ${shownToSupplier(userId)})`;
