import type { Order } from '../../shared/deals-schema';
import { OFFER_ACTION_STATE, nextOrderStatus, type OfferAction, type OrderAction, type OrderStatus } from '../../shared/deals';
import { db, type MessageRow, type OutboxRow, type PendingMark } from '../../db/db';

/**
 * The device's rows of deals (docs/sync.md): orders from the server, and how a pending deal
 * entry shows on them, is re-applied after a pull (rebase) and undone on Discard.
 */

const DEAL_KINDS = ['offer.answer', 'order.create', 'order.move'] as const;
export const isDealKind = (kind: OutboxRow['kind']) => (DEAL_KINDS as readonly string[]).includes(kind);

const nowIso = () => new Date().toISOString();

/** An order after a move: its new status and one more step in its timeline. */
export function applyMove(order: Pick<Order, 'events'>, status: OrderStatus, by: number, reason?: string | null) {
  return {
    status,
    events: [...order.events, { status, at: nowIso(), by: { id: by }, reason: reason?.trim() || null }],
    updated_at: nowIso(),
  };
}

/** Puts the server's orders; a pending copy made on this device (same client_id) gives way. */
export async function putOrders(orders: Order[]): Promise<void> {
  const clientIds = orders.flatMap((o) => (o.client_id ? [o.client_id] : []));
  if (clientIds.length > 0) {
    const local = await db.orders
      .where('client_id')
      .anyOf(clientIds)
      .filter((o) => o.id < 0)
      .primaryKeys();
    await db.orders.bulkDelete(local);
  }
  await db.orders.bulkPut(orders);
}

const markOrder = (id: number, mark: PendingMark) =>
  db.orders.update(id, (order) => {
    Object.assign(order, mark);
  });

/** Shows an entry's state on the row it changed. */
export async function markDealRow(entry: OutboxRow, mark: PendingMark): Promise<void> {
  const p = entry.payload;
  if (entry.kind === 'offer.answer') await db.messages.update(p.tempId as number, mark);
  else if (entry.kind === 'order.create') await markOrder(p.tempId as number, mark);
  else if (entry.kind === 'order.move') await markOrder(p.order as number, mark);
}

/** Re-applies a pending deal on top of what a pull wrote (docs/sync.md#rebase). */
export async function rebaseDeal(entry: OutboxRow, mark: PendingMark): Promise<void> {
  const p = entry.payload;
  if (entry.kind === 'offer.answer') {
    await db.messages.update(p.offer as number, { offer_state: OFFER_ACTION_STATE[p.action as OfferAction] });
  } else if (entry.kind === 'order.move') {
    const order = await db.orders.get(p.order as number);
    const next = order && nextOrderStatus((p.previous as { status: OrderStatus }).status, p.action as OrderAction);
    if (order && next && order.status !== next)
      await db.orders.put({ ...order, ...applyMove(order, next, entry.user_id, p.reason as string | null), ...mark });
    else if (order) await markOrder(order.id, mark);
  }
}

/** Undoes what a discarded deal entry showed. */
export async function discardDeal(entry: OutboxRow): Promise<void> {
  const p = entry.payload;
  if (entry.kind === 'offer.answer') {
    await db.messages.delete(p.tempId as number);
    await db.messages.update(p.offer as number, { offer_state: (p.previous as MessageRow['offer_state']) ?? 'pending' });
  } else if (entry.kind === 'order.create') {
    await db.orders.delete(p.tempId as number);
  } else if (entry.kind === 'order.move') {
    const previous = p.previous as Pick<Order, 'status' | 'events'>;
    await db.orders.update(p.order as number, { ...previous, pending: undefined, error: undefined, outboxId: undefined });
  }
}
