import { db } from '../data/db';
import { api, ApiError } from './api';
import { toConversationRow } from './apply';

export type OpenState = 'ready' | 'missing' | 'offline';

/**
 * Opening a conversation (spec §4): reads a page of its messages from the server, which marks
 * it read for the reader, then keeps the conversation itself (its unread count now zero); the
 * messages come with the pulls. A conversation the server does not know (deleted, or not the reader's) is
 * dropped from the device: 'missing', and the screen goes back to /chat/all. Offline the
 * device's copy is shown as it is. The engine keeps the open one fresh (watchConversation).
 */
export async function openConversation(id: number): Promise<OpenState> {
  try {
    await api.conversationMessages(id, 1);
    await db.conversations.put(toConversationRow(await api.conversation(id)));
    return 'ready';
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      await db.transaction('rw', [db.conversations, db.messages], async () => {
        await db.conversations.delete(id);
        await db.messages.where('[conversation+timestamp]').between([id, ''], [id, '\uffff']).filter((m) => m.id > 0).delete();
      });
      return 'missing';
    }
    if (error instanceof ApiError && error.status === 0) return 'offline';
    throw error;
  }
}
