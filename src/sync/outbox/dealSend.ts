import type { OfferAnswer } from '../../shared/deals-schema';
import type { OfferAction, OrderAction } from '../../shared/deals';
import { db, type OutboxRow } from '../../db/db';
import { api } from '../api/client';
import { putMessages } from '../pull/apply';
import { putOrders } from './dealRows';
import type { Named } from './queue';

/** Sends one deal entry, only under its user's session (docs/sync.md#identity); answers what to write once it is through, and the id a new order got. */
export async function sendDeal(entry: OutboxRow): Promise<{ apply: () => Promise<unknown>; named?: Named }> {
  const p = entry.payload;
  switch (entry.kind) {
    case 'offer.answer': {
      const answer: OfferAnswer = await api.answerOffer(
        p.offer as number,
        p.action as OfferAction,
        {
          client_id: entry.client_id,
          ...(p.action === 'counter' ? { price: p.price as string, quantity: p.quantity as number } : {}),
        },
        entry.user_id,
      );
      return {
        apply: async () => {
          await db.messages.delete(p.tempId as number);
          await putMessages([answer.offer, answer.message]);
          if (answer.order) await putOrders([answer.order]);
        },
      };
    }
    case 'order.create': {
      const order = await api.createOrder(
        p.sample
          ? { product: p.product as number, sample: true, client_id: entry.client_id }
          : { product: p.product as number, quantity: p.quantity as number, client_id: entry.client_id },
        entry.user_id,
      );
      return {
        apply: async () => {
          await db.orders.delete(p.tempId as number);
          await putOrders([order]);
        },
        named: { kind: 'order.move', key: 'order', id: order.id },
      };
    }
    default: {
      const order = await api.moveOrder(
        p.order as number,
        p.action as OrderAction,
        { reason: p.reason as string | null, client_id: entry.client_id },
        entry.user_id,
      );
      return { apply: () => putOrders([order]) };
    }
  }
}
