import { sql } from 'kysely';
import type { Database } from '../../db';
import type { UserRow } from '../accounts/sessions';
import { badRequest, fieldError, forbidden, notFound } from '../../lib/errors';
import type { MessageRow } from '../messaging/messages';
import { notify, type NewNotification } from '../notifications';
import { insertOrder, type OrderRow } from './orders';
import {
  OFFER_ACTION_STATE,
  OFFER_LIFETIME_DAYS,
  buyerCounterRefusal,
  offerActionRefusal,
  quantityRefusal,
  type OfferAction,
  type OfferEvent,
  type OfferState,
} from '@/shared/deals';
import { SERVER_MESSAGES } from '@/shared/messages';
import { unitPrice } from '@/shared/prices';

/**
 * Answers to offers (docs/api.md#offers-and-orders): accept, decline, counter (the supplier, with
 * a price and quantity of their own; the buyer, to a counter, within ±10 % of the listed price)
 * or withdraw. Each answer is a message in the conversation
 * pointing back at the offer, and a notification for the other side; an acceptance makes a
 * requested order. The offer row is locked and changed only while pending, so an acceptance
 * and a withdrawal that cross each other end with exactly one of them. Idempotent by client_id:
 * a repeat answers what the first request did.
 */

const ALREADY: Record<Exclude<OfferState, 'pending'>, string> = {
  accepted: SERVER_MESSAGES.OFFER_ALREADY_ACCEPTED,
  declined: SERVER_MESSAGES.OFFER_ALREADY_DECLINED,
  countered: SERVER_MESSAGES.OFFER_ALREADY_COUNTERED,
  withdrawn: SERVER_MESSAGES.OFFER_WITHDRAWN,
};

const EVENT_WORDS: Record<OfferEvent, string> = {
  accepted: 'Accepted the offer',
  declined: 'Declined the offer',
  countered: 'Countered the offer',
  withdrawn: 'Withdrew the offer',
};

export interface OfferAnswerResult {
  offer: MessageRow;
  message: MessageRow;
  order: OrderRow | null;
  created: boolean;
  notificationId: number | null;
}

/** What a request with this client_id already did, if it did. */
async function answeredWith(db: Database, userId: number, clientId: string | null): Promise<OfferAnswerResult | undefined> {
  if (clientId === null) return undefined;
  const message = await db
    .selectFrom('messages')
    .selectAll()
    .where('sender_id', '=', userId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (!message || message.reply_to === null) return undefined;
  const offer = await db.selectFrom('messages').selectAll().where('id', '=', message.reply_to).executeTakeFirstOrThrow();
  // The order of an acceptance is the accepted offer's.
  const order =
    message.event === 'accepted'
      ? await db.selectFrom('orders').selectAll().where('offer_id', '=', offer.id).executeTakeFirst()
      : undefined;
  return { offer, message, order: order ?? null, created: false, notificationId: null };
}

function notice(
  kind: NewNotification['kind'],
  toUserId: number,
  actor: UserRow,
  conversationId: number,
  offer: { price: string; quantity: number | null },
  product: string,
): NewNotification {
  const price = `$${offer.price}`;
  const words: Partial<Record<NewNotification['kind'], string>> = {
    offer_accepted: `${actor.first_name} accepted your offer of ${price} for ${product}.`,
    offer_declined: `${actor.first_name} declined your offer of ${price} for ${product}.`,
    offer_countered: `${actor.first_name} countered with ${price} for ${product}.`,
    offer_withdrawn: `${actor.first_name} withdrew the offer of ${price} for ${product}.`,
  };
  return {
    userId: toUserId,
    kind,
    link: `/chat/${conversationId}`,
    params: { sender: actor.first_name, price: offer.price, quantity: offer.quantity ?? 0, product, conversation: conversationId },
    message: words[kind] ?? '',
    actorId: actor.id,
  };
}

export async function answerOffer(
  db: Database,
  actor: UserRow,
  offerId: number,
  action: OfferAction,
  input: { client_id: string | null; price?: string; quantity?: number },
): Promise<OfferAnswerResult> {
  const first = await answeredWith(db, actor.id, input.client_id);
  if (first) return first;
  try {
    return await db.transaction().execute(async (trx) => {
      const found = await trx
        .selectFrom('messages as m')
        .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
        .selectAll('m')
        .select(['c.buyer_id', 'c.supplier_id', 'c.product_id'])
        .select(sql<boolean>`m.expires_at <= now()`.as('expired'))
        .where('m.id', '=', offerId)
        .where((eb) => eb.or([eb('c.buyer_id', '=', actor.id), eb('c.supplier_id', '=', actor.id)]))
        .forUpdate('m')
        .executeTakeFirst();
      if (!found) throw notFound();
      const { buyer_id, supplier_id, product_id, expired, ...offer } = found;
      if (offer.price === null || offer.offer_state === null) throw badRequest(SERVER_MESSAGES.NOT_AN_OFFER);
      const refusal = offerActionRefusal(
        action,
        { senderId: offer.sender_id, event: offer.event },
        { buyerId: buyer_id, supplierId: supplier_id },
        actor.id,
      );
      if (refusal) throw forbidden(SERVER_MESSAGES[refusal]);
      if (offer.offer_state !== 'pending') {
        // A repeat that waited for the first on the lock answers what the first did.
        const repeat = await answeredWith(trx, actor.id, input.client_id);
        if (repeat) return repeat;
        throw badRequest(ALREADY[offer.offer_state]);
      }
      if (expired) throw badRequest(SERVER_MESSAGES.OFFER_EXPIRED);

      const product =
        product_id === null
          ? undefined
          : await trx
              .selectFrom('products')
              .select([
                'id',
                'name',
                'price',
                'min_price',
                'flash_deal_ends_at',
                'minimum_order_quantity',
                'quantity_in_stock',
                'price_tiers',
              ])
              .where('id', '=', product_id)
              .executeTakeFirst();
      if ((action === 'accept' || action === 'counter') && !product) throw badRequest(SERVER_MESSAGES.PRODUCT_UNAVAILABLE);
      if (action === 'counter' && product) {
        const tooMany = quantityRefusal(input.quantity ?? 0, product);
        if (tooMany) throw fieldError('quantity', SERVER_MESSAGES[tooMany]);
        // The supplier's counter is free; the buyer's keeps to the one-click offers' ±10 %.
        const outOfRange =
          actor.id === buyer_id
            ? buyerCounterRefusal(input.price as string, unitPrice(product, input.quantity ?? product.minimum_order_quantity))
            : null;
        if (outOfRange) throw fieldError('price', SERVER_MESSAGES[outOfRange]);
      }

      const answered = await trx
        .updateTable('messages')
        .set({ offer_state: OFFER_ACTION_STATE[action] })
        .where('id', '=', offer.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const event = OFFER_ACTION_STATE[action] as OfferEvent;
      const counter = action === 'counter' ? { price: input.price as string, quantity: input.quantity as number } : null;
      const quantity = offer.quantity ?? product?.minimum_order_quantity ?? null;
      const text = counter
        ? `${EVENT_WORDS.countered}: $${counter.price} × ${counter.quantity}.`
        : `${EVENT_WORDS[event]} of $${offer.price}${quantity ? ` × ${quantity}` : ''}.`;
      const message = await trx
        .insertInto('messages')
        .values({
          conversation_id: offer.conversation_id,
          sender_id: actor.id,
          text,
          price: counter?.price ?? null,
          quantity: counter?.quantity ?? null,
          offer_state: counter ? 'pending' : null,
          expires_at: counter ? sql<Date>`now() + make_interval(days => ${OFFER_LIFETIME_DAYS})` : null,
          reply_to: offer.id,
          event,
          client_id: input.client_id,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const marker = actor.id === buyer_id ? 'buyer_last_read_at' : 'supplier_last_read_at';
      await trx
        .updateTable('conversations')
        .set({
          last_message_timestamp: sql`greatest(last_message_timestamp, ${message.timestamp})`,
          [marker]: sql`greatest(${sql.ref(marker)}, ${message.timestamp})`,
        })
        .where('id', '=', offer.conversation_id)
        .execute();

      let order: OrderRow | null = null;
      if (action === 'accept' && product) {
        const made = await insertOrder(trx, actor, {
          buyerId: buyer_id,
          supplierId: supplier_id,
          product,
          conversationId: offer.conversation_id,
          offerId: offer.id,
          quantity: quantity ?? product.minimum_order_quantity,
          unitPrice: offer.price,
          clientId: input.client_id,
        });
        order = made?.row ?? null;
      }
      const other = actor.id === buyer_id ? supplier_id : buyer_id;
      const notificationId = await notify(
        trx,
        notice(`offer_${event}`, other, actor, offer.conversation_id, counter ?? { price: offer.price, quantity }, product?.name ?? ''),
      );
      return { offer: answered, message, order, created: true, notificationId };
    });
  } catch (error) {
    // The same client_id raced in on another connection: answer what that one did.
    if ((error as { code?: string }).code === '23505') {
      const raced = await answeredWith(db, actor.id, input.client_id);
      if (raced) return raced;
    }
    throw error;
  }
}
