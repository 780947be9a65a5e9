import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db';
import type { OrdersTable } from '../../db/schema';
import type { UserRow } from '../accounts/sessions';
import { badRequest, fieldError, forbidden, notFound, tooManyRequests } from '../../lib/errors';
import { orderRules, type RateLimiter } from '../rate-limit';
import { notify, type NewNotification } from '../notifications';
import {
  OPEN_ORDER_STATUSES,
  mayMoveOrder,
  nextOrderStatus,
  orderTotal,
  quantityRefusal,
  type OrderAction,
  type OrderStatus,
  type StoredOrderEvent,
} from '@/shared/deals';
import type { Order } from '@/shared/deals-schema';
import { SERVER_MESSAGES } from '@/shared/messages';
import { unitPrice } from '@/shared/prices';
import { invalidPk } from '@/shared/validation';

/**
 * Orders (docs/api.md#offers-and-orders): an accepted offer or a "Buy now" request, then the
 * supplier's confirmation (which takes the stock), shipment and delivery. Only the two sides see
 * an order; every move is checked against the state machine of src/shared/deals.ts and is
 * idempotent by the client_id of the request that made it.
 */

export type OrderRow = Selectable<OrdersTable>;

/** Orders as the API answers them, in one query for the names and pictures whatever their number. */
export async function serializeOrders(db: Database, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const userIds = [...new Set(rows.flatMap((r) => [r.buyer_id, r.supplier_id]))];
  const productIds = [...new Set(rows.flatMap((r) => (r.product_id === null ? [] : [r.product_id])))];
  const [users, products] = await Promise.all([
    db
      .selectFrom('users as u')
      .leftJoin('supplier_profiles as s', 's.user_id', 'u.id')
      .leftJoin('buyer_profiles as b', 'b.user_id', 'u.id')
      .select(['u.id', 'u.first_name', 'u.last_name', 's.company_name', 'b.name as buyer_name'])
      .where('u.id', 'in', userIds)
      .execute(),
    productIds.length === 0
      ? Promise.resolve([])
      : db.selectFrom('products').select(['id', 'thumbnail_url']).where('id', 'in', productIds).execute(),
  ]);
  const names = new Map(users.map((u) => [u.id, u.company_name || u.buyer_name || `${u.first_name} ${u.last_name}`.trim()]));
  const pictures = new Map(products.map((p) => [p.id, p.thumbnail_url]));
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    product: { id: r.product_id, name: r.product_name, thumbnail_url: r.product_id === null ? null : (pictures.get(r.product_id) ?? null) },
    buyer: { id: r.buyer_id, name: names.get(r.buyer_id) ?? '' },
    supplier: { id: r.supplier_id, name: names.get(r.supplier_id) ?? '' },
    quantity: r.quantity,
    unit_price: r.unit_price,
    total: r.total,
    offer: r.offer_id,
    conversation: r.conversation_id,
    events: r.events.map((e) => ({ status: e.status, at: e.at, by: { id: e.by }, reason: e.reason ?? null })),
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    client_id: r.client_id,
  }));
}

export async function serializeOrder(db: Database, row: OrderRow): Promise<Order> {
  return (await serializeOrders(db, [row]))[0];
}

/** The order if userId is one of its two sides; otherwise not found, so its existence is not leaked. */
export async function partyOrder(db: Database, id: number, userId: number): Promise<OrderRow> {
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => eb.or([eb('buyer_id', '=', userId), eb('supplier_id', '=', userId)]))
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** One page of the user's orders: open ones first, then the newest. */
export async function orderPage(
  db: Database,
  userId: number,
  filter: { role?: 'buyer' | 'supplier'; status?: OrderStatus },
  paging: { limit: number; offset: number },
) {
  let mine = db
    .selectFrom('orders')
    .where((eb) =>
      filter.role === 'buyer'
        ? eb('buyer_id', '=', userId)
        : filter.role === 'supplier'
          ? eb('supplier_id', '=', userId)
          : eb.or([eb('buyer_id', '=', userId), eb('supplier_id', '=', userId)]),
    );
  if (filter.status) mine = mine.where('status', '=', filter.status);
  const [rows, total] = await Promise.all([
    mine
      .selectAll()
      .orderBy(sql`case when status in (${sql.join([...OPEN_ORDER_STATUSES])}) then 0 else 1 end`)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(paging.limit)
      .offset(paging.offset)
      .execute(),
    mine.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { orders: await serializeOrders(db, rows), count: total.n };
}

const money = (usd: string) => `$${usd}`;

/** The other side's notification of an order's news (docs/product.md#notifications), English for clients that do not word kinds. */
function orderNotice(order: OrderRow, actor: UserRow, status: OrderStatus): NewNotification {
  const toSupplier = actor.id === order.buyer_id;
  const params = { sender: actor.first_name, product: order.product_name, order: order.id, quantity: order.quantity, total: order.total };
  const link = `/orders/${order.id}`;
  const actorId = actor.id;
  const userId = toSupplier ? order.supplier_id : order.buyer_id;
  const words: Record<OrderStatus, string> = {
    requested: `${actor.first_name} asks to order ${order.quantity} × ${order.product_name} (${money(order.total)}).`,
    confirmed: `${actor.first_name} confirmed your order of ${order.product_name}.`,
    declined: `${actor.first_name} declined your order of ${order.product_name}.`,
    shipped: `${actor.first_name} shipped your order of ${order.product_name}.`,
    delivered: `${actor.first_name} marked the order of ${order.product_name} delivered.`,
    cancelled: `${actor.first_name} cancelled the order of ${order.product_name}.`,
  };
  return { userId, kind: `order_${status}`, params, message: words[status], link, actorId };
}

/** Stored JSON of a timeline step. */
const step = (status: OrderStatus, by: number, reason: string | null, clientId: string | null): StoredOrderEvent => ({
  status,
  at: new Date().toISOString(),
  by,
  ...(reason ? { reason } : {}),
  ...(clientId ? { client_id: clientId } : {}),
});

/**
 * Inserts a requested order and tells the supplier, inside the caller's transaction. Answers
 * undefined when the buyer already made one with this client_id (nothing inserted).
 */
export async function insertOrder(
  trx: Database,
  actor: UserRow,
  o: {
    buyerId: number;
    supplierId: number;
    product: { id: number; name: string };
    conversationId: number | null;
    offerId: number | null;
    quantity: number;
    unitPrice: string;
    clientId: string | null;
  },
) {
  const row = await trx
    .insertInto('orders')
    .values({
      buyer_id: o.buyerId,
      supplier_id: o.supplierId,
      product_id: o.product.id,
      product_name: o.product.name,
      conversation_id: o.conversationId,
      offer_id: o.offerId,
      quantity: o.quantity,
      unit_price: o.unitPrice,
      total: orderTotal(o.unitPrice, o.quantity),
      events: JSON.stringify([step('requested', actor.id, null, o.clientId)]),
      client_id: o.offerId === null ? o.clientId : null,
    })
    .onConflict((oc) => oc.columns(['buyer_id', 'client_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) return undefined;
  // An accepted offer was news enough: its own notification told the other side.
  const notificationId = o.offerId === null ? await notify(trx, orderNotice(row, actor, 'requested')) : null;
  return { row, notificationId };
}

/**
 * "Buy now": a request for `quantity` units at the unit price of that quantity (its tier, or a
 * running deal when lower: src/shared/prices.ts unitPrice), or a sample: one piece at the sample
 * price, below the minimum order (docs/api.md#quantity-tiers-and-samples). A repeat of the same
 * client_id answers the first order.
 */
export async function requestOrder(
  db: Database,
  buyer: UserRow,
  input: { product: number; quantity?: number; sample?: boolean; client_id: string | null },
  limiter?: RateLimiter,
) {
  const earlier = async () =>
    input.client_id === null
      ? undefined
      : db.selectFrom('orders').selectAll().where('buyer_id', '=', buyer.id).where('client_id', '=', input.client_id).executeTakeFirst();
  const first = await earlier();
  if (first) return { order: first, created: false, notificationId: null };
  const product = await db
    .selectFrom('products')
    .select([
      'id',
      'name',
      'supplier_id',
      'price',
      'min_price',
      'flash_deal_ends_at',
      'minimum_order_quantity',
      'quantity_in_stock',
      'price_tiers',
      'sample_price',
    ])
    .where('id', '=', input.product)
    .where('hidden_at', 'is', null)
    .executeTakeFirst();
  if (!product) throw fieldError('product', invalidPk(input.product));
  if (product.supplier_id === buyer.id) throw forbidden(SERVER_MESSAGES.CANNOT_ORDER_OWN_PRODUCT);
  if (buyer.user_type !== 'BUYER') throw forbidden(SERVER_MESSAGES.ONLY_BUYERS);
  // A repeat (above) is free; a new order takes a turn of the buyer's rates (429 past them).
  if (limiter) {
    const turn = await limiter.consume(orderRules(buyer.id));
    if ('waitMs' in turn) throw tooManyRequests(SERVER_MESSAGES.ORDERING_TOO_FAST);
  }
  if (input.sample && product.sample_price === null) throw fieldError('sample', SERVER_MESSAGES.NO_SAMPLE);
  const quantity = input.sample ? 1 : (input.quantity as number);
  // A sample is one piece whatever the minimum order; it still needs stock.
  const refusal = quantityRefusal(
    quantity,
    input.sample ? { minimum_order_quantity: 1, quantity_in_stock: product.quantity_in_stock } : product,
  );
  if (refusal) throw fieldError('quantity', SERVER_MESSAGES[refusal]);
  const conversation = await db
    .selectFrom('conversations')
    .select('id')
    .where('buyer_id', '=', buyer.id)
    .where('supplier_id', '=', product.supplier_id)
    .where('product_id', '=', product.id)
    .executeTakeFirst();
  const made = await db.transaction().execute((trx) =>
    insertOrder(trx, buyer, {
      buyerId: buyer.id,
      supplierId: product.supplier_id,
      product,
      conversationId: conversation?.id ?? null,
      offerId: null,
      quantity,
      unitPrice: input.sample ? (product.sample_price as string) : unitPrice(product, quantity),
      clientId: input.client_id,
    }),
  );
  if (made) return { order: made.row, created: true, notificationId: made.notificationId };
  // biome-ignore lint/style/noNonNullAssertion: the insert did nothing because this client_id's order exists.
  return { order: (await earlier())!, created: false, notificationId: null };
}

/**
 * Moves an order (confirm, decline, ship, deliver, cancel) in one transaction, the order row
 * locked first: confirming takes the stock with a guarded update (never below zero, so of
 * concurrent confirmations only those the stock covers succeed); cancelling a confirmed order
 * gives it back. A repeat of a move's client_id by the same user answers the order as it is.
 */
export async function moveOrder(
  db: Database,
  actor: UserRow,
  id: number,
  action: OrderAction,
  input: { reason: string | null; client_id: string | null },
) {
  if (action === 'cancel' && !input.reason) throw fieldError('reason', SERVER_MESSAGES.REQUIRED);
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', id)
      .where((eb) => eb.or([eb('buyer_id', '=', actor.id), eb('supplier_id', '=', actor.id)]))
      .forUpdate()
      .executeTakeFirst();
    if (!order) throw notFound();
    if (input.client_id && order.events.some((e) => e.client_id === input.client_id && e.by === actor.id)) {
      return { order, moved: false, notificationId: null };
    }
    const role = order.supplier_id === actor.id ? 'supplier' : 'buyer';
    if (!mayMoveOrder(action, role)) throw forbidden(SERVER_MESSAGES.ONLY_SUPPLIER_MOVES_ORDER);
    const next = nextOrderStatus(order.status, action);
    if (next === null) throw badRequest(SERVER_MESSAGES.ORDER_MOVE_IMPOSSIBLE);
    if (action === 'confirm') {
      if (order.product_id === null) throw badRequest(SERVER_MESSAGES.PRODUCT_UNAVAILABLE);
      const taken = await trx
        .updateTable('products')
        .set({ quantity_in_stock: sql`quantity_in_stock - ${order.quantity}` })
        .where('id', '=', order.product_id)
        .where('quantity_in_stock', '>=', order.quantity)
        .returning('id')
        .executeTakeFirst();
      if (!taken) throw badRequest(SERVER_MESSAGES.NOT_ENOUGH_STOCK);
    }
    if (action === 'cancel' && order.status === 'confirmed' && order.product_id !== null) {
      await trx
        .updateTable('products')
        .set({ quantity_in_stock: sql`quantity_in_stock + ${order.quantity}` })
        .where('id', '=', order.product_id)
        .execute();
    }
    const moved = await trx
      .updateTable('orders')
      .set({
        status: next,
        events: sql`events || ${JSON.stringify([step(next, actor.id, input.reason, input.client_id)])}::jsonb`,
        updated_at: sql`now()`,
      })
      .where('id', '=', order.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const notificationId = await notify(trx, orderNotice(moved, actor, next));
    return { order: moved, moved: true, notificationId };
  });
}
