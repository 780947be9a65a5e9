import { serializeConversations } from '../routes/conversations';
import { serializeMessage } from '../routes/messages';
import { serializeNotification } from '../routes/notifications';
import type { SyncCollection } from './types';

/**
 * The signed-in user's chat and bell for GET /api/sync/ (DESIGN §5), in the same shapes as
 * their own GETs. A conversation's seq moves with every new message and every read-marker
 * change, so its last message and unread count reach the device with the next pull.
 * Deletions come from tombstones, whose audience is the two participants (or the owner).
 */

export const conversations: SyncCollection = {
  name: 'conversations',
  scope: 'user',
  async changedSince(db, { userId, since, limit }) {
    if (userId === null) return [];
    const rows = await db.selectFrom('conversations').selectAll()
      .where('seq', '>', since)
      .where((eb) => eb.or([eb('buyer_id', '=', userId), eb('supplier_id', '=', userId)]))
      .orderBy('seq').limit(limit).execute();
    const items = await serializeConversations(db, userId, rows);
    return rows.map((r, i) => ({ seq: r.seq, item: items[i] }));
  },
};

export const messages: SyncCollection = {
  name: 'messages',
  scope: 'user',
  async changedSince(db, { userId, since, limit }) {
    if (userId === null) return [];
    const rows = await db.selectFrom('messages').selectAll()
      .where('seq', '>', since)
      .where('conversation_id', 'in', (eb) => eb.selectFrom('conversations').select('id')
        .where((c) => c.or([c('buyer_id', '=', userId), c('supplier_id', '=', userId)])))
      .orderBy('seq').limit(limit).execute();
    return rows.map((r) => ({ seq: r.seq, item: serializeMessage(r) }));
  },
};

export const notifications: SyncCollection = {
  name: 'notifications',
  scope: 'user',
  async changedSince(db, { userId, since, limit }) {
    if (userId === null) return [];
    const rows = await db.selectFrom('notifications').selectAll()
      .where('user_id', '=', userId).where('seq', '>', since)
      .orderBy('seq').limit(limit).execute();
    return rows.map((r) => ({ seq: r.seq, item: serializeNotification(r) }));
  },
};

export const messagingCollections: SyncCollection[] = [conversations, messages, notifications];
