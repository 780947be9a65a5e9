import { useRef } from 'react';
import type { MessageRow, RfqQuoteRow, RfqRow } from '../db/db';
import { moqPrice } from '../shared/prices';
import { rfqStatusAt } from '../shared/rfqs';
import { intent } from '../sync';
import { useLive, type Live } from './live';

export type { RfqQuoteRow, RfqRow };

/**
 * Requests for quotation as the device holds them (docs/api.md#requests-for-quotation): the
 * buyer's own and those shown to a supplier, pulled with the private stream, so every list here
 * opens offline. A request past its deadline shows closed by it, with no change from the server.
 */

/** A request as shown at `now`: an open one past its deadline is closed by it. */
export const shownRfq = (row: RfqRow, now = Date.now()): RfqRow => ({ ...row, ...rfqStatusAt(row, now) });

const newestFirst = (a: RfqRow, b: RfqRow) => b.created_at.localeCompare(a.created_at);

/** The buyer's own requests, open ones first, newest first within each. */
export function useMyRfqs(userId: number | undefined): Live<RfqRow[]> {
  return useLive(
    async ({ db }) => {
      const now = Date.now();
      const rows = (await db.rfqs.toArray()).filter((r) => r.buyer.id === userId).map((r) => shownRfq(r, now));
      return rows.sort((a, b) => Number(a.status === 'closed') - Number(b.status === 'closed') || newestFirst(a, b));
    },
    [userId],
  );
}

/**
 * The requests shown to a supplier (the server sends those of their categories, never their
 * own): open ones, the nearest deadline first; with whether they have quoted each.
 */
export function useSupplierRfqs(userId: number | undefined): Live<Array<RfqRow & { quoted: boolean }>> {
  return useLive(
    async ({ db }) => {
      const now = Date.now();
      const [rows, quotes] = await Promise.all([db.rfqs.toArray(), db.rfqQuotes.toArray()]);
      const quoted = new Set(quotes.filter((q) => q.supplier.id === userId).map((q) => q.rfq));
      return rows
        .filter((r) => r.buyer.id !== userId)
        .map((r) => ({ ...shownRfq(r, now), quoted: quoted.has(r.id) }))
        .filter((r) => r.status === 'open' || r.quoted)
        .sort((a, b) => Number(a.status === 'closed') - Number(b.status === 'closed') || a.deadline.localeCompare(b.deadline));
    },
    [userId],
  );
}

/** How many open requests wait for the supplier's quote: the Requests tab's count. */
export function useRfqsToQuote(userId: number | undefined): number | undefined {
  return useLive(
    async ({ db }) => {
      const now = Date.now();
      const [rows, quotes] = await Promise.all([db.rfqs.toArray(), db.rfqQuotes.toArray()]);
      const quoted = new Set(quotes.filter((q) => q.supplier.id === userId).map((q) => q.rfq));
      return rows.filter((r) => r.buyer.id !== userId && !quoted.has(r.id) && shownRfq(r, now).status === 'open').length;
    },
    [userId],
  ).data;
}

/**
 * One request. One posted on this device (a negative id) is followed to the server's copy once
 * it is sent: the same client_id, written in the transaction that removes the local row.
 */
export function useRfq(id: number): Live<RfqRow | null> {
  const clientId = useRef<string | null>(null);
  return useLive(
    async ({ db }) => {
      let row = await db.rfqs.get(id);
      if (row) clientId.current = row.client_id ?? null;
      else if (id < 0 && clientId.current) row = await db.rfqs.where('client_id').equals(clientId.current).first();
      return row ? shownRfq(row) : null;
    },
    [id],
  );
}

/** A request's quotes the device holds (every one for its buyer, a supplier's own), oldest first. */
export function useRfqQuotes(rfqId: number | null): Live<RfqQuoteRow[]> {
  return useLive(
    async ({ db }) =>
      rfqId === null
        ? []
        : (await db.rfqQuotes.where('rfq').equals(rfqId).toArray()).sort((a, b) => a.created_at.localeCompare(b.created_at)),
    [rfqId],
  );
}

/**
 * A request's picture as shown: the server's (or one already up, the request still on its way)
 * by URL; one still on the device as its file, with how far its upload got and why it failed.
 */
export type RfqPicture =
  | { key: string; url: string }
  | { key: string; file: Blob; outboxId: number; sent: number; total: number; failed: string | null };

/**
 * The pictures of a request, in their order. One posted on this device shows from the outbox
 * (src/sync/outbox/rfqs.ts): the pictures handed to its entry, then those still going up.
 */
export function useRfqPictures(rfq: Pick<RfqRow, 'id' | 'images'>): Live<RfqPicture[]> {
  const images = rfq.images ?? [];
  return useLive(
    async ({ db }) => {
      if (rfq.id > 0) return images.map((url, index) => ({ key: `${index} ${url}`, url }));
      const entries = await db.outbox.where('target').equals(`rfq:${rfq.id}`).sortBy('seq');
      // By place: a picture handed over is, for a moment, both in the request's entry and its own.
      const shown = new Map<number, RfqPicture>();
      for (const e of entries) {
        if (e.kind === 'rfq.create') {
          const handed = (e.payload.images as Array<string | null> | undefined) ?? [];
          handed.forEach((url, index) => {
            if (url) shown.set(index, { key: `${index} ${url}`, url });
          });
        } else if (e.kind === 'rfq.picture' && e.seq !== undefined) {
          const index = e.payload.index as number;
          const url = e.payload.image as string | undefined;
          if (url) shown.set(index, { key: `${index} ${url}`, url });
          else if (e.file)
            shown.set(index, {
              key: `${index} ${e.seq}`,
              file: e.file,
              outboxId: e.seq,
              sent: e.upload?.sent ?? 0,
              total: e.upload?.total ?? e.file.size,
              failed: e.state === 'failed' ? (e.error ?? '') : null,
            });
        }
      }
      return [...shown.entries()].sort(([a], [b]) => a - b).map(([, picture]) => picture);
    },
    [rfq.id, images.join(' ')],
  );
}

export const postRfq = intent('postRfq');
export const sendQuote = intent('sendQuote');
export const closeRfq = intent('closeRfq');

/** The supplier's own products the device holds (always kept: docs/sync.md#working-set), those of `categoryId` first. */
export function useOwnProducts(
  userId: number | undefined,
  categoryId: number | null,
): Live<Array<{ id: number; name: string; price: string }>> {
  return useLive(
    async ({ db }) => {
      if (userId === undefined) return [];
      const rows = await db.products.where('supplier_id').equals(userId).toArray();
      return rows
        .sort((a, b) => Number(b.category_id === categoryId) - Number(a.category_id === categoryId) || a.name.localeCompare(b.name))
        .map((p) => ({ id: p.id, name: p.name, price: moqPrice(p) }));
    },
    [userId, categoryId],
  );
}

/** The offer a quote posted in its conversation, as the device holds it (null while it does not). */
export function useQuoteOffer(offerId: number | null): MessageRow | null | undefined {
  return useLive(async ({ db }) => (offerId === null ? null : ((await db.messages.get(offerId)) ?? null)), [offerId]).data;
}
