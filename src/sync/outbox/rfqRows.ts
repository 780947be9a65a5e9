import type { Rfq, RfqQuote } from '../../shared/rfqs';
import { db, type OutboxRow, type PendingMark, type RfqRow } from '../../db/db';

/**
 * The device's requests for quotation and quotes (docs/api.md#requests-for-quotation): the
 * server's rows, and how a pending request, quote or closing shows on them, is re-applied
 * after a pull (docs/sync.md#rebase) and undone on Discard.
 */

const RFQ_KINDS = ['rfq.create', 'rfq.picture', 'rfq.quote', 'rfq.close'] as const;
export const isRfqKind = (kind: OutboxRow['kind']) => (RFQ_KINDS as readonly string[]).includes(kind);

/** Ids of the pending copies made on this device that these server rows (same client_id) replace. */
async function pendingCopies(table: typeof db.rfqs | typeof db.rfqQuotes, rows: Array<{ client_id: string | null }>): Promise<number[]> {
  const clientIds = rows.flatMap((r) => (r.client_id ? [r.client_id] : []));
  if (clientIds.length === 0) return [];
  const copies: Array<{ id: number }> = await table.where('client_id').anyOf(clientIds).toArray();
  return copies.filter((r) => r.id < 0).map((r) => r.id);
}

/** Puts the server's requests; a pending copy made on this device gives way. */
export async function putRfqs(rfqs: Rfq[]): Promise<void> {
  await db.rfqs.bulkDelete(await pendingCopies(db.rfqs, rfqs));
  await db.rfqs.bulkPut(rfqs);
}

/** Puts the server's quotes; a pending copy made on this device gives way. */
export async function putQuotes(quotes: RfqQuote[]): Promise<void> {
  await db.rfqQuotes.bulkDelete(await pendingCopies(db.rfqQuotes, quotes));
  await db.rfqQuotes.bulkPut(quotes);
}

/** Shows an entry's state on the row it changed (a picture's on its request). */
export async function markRfqRow(entry: OutboxRow, mark: PendingMark): Promise<void> {
  const p = entry.payload;
  if (entry.kind === 'rfq.create' || entry.kind === 'rfq.picture') await db.rfqs.update(p.tempId as number, { ...mark });
  else if (entry.kind === 'rfq.quote') await db.rfqQuotes.update(p.tempId as number, { ...mark });
  else if (entry.kind === 'rfq.close') await db.rfqs.update(p.rfq as number, { ...mark });
}

/** Re-applies a pending closing on top of what a pull wrote (the server's open copy must not reopen it). */
export async function rebaseRfq(entry: OutboxRow, mark: PendingMark): Promise<void> {
  if (entry.kind !== 'rfq.close') return;
  const rfq = await db.rfqs.get(entry.payload.rfq as number);
  if (rfq && rfq.status === 'open') await db.rfqs.put({ ...rfq, status: 'closed', closed_reason: 'buyer', closing: true, ...mark });
  else if (rfq) await db.rfqs.update(rfq.id, { ...mark });
}

/** A request's own entry on the device (its pictures' entries share its target), if it has not left. */
export const creationOf = (target: string) =>
  db.outbox
    .where('target')
    .equals(target)
    .filter((e) => e.kind === 'rfq.create')
    .first();

/** Undoes what a discarded entry showed. */
export async function discardRfq(entry: OutboxRow): Promise<void> {
  const p = entry.payload;
  if (entry.kind === 'rfq.create') await db.rfqs.delete(p.tempId as number);
  else if (entry.kind === 'rfq.picture') {
    // The request goes without this picture: it shows its own entry's state again.
    const creation = await creationOf(entry.target);
    await db.rfqs.update(p.tempId as number, {
      pending: creation?.state === 'failed' ? 'failed' : 'sending',
      error: creation?.error,
      outboxId: creation?.seq,
    });
  } else if (entry.kind === 'rfq.quote') await db.rfqQuotes.delete(p.tempId as number);
  else if (entry.kind === 'rfq.close') {
    const previous = p.previous as Pick<RfqRow, 'status' | 'closed_reason'>;
    await db.rfqs.update(p.rfq as number, { ...previous, closing: undefined, pending: undefined, error: undefined, outboxId: undefined });
  }
}
