import type { OrderRow } from '../db/db';
import { OPEN_ORDER_STATUSES, type OrderStatus } from '../shared/deals';
import { intent } from '../sync';
import { useLive, type Live } from './live';

export type { OrderRow };

/** Open orders first, then the most recently changed (docs/product.md#deals). */
const byOpenThenNewest = (a: OrderRow, b: OrderRow) =>
  Number(!OPEN_ORDER_STATUSES.includes(a.status)) - Number(!OPEN_ORDER_STATUSES.includes(b.status)) ||
  b.updated_at.localeCompare(a.updated_at);

/** The user's orders as buyer or supplier, optionally of one status. */
export function useOrders(userId: number | undefined, role: 'buyer' | 'supplier', status: OrderStatus | 'all'): Live<OrderRow[]> {
  return useLive(
    async ({ db }) => {
      const all = await db.orders.toArray();
      return all
        .filter((o) => (role === 'buyer' ? o.buyer.id === userId : o.supplier.id === userId))
        .filter((o) => status === 'all' || o.status === status)
        .sort(byOpenThenNewest);
    },
    [userId, role, status],
  );
}

export function useOrder(id: number): Live<OrderRow | null> {
  return useLive(async ({ db }) => (await db.orders.get(id)) ?? null, [id]);
}

/** The order an accepted offer became, once the device has it. */
export function useOfferOrder(offerId: number | null): OrderRow | null | undefined {
  return useLive(
    async ({ db }) => (offerId === null ? null : ((await db.orders.filter((o) => o.offer === offerId).first()) ?? null)),
    [offerId],
  ).data;
}

export const answerOffer = intent('answerOffer');
export const placeOrder = intent('placeOrder');
export const moveOrder = intent('moveOrder');

/** A product's minimum order and stock as the device holds them (a counter-offer's limits), or null. */
export function useProductLimits(id: number | null): { minimum_order_quantity: number; quantity_in_stock: number } | null {
  return (
    useLive(
      async ({ db }) => {
        const row = id === null ? undefined : await db.products.get(id);
        return row ? { minimum_order_quantity: row.minimum_order_quantity, quantity_in_stock: row.quantity_in_stock } : null;
      },
      [id],
    ).data ?? null
  );
}
