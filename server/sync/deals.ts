import { serializeOrders } from '../services/deals/orders';
import { inWindow } from './feed';
import type { SyncCollection } from './types';

/**
 * The signed-in user's orders for GET /api/sync/ (docs/api.md#delta-sync), as buyer or supplier,
 * in the shape of GET /api/orders/{id}/. Offer states travel with their messages.
 */
export const orders: SyncCollection = {
  name: 'orders',
  scope: 'user',
  async changedSince(db, { userId, window }) {
    if (userId === null) return [];
    const rows = await db
      .selectFrom('orders')
      .selectAll()
      .where(inWindow('orders', window))
      .where((eb) => eb.or([eb('buyer_id', '=', userId), eb('supplier_id', '=', userId)]))
      .orderBy('txid')
      .orderBy('seq')
      .limit(window.limit)
      .execute();
    const items = await serializeOrders(db, rows);
    return rows.map((r, i) => ({ txid: r.txid, seq: r.seq, item: items[i] }));
  },
};
