import { t } from '@lingui/core/macro';
import { db } from '../../db/db';
import { guardedWrite } from '../storage';
import { api, ApiError } from '../api/client';
import { putMessages, toConversationRow } from './apply';

export type OpenState = 'ready' | 'missing' | 'offline';

/** Messages fetched when a conversation opens: its newest page, so it shows before the next pull. */
const OPEN_PAGE = 50;

/**
 * Opening a conversation (docs/product.md#chat-rules): loads its newest messages from the server, which also
 * marks it read for the reader, then the conversation itself (its unread count now zero),
 * and keeps both; older messages come with the pulls. A conversation the server does not
 * know (deleted, or not the reader's) is dropped from the device: 'missing', and the screen
 * goes back to /chat/all. Offline the device's copy is shown as it is. The engine keeps the
 * open conversation fresh (watchConversation).
 */
export async function openConversation(id: number): Promise<OpenState> {
  try {
    const first = await api.conversationMessages(id, OPEN_PAGE);
    const newest = first.count > OPEN_PAGE ? await api.conversationMessages(id, OPEN_PAGE, first.count - OPEN_PAGE) : first;
    const conversation = await api.conversation(id);
    // A full disk makes room from the catalogue first (../storage.ts).
    await guardedWrite(t`your latest data`, () =>
      db.transaction('rw', [db.conversations, db.messages], async () => {
        await db.conversations.put(toConversationRow(conversation));
        await putMessages(newest.results ?? []);
      }),
    );
    return 'ready';
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      await db.transaction('rw', [db.conversations, db.messages], async () => {
        await db.conversations.delete(id);
        // Pending messages stay: their outbox entries fail with the reason and can be discarded.
        await db.messages
          .where('[conversation+timestamp]')
          .between([id, ''], [id, '\uffff'])
          .filter((m) => m.id > 0)
          .delete();
      });
      return 'missing';
    }
    if (error instanceof ApiError && error.status === 0) return 'offline';
    throw error;
  }
}
