import { t } from '@lingui/core/macro';
import type { Product } from '../../shared/catalogue';
import {
  OFFER_ACTION_STATE,
  OFFER_LIFETIME_MS,
  nextOrderStatus,
  orderTotal,
  type OfferAction,
  type OfferEvent,
  type OrderAction,
} from '../../shared/deals';
import { db, type MessageRow, type OrderRow } from '../../db/db';
import { applyMove } from './dealRows';
import { enqueue, waitingEntry } from './queue';
import { guardedWrite } from '../storage';
import { nowIso, signedInUser, tempId } from './localRows';
import { currentPrice } from '../../shared/prices';

/**
 * Deals on the device (docs/sync.md#outbox): answering offers, "Buy now" and moving orders are
 * outbox intents like the others. Each shows at once (the offer's new state, the answer in the
 * chat, the order and its status) and is sent when the network allows, idempotent by its
 * client_id; a refusal (the offer was withdrawn meanwhile, the stock is gone) fails the entry
 * with the server's reason, and Discard puts the device back as it was.
 */

/**
 * Accepts, declines, counters (a price and quantity of one's own; the buyer's within ±10 % of
 * the listed price, which the server checks) or withdraws an offer. Withdrawing an offer that has not left the device yet simply takes it back.
 */
export async function answerOffer(offer: MessageRow, action: OfferAction, counter?: { price: string; quantity: number }): Promise<void> {
  const user = signedInUser();
  const target = `conversation:${offer.conversation}`;
  const state = OFFER_ACTION_STATE[action];
  const event = state as OfferEvent;
  await guardedWrite(t`your answer to the offer`, () =>
    db.transaction('rw', [db.messages, db.outbox], async () => {
      if (offer.id < 0 && action === 'withdraw') {
        if (offer.outboxId !== undefined) await db.outbox.delete(offer.outboxId);
        await db.messages.delete(offer.id);
        return;
      }
      const id = tempId();
      const seq = await enqueue({
        kind: 'offer.answer',
        target,
        userId: user.id,
        payload: { offer: offer.id, action, conversation: offer.conversation, ...counter, tempId: id, previous: offer.offer_state },
      });
      const entry = await db.outbox.get(seq);
      await db.messages.update(offer.id, { offer_state: state });
      await db.messages.put({
        id,
        conversation: offer.conversation,
        sender: { id: user.id },
        text: '',
        image_url: null,
        price: counter?.price ?? null,
        quantity: counter?.quantity ?? null,
        offer_state: counter ? 'pending' : null,
        expires_at: counter ? new Date(Date.now() + OFFER_LIFETIME_MS).toISOString() : null,
        reply_to: offer.id,
        event,
        timestamp: nowIso(),
        // biome-ignore lint/style/noNonNullAssertion: the entry was queued just above, in this transaction.
        client_id: entry!.client_id,
        pending: 'sending',
        outboxId: seq,
      });
    }),
  );
}

/** "Buy now": an order request at the listed price, shown at once as requested. */
export async function placeOrder(product: Product, quantity: number): Promise<number> {
  const user = signedInUser();
  const id = tempId();
  const unit = currentPrice(product);
  return guardedWrite(t`your order`, () =>
    db.transaction('rw', [db.orders, db.outbox], async () => {
      const seq = await enqueue({
        kind: 'order.create',
        target: `order:${id}`,
        userId: user.id,
        payload: { product: product.id, quantity, tempId: id },
      });
      const entry = await db.outbox.get(seq);
      const at = nowIso();
      const supplier = product.supplier;
      await db.orders.put({
        id,
        status: 'requested',
        product: { id: product.id, name: product.name, thumbnail_url: product.thumbnail_url },
        buyer: { id: user.id, name: user.buyer_profile?.name || user.first_name },
        supplier: { id: supplier.id, name: supplier.supplier_profile?.company_name || supplier.first_name },
        quantity,
        unit_price: unit,
        total: orderTotal(unit, quantity),
        offer: null,
        conversation: null,
        events: [{ status: 'requested', at, by: { id: user.id }, reason: null }],
        created_at: at,
        updated_at: at,
        // biome-ignore lint/style/noNonNullAssertion: the entry was queued just above, in this transaction.
        client_id: entry!.client_id,
        pending: 'sending',
        outboxId: seq,
      });
      return id;
    }),
  );
}

/** Confirms, declines, ships, marks delivered or cancels an order. Cancelling a request not yet sent takes it back. */
export async function moveOrder(order: OrderRow, action: OrderAction, reason?: string): Promise<void> {
  const user = signedInUser();
  const next = nextOrderStatus(order.status, action);
  if (next === null) return;
  const target = `order:${order.id}`;
  await guardedWrite(t`your change to the order`, () =>
    db.transaction('rw', [db.orders, db.outbox], async () => {
      const unsent = order.id < 0 ? await waitingEntry(target, ['order.create']) : undefined;
      if (unsent && action === 'cancel') {
        // biome-ignore lint/style/noNonNullAssertion: outbox rows read from the table carry their key.
        await db.outbox.delete(unsent.seq!);
        await db.orders.delete(order.id);
        return;
      }
      const seq = await enqueue({
        kind: 'order.move',
        target,
        userId: user.id,
        payload: { order: order.id, action, reason: reason?.trim() || null, previous: { status: order.status, events: order.events } },
      });
      await db.orders.update(order.id, { ...applyMove(order, next, user.id, reason), pending: 'sending', error: undefined, outboxId: seq });
    }),
  );
}
