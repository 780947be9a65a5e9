import { rfqsOf, serializeQuotes, serializeRfqs } from '../services/wholesale/rfqs';
import { inWindow } from './feed';
import type { SyncCollection } from './types';

/**
 * The signed-in user's requests for quotation for GET /api/sync/ (docs/api.md#delta-sync): their
 * own, and those shown to them as a supplier (a category where they have products or
 * industries), in the shape of GET /api/rfqs/{id}/. A request moves in the feed with every
 * quote (its count) and when it closes; a deadline closes it on the device as on the server,
 * from `deadline`, with no change sent.
 */
export const rfqs: SyncCollection = {
  name: 'rfqs',
  scope: 'user',
  async changedSince(db, { userId, window }) {
    if (userId === null) return [];
    const rows = await db
      .selectFrom('rfqs as r')
      .selectAll('r')
      .where(inWindow('r', window))
      .where(rfqsOf(userId))
      .orderBy('r.txid')
      .orderBy('r.seq')
      .limit(window.limit)
      .execute();
    const items = await serializeRfqs(db, rows);
    return rows.map((r, i) => ({ txid: r.txid, seq: r.seq, item: items[i] }));
  },
};

/**
 * Quotes for GET /api/sync/, in the shape of GET /api/rfqs/{id}/quotes/: every quote of the
 * user's own requests (compared offline), and a supplier's own quotes.
 */
export const rfqQuotes: SyncCollection = {
  name: 'rfq_quotes',
  scope: 'user',
  async changedSince(db, { userId, window }) {
    if (userId === null) return [];
    const rows = await db
      .selectFrom('rfq_quotes as q')
      .selectAll('q')
      .where(inWindow('q', window))
      .where((eb) =>
        eb.or([eb('q.supplier_id', '=', userId), eb('q.rfq_id', 'in', eb.selectFrom('rfqs').select('id').where('buyer_id', '=', userId))]),
      )
      .orderBy('q.txid')
      .orderBy('q.seq')
      .limit(window.limit)
      .execute();
    const items = await serializeQuotes(db, rows);
    return rows.map((r, i) => ({ txid: r.txid, seq: r.seq, item: items[i] }));
  },
};
