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
import { enqueue, unsent } from './queue';
import { guardedWrite } from '../storage';
import { nowIso, signedInUser, tempId } from './localRows';
import { unitPrice } from '../../shared/prices';

/**
 * Deals on the device (docs/sync.md#outbox): answering offers, "Buy now" and moving orders are
 * outbox intents like the others. Each shows at once (the offer's new state, the answer in the
 * chat, the order and its status) and is sent when the network allows, idempotent by its
 * client_id; a refusal (the offer was withdrawn meanwhile, the stock is gone) fails the entry
 * with the server's reason, and Discard puts the device back as it was.
 */

/**
 * Accepts, declines, counters (a price and quantity of one's own; the buyer's within ±10 % of
 * the listed price, which the server checks) or withdraws an offer. Withdrawing an offer that
 * has not left the device yet simply takes it back; one on its way is withdrawn after it.
 */
export async function answerOffer(shown: MessageRow, action: OfferAction, counter?: { price: string; quantity: number }): Promise<void> {
  const user = signedInUser();
  const target = `conversation:${shown.conversation}`;
  const state = OFFER_ACTION_STATE[action];
  const event = state as OfferEvent;
  await guardedWrite(t`your answer to the offer`, () =>
    db.transaction('rw', [db.messages, db.outbox], async () => {
      const offer = await current(shown, (clientId) => db.messages.where('client_id').equals(clientId).toArray());
      if (offer.id < 0 && action === 'withdraw') {
        const sending = offer.outboxId === undefined ? undefined : await db.outbox.get(offer.outboxId);
        if (!sending || unsent(sending)) {
          if (sending) await db.outbox.delete(offer.outboxId as number);
          await db.messages.delete(offer.id);
          return;
        }
        // On its way (or sent without an answer): the withdrawal goes after it in the lane, aimed
        // at the temporary id until the offer's answer names it (./send.ts).
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

/**
 * The row as the device holds it now: a screen may still show the temporary copy of an offer
 * or order whose answer has since replaced it with the server's, found by its client_id.
 */
async function current<Row extends MessageRow | OrderRow>(shown: Row, byClientId: (clientId: string) => Promise<Row[]>): Promise<Row> {
  if (shown.id > 0 || !shown.client_id) return shown;
  const rows = await byClientId(shown.client_id);
  return rows.find((row) => row.id > 0) ?? rows.find((row) => row.id === shown.id) ?? shown;
}

/**
 * "Buy now": an order request at the unit price of its quantity, shown at once as requested. A
 * sample (docs/api.md#quantity-tiers-and-samples) is one piece at the product's sample price.
 */
export async function placeOrder(product: Product, quantity: number, sample = false): Promise<number> {
  const user = signedInUser();
  const id = tempId();
  const unit = sample && product.sample_price ? product.sample_price : unitPrice(product, quantity);
  return guardedWrite(t`your order`, () =>
    db.transaction('rw', [db.orders, db.outbox], async () => {
      const seq = await enqueue({
        kind: 'order.create',
        target: `order:${id}`,
        userId: user.id,
        payload: sample ? { product: product.id, quantity: 1, sample: true, tempId: id } : { product: product.id, quantity, tempId: id },
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
        quantity: sample ? 1 : quantity,
        unit_price: unit,
        total: orderTotal(unit, sample ? 1 : quantity),
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
export async function moveOrder(shown: OrderRow, action: OrderAction, reason?: string): Promise<void> {
  const user = signedInUser();
  await guardedWrite(t`your change to the order`, () =>
    db.transaction('rw', [db.orders, db.outbox], async () => {
      const order = await current(shown, (clientId) => db.orders.where('client_id').equals(clientId).toArray());
      const next = nextOrderStatus(order.status, action);
      if (next === null) return;
      const target = `order:${order.id}`;
      const request =
        order.id < 0
          ? await db.outbox
              .where('target')
              .equals(target)
              .filter((e) => e.kind === 'order.create')
              .first()
          : undefined;
      if (request && unsent(request) && action === 'cancel') {
        // Not on its way yet (or refused): taken back. One on its way is cancelled after it, in
        // the same lane, by the order's id once its answer names it (./dealSend.ts).
        // biome-ignore lint/style/noNonNullAssertion: outbox rows read from the table carry their key.
        await db.outbox.delete(request.seq!);
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
