import { serializeConversations } from '../services/messaging/conversations';
import { fileSize, serializeMessage } from '../services/messaging/messages';
import { serializeNotification } from '../services/notifications';
import { inWindow } from './feed';
import type { SyncCollection } from './types';

/**
 * The signed-in user's chat and bell for GET /api/sync/ (docs/api.md#delta-sync), in the same shapes as
 * their own GETs. A conversation moves on in the change feed with every new message and every read-marker
 * change, so its last message and unread count reach the device with the next pull.
 * Deletions come from tombstones, whose audience is the two participants (or the owner).
 */

export const conversations: SyncCollection = {
  name: 'conversations',
  scope: 'user',
  async changedSince(db, { userId, window }) {
    if (userId === null) return [];
    const rows = await db
      .selectFrom('conversations')
      .selectAll()
      .where(inWindow('conversations', window))
      .where((eb) => eb.or([eb('buyer_id', '=', userId), eb('supplier_id', '=', userId)]))
      .orderBy('txid')
      .orderBy('seq')
      .limit(window.limit)
      .execute();
    const items = await serializeConversations(db, userId, rows);
    return rows.map((r, i) => ({ txid: r.txid, seq: r.seq, item: items[i] }));
  },
};

export const messages: SyncCollection = {
  name: 'messages',
  scope: 'user',
  async changedSince(db, { userId, window }) {
    if (userId === null) return [];
    const rows = await db
      .selectFrom('messages')
      .selectAll()
      .select(fileSize)
      .where(inWindow('messages', window))
      .where('conversation_id', 'in', (eb) =>
        eb
          .selectFrom('conversations')
          .select('id')
          .where((c) => c.or([c('buyer_id', '=', userId), c('supplier_id', '=', userId)])),
      )
      .orderBy('txid')
      .orderBy('seq')
      .limit(window.limit)
      .execute();
    return rows.map((r) => ({ txid: r.txid, seq: r.seq, item: serializeMessage(r) }));
  },
};

export const notifications: SyncCollection = {
  name: 'notifications',
  scope: 'user',
  async changedSince(db, { userId, window }) {
    if (userId === null) return [];
    const rows = await db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .where(inWindow('notifications', window))
      .orderBy('txid')
      .orderBy('seq')
      .limit(window.limit)
      .execute();
    return rows.map((r) => ({ txid: r.txid, seq: r.seq, item: serializeNotification(r) }));
  },
};

export const messagingCollections: SyncCollection[] = [conversations, messages, notifications];
