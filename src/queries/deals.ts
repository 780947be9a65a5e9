import { useRef } from 'react';
import type { OrderRow } from '../db/db';
import { OPEN_ORDER_STATUSES, holdsStock, type OrderStatus } from '../shared/deals';
import { intent } from '../sync';
import { useLive, type Live } from './live';
import { useFetchOnDemand } from './onDemand';
import { moqPrice, type TierPriced } from '../shared/prices';

const ensureProduct = intent('ensureProduct');

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

/**
 * One order. A request made on the device (a negative id) is followed to the server's copy once
 * it is sent: the same client_id, written in the same transaction that removes the local row.
 */
export function useOrder(id: number): Live<OrderRow | null> {
  const clientId = useRef<string | null>(null);
  return useLive(
    async ({ db }) => {
      const row = await db.orders.get(id);
      if (row) {
        clientId.current = row.client_id ?? null;
        return row;
      }
      if (id >= 0 || !clientId.current) return null;
      return (await db.orders.where('client_id').equals(clientId.current).first()) ?? null;
    },
    [id],
  );
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

/**
 * A product's minimum order, stock and prices now (src/shared/prices.ts: its tiers, and the unit
 * price at the minimum order) as the device holds them: a counter-offer's limits, and the
 * one-click offers' base. `limits` is null when the device does not hold the product;
 * `fetching` says it is being fetched, online, and its price is not known yet.
 */
export function useProductLimits(id: number | null): { limits: ProductLimits | null; fetching: boolean } {
  // Fetched when the device lacks it (a product far down the catalogue, not saved yet): its tiers
  // price the one-click offers, which an offline tap later must still send at the right price.
  const fetched = useFetchOnDemand(id ?? 0, ensureProduct, 'product');
  const limits =
    useLive(
      async ({ db }) => {
        const row = id === null ? undefined : await db.products.get(id);
        return row
          ? {
              minimum_order_quantity: row.minimum_order_quantity,
              quantity_in_stock: row.quantity_in_stock,
              listed_price: moqPrice(row),
              price: row.price,
              min_price: row.min_price,
              flash_deal_ends_at: row.flash_deal_ends_at,
              price_tiers: row.price_tiers ?? [],
            }
          : null;
      },
      [id],
    ).data ?? null;
  return { limits, fetching: id !== null && limits === null && fetched === 'loading' };
}

export interface ProductLimits extends TierPriced {
  minimum_order_quantity: number;
  quantity_in_stock: number;
  /** The unit price at the minimum order now: the one-click offers' base (an offer with no quantity is for the minimum order). */
  listed_price: string;
}

export interface SupplierDashboard {
  offersWaiting: number;
  toConfirm: number;
  toShip: number;
  /** USD: orders confirmed this calendar month that still hold their stock. */
  confirmedThisMonth: string;
}

/** A supplier's deals at a glance (docs/product.md#deals), from the device. */
export function useSupplierDashboard(userId: number): SupplierDashboard | undefined {
  return useLive(
    async ({ db }) => {
      const now = new Date();
      // The supplier's own calendar month, in the device's time zone.
      const monthStart = new Date(now.getFullYear(), now.getMonth(), 1).getTime();
      const [orders, offers] = await Promise.all([
        db.orders.filter((o) => o.supplier.id === userId).toArray(),
        db.messages
          .filter((m) => m.price !== null && m.offer_state === 'pending' && m.sender.id !== userId && m.id > 0)
          .filter((m) => !m.expires_at || Date.parse(m.expires_at) > now.getTime())
          .count(),
      ]);
      const cents = orders
        .filter((o) => holdsStock(o.status) && o.events.some((e) => e.status === 'confirmed' && Date.parse(e.at) >= monthStart))
        .reduce((sum, o) => sum + Math.round(Number(o.total) * 100), 0);
      return {
        offersWaiting: offers,
        toConfirm: orders.filter((o) => o.status === 'requested').length,
        toShip: orders.filter((o) => o.status === 'confirmed').length,
        confirmedThisMonth: (cents / 100).toFixed(2),
      };
    },
    [userId],
  ).data;
}
