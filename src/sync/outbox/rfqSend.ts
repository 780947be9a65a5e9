import { db, type OutboxRow } from '../../db/db';
import { api } from '../api/client';
import { putQuotes, putRfqs } from './rfqRows';
import type { Named } from './queue';

/** Sends one request-for-quotation entry under its user's session (docs/sync.md#identity); answers what to write once it is through. */
export async function sendRfq(entry: OutboxRow): Promise<{ apply: () => Promise<unknown>; named?: Named }> {
  const p = entry.payload;
  switch (entry.kind) {
    case 'rfq.picture': {
      // Up (uploads.ts): its URL goes into the request's own entry, at its place. Written by
      // place, not appended, so a picture handed over twice (a crash between the two writes) counts once.
      const url = p.image as string;
      await db.outbox
        .where('target')
        .equals(entry.target)
        .modify((e) => {
          if (e.kind !== 'rfq.create' || e.payload.tempId !== p.tempId) return;
          const images = [...((e.payload.images as Array<string | null> | undefined) ?? [])];
          images[p.index as number] = url;
          e.payload = { ...e.payload, images: Array.from(images, (image) => image ?? null) };
        });
      return { apply: async () => undefined };
    }
    case 'rfq.create': {
      const rfq = await api.createRfq(
        {
          title: p.title as string,
          description: p.description as string,
          category: p.category as number,
          quantity: p.quantity as number,
          target_price: (p.target_price as string | null) ?? null,
          deadline: p.deadline as string,
          images: ((p.images as Array<string | null> | undefined) ?? []).filter((image): image is string => Boolean(image)),
          client_id: entry.client_id,
        },
        entry.user_id,
      );
      return {
        apply: async () => {
          await db.rfqs.delete(p.tempId as number);
          await putRfqs([rfq]);
        },
        named: { kind: 'rfq.close', key: 'rfq', id: rfq.id },
      };
    }
    case 'rfq.quote': {
      const quote = await api.sendQuote(
        p.rfq as number,
        {
          product: p.product as number,
          unit_price: p.unit_price as string,
          quantity: p.quantity as number,
          lead_time_days: p.lead_time_days as number,
          note: p.note as string,
          client_id: entry.client_id,
        },
        entry.user_id,
      );
      return {
        apply: async () => {
          await db.rfqQuotes.delete(p.tempId as number);
          await putQuotes([quote]);
        },
      };
    }
    default: {
      const rfq = await api.closeRfq(p.rfq as number, entry.client_id, entry.user_id);
      return { apply: () => putRfqs([rfq]) };
    }
  }
}
