import { t } from '@lingui/core/macro';
import type { RfqClosedReason, RfqStatus } from '../../shared/rfqs';
import { db, type RfqQuoteRow, type RfqRow } from '../../db/db';
import { enqueue, unsent } from './queue';
import { stopUpload } from './uploads';
import { creationOf } from './rfqRows';
import { guardedWrite } from '../storage';
import { nowIso, signedInUser, tempId } from './localRows';

/**
 * Requests for quotation on the device (docs/api.md#requests-for-quotation): posting one,
 * quoting on one and closing one are outbox intents (docs/sync.md#outbox). Each shows at once
 * and is sent when the network allows, once, by its client_id; a refusal ("This request is
 * closed.") fails the entry with the server's words, and Discard takes the row back.
 */

export interface NewRfq {
  title: string;
  description: string;
  category: { id: number; name: string };
  quantity: number;
  /** A unit price in USD (the form converts from the user's currency), or null. */
  target_price: string | null;
  /** ISO time. */
  deadline: string;
  /** Up to RFQ_PICTURES_MAX images, in the order shown. */
  pictures?: File[];
}

/**
 * A buyer's request, shown at once in their requests under a temporary id. Its pictures go
 * first, each an entry of its own in the upload lane (uploads.ts: shrunk, resumable); the
 * request leaves once they are up, carrying their URLs, so suppliers never see it without them.
 */
export async function postRfq(input: NewRfq): Promise<number> {
  const user = signedInUser();
  const id = tempId();
  return guardedWrite(t`your request`, () =>
    db.transaction('rw', [db.rfqs, db.outbox], async () => {
      const fields = {
        title: input.title.trim(),
        description: input.description.trim(),
        quantity: input.quantity,
        target_price: input.target_price,
        deadline: input.deadline,
      };
      for (const [index, file] of (input.pictures ?? []).entries()) {
        await enqueue({
          kind: 'rfq.picture',
          target: `rfq:${id}`,
          userId: user.id,
          file,
          payload: { tempId: id, index, fileName: file.name },
          holdsTarget: true,
        });
      }
      const seq = await enqueue({
        kind: 'rfq.create',
        target: `rfq:${id}`,
        userId: user.id,
        payload: { ...fields, category: input.category.id, tempId: id },
      });
      const entry = await db.outbox.get(seq);
      const at = nowIso();
      await db.rfqs.put({
        id,
        status: 'open',
        closed_reason: null,
        ...fields,
        category: input.category,
        quotes_count: 0,
        images: [],
        buyer: { id: user.id, name: user.buyer_profile?.name || user.first_name, country: user.country?.code ?? null },
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

export interface NewQuote {
  product: number;
  /** USD, two decimals. */
  unit_price: string;
  quantity: number;
  lead_time_days: number;
  note: string;
}

/** A supplier's quote on a request, shown at once on the request page. */
export async function sendQuote(rfq: RfqRow, input: NewQuote): Promise<number> {
  const user = signedInUser();
  const id = tempId();
  return guardedWrite(t`your quote`, () =>
    db.transaction('rw', [db.rfqQuotes, db.outbox], async () => {
      const fields = { ...input, note: input.note.trim() };
      const seq = await enqueue({
        kind: 'rfq.quote',
        target: `rfq:${rfq.id}`,
        userId: user.id,
        payload: { ...fields, rfq: rfq.id, tempId: id },
      });
      const entry = await db.outbox.get(seq);
      const row: RfqQuoteRow = {
        id,
        rfq: rfq.id,
        supplier: { id: user.id, name: user.supplier_profile?.company_name || user.first_name },
        ...fields,
        conversation: null,
        offer: null,
        created_at: nowIso(),
        // biome-ignore lint/style/noNonNullAssertion: the entry was queued just above, in this transaction.
        client_id: entry!.client_id,
        pending: 'sending',
        outboxId: seq,
      };
      await db.rfqQuotes.put(row);
      return id;
    }),
  );
}

/**
 * The buyer closes their request: shown closed at once. A request that has not left the
 * device yet is simply taken back; one on its way is closed after it, in the same lane.
 */
export async function closeRfq(shown: RfqRow): Promise<void> {
  const user = signedInUser();
  const stopping: number[] = [];
  await guardedWrite(t`your change to the request`, () =>
    db.transaction('rw', [db.rfqs, db.outbox], async () => {
      const rfq = (shown.id < 0 && shown.client_id ? await db.rfqs.where('client_id').equals(shown.client_id).first() : shown) ?? shown;
      if (rfq.id < 0) {
        const creation = await creationOf(`rfq:${rfq.id}`);
        if (!creation || unsent(creation)) {
          // Taken back with its pictures, whether they are still waiting, going up or failed.
          const pictures = await db.outbox
            .where('target')
            .equals(`rfq:${rfq.id}`)
            .filter((e) => e.kind === 'rfq.picture')
            .primaryKeys();
          await db.outbox.bulkDelete([...pictures, ...(creation?.seq === undefined ? [] : [creation.seq])]);
          await db.rfqs.delete(rfq.id);
          stopping.push(...(pictures as number[]));
          return;
        }
      }
      const previous: { status: RfqStatus; closed_reason: RfqClosedReason | null } = {
        status: rfq.status,
        closed_reason: rfq.closed_reason,
      };
      const seq = await enqueue({ kind: 'rfq.close', target: `rfq:${rfq.id}`, userId: user.id, payload: { rfq: rfq.id, previous } });
      await db.rfqs.update(rfq.id, {
        status: 'closed',
        closed_reason: 'buyer',
        closing: true,
        pending: 'sending',
        error: undefined,
        outboxId: seq,
      });
    }),
  );
  for (const seq of stopping) stopUpload(seq);
}
