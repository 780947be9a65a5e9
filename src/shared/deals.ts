import { toCents } from './currency';
import { offerPrices } from './messaging';
/**
 * The rules of deals (docs/product.md#deals), shared by the API server, which enforces them,
 * and the web app, which shows them and applies them on the device before sending.
 * - An offer (a message with a price) is pending until the other side accepts, declines or
 *   counters it, or its sender withdraws it; unanswered, it expires. The supplier counters
 *   freely; the buyer counters only a counter, within the ±10 % of the one-click offers.
 * - An order is requested, then confirmed by the supplier (the stock is taken), shipped and
 *   delivered; it may be declined (by the supplier, while requested) or cancelled (by either
 *   side, before shipment, with a reason).
 * The app records the agreement and its progress; it takes no money.
 */

/** How long an offer waits for an answer. */
export const OFFER_LIFETIME_DAYS = 7;
export const OFFER_LIFETIME_MS = OFFER_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

export const OFFER_STATES = ['pending', 'accepted', 'declined', 'countered', 'withdrawn'] as const;
export type OfferState = (typeof OFFER_STATES)[number];
/** What a client shows: a stored state, or 'expired' for a pending offer past its end. */
export type ShownOfferState = OfferState | 'expired';

/** What an answer message did to the offer it replies to. */
export const OFFER_EVENTS = ['accepted', 'declined', 'countered', 'withdrawn'] as const;
export type OfferEvent = (typeof OFFER_EVENTS)[number];

export const OFFER_ACTIONS = ['accept', 'decline', 'counter', 'withdraw'] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];

export const OFFER_ACTION_STATE: Record<OfferAction, OfferState> = {
  accept: 'accepted',
  decline: 'declined',
  counter: 'countered',
  withdraw: 'withdrawn',
};

/** The state to show, `now` in ms. */
export function shownOfferState(
  offer: { offer_state: ShownOfferState | null; expires_at: string | null },
  now = Date.now(),
): ShownOfferState | null {
  if (offer.offer_state === null) return null;
  if (offer.offer_state === 'pending' && offer.expires_at !== null && Date.parse(offer.expires_at) <= now) return 'expired';
  return offer.offer_state;
}

/**
 * Who may do what to an offer: the side that received it accepts or declines it; the supplier
 * may counter a buyer's offer, and the buyer an offer of the supplier's (a counter, or a quote
 * on a request for quotation); its sender may withdraw it.
 * Answers the refusal, or null.
 */
export function offerActionRefusal(
  action: OfferAction,
  offer: { senderId: number; event?: OfferEvent | null },
  conversation: { buyerId: number; supplierId: number },
  userId: number,
): 'ONLY_RECIPIENT_ANSWERS' | 'ONLY_SUPPLIER_COUNTERS' | 'ONLY_SENDER_WITHDRAWS' | null {
  const isSender = offer.senderId === userId;
  if (action === 'withdraw') return isSender ? null : 'ONLY_SENDER_WITHDRAWS';
  if (isSender) return 'ONLY_RECIPIENT_ANSWERS';
  if (action === 'counter' && conversation.supplierId !== userId && offer.senderId !== conversation.supplierId)
    return 'ONLY_SUPPLIER_COUNTERS';
  return null;
}

/**
 * The prices a buyer may counter with: the listed price (its `price`, else `min_price`) moved
 * by at most OFFER_STEP either way, in cents, both ends included: the one-click offers' two
 * prices (src/shared/messaging.ts offerPrices) are the ends.
 */
export function buyerCounterRange(listed: string): { lowest: string; highest: string } {
  const { lower, higher } = offerPrices(listed);
  return { lowest: lower, highest: higher };
}

export function buyerCounterRefusal(price: string, listed: string): 'BUYER_COUNTER_OUT_OF_RANGE' | null {
  const { lowest, highest } = buyerCounterRange(listed);
  const cents = toCents(price);
  return cents < toCents(lowest) || cents > toCents(highest) ? 'BUYER_COUNTER_OUT_OF_RANGE' : null;
}

/** Buy now orders one buyer may place: more than people place by hand, fewer than a script would. */
export const ORDERS_PER_BUYER_PER_MINUTE = 20;
export const ORDERS_PER_BUYER_PER_HOUR = 200;

export const ORDER_STATUSES = ['requested', 'confirmed', 'shipped', 'delivered', 'cancelled', 'declined'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Still moving: listed first. */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ['requested', 'confirmed', 'shipped'];

export const ORDER_ACTIONS = ['confirm', 'decline', 'ship', 'deliver', 'cancel'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** The state machine: from which status each action leads where, and who may take it. */
export const ORDER_MOVES: Record<OrderAction, { from: readonly OrderStatus[]; to: OrderStatus; by: 'supplier' | 'either' }> = {
  confirm: { from: ['requested'], to: 'confirmed', by: 'supplier' },
  decline: { from: ['requested'], to: 'declined', by: 'supplier' },
  ship: { from: ['confirmed'], to: 'shipped', by: 'supplier' },
  deliver: { from: ['shipped'], to: 'delivered', by: 'either' },
  cancel: { from: ['requested', 'confirmed'], to: 'cancelled', by: 'either' },
};

/** The status an action leads to from `status`, or null when the move is impossible. */
export function nextOrderStatus(status: OrderStatus, action: OrderAction): OrderStatus | null {
  const move = ORDER_MOVES[action];
  return move.from.includes(status) ? move.to : null;
}

export function mayMoveOrder(action: OrderAction, role: 'buyer' | 'supplier'): boolean {
  return ORDER_MOVES[action].by === 'either' || role === 'supplier';
}

/** Stock is held by confirmed and shipped orders; a cancelled confirmed order gives it back. */
export const holdsStock = (status: OrderStatus) => status === 'confirmed' || status === 'shipped' || status === 'delivered';

/** One step of an order's timeline, as stored (client_id: the device's key of the request that made it). */
export interface StoredOrderEvent {
  status: OrderStatus;
  at: string;
  by: number;
  reason?: string;
  client_id?: string | null;
}

/** Longest reason for a cancellation or a refusal. */
export const ORDER_REASON_MAX = 500;

/** Money in USD cents, to add and multiply decimal strings exactly. */
export function orderTotal(unitPrice: string, quantity: number): string {
  const cents = Math.round(Number(unitPrice) * 100) * quantity;
  return (cents / 100).toFixed(2);
}

/** A quantity a buyer may order: from the minimum order to the stock. */
export function quantityRefusal(
  quantity: number,
  product: { minimum_order_quantity: number; quantity_in_stock: number },
): 'OUT_OF_STOCK' | 'BELOW_MINIMUM_ORDER' | 'ABOVE_STOCK' | null {
  if (product.quantity_in_stock <= 0) return 'OUT_OF_STOCK';
  if (quantity < product.minimum_order_quantity) return 'BELOW_MINIMUM_ORDER';
  if (quantity > product.quantity_in_stock) return 'ABOVE_STOCK';
  return null;
}
