import { useLiveQuery } from 'dexie-react-hooks';
import { db, type ConversationRow, type MessageRow } from './db';

/** The user's conversations, most recent activity first. */
export function useConversations(): ConversationRow[] | undefined {
  return useLiveQuery(() => db.conversations.orderBy('activity').reverse().toArray(), []);
}

export function useConversation(id: number): ConversationRow | null | undefined {
  return useLiveQuery(async () => (await db.conversations.get(id)) ?? null, [id]);
}

/** A conversation's messages, oldest first; pending ones (not yet on the server) last, in the order written. */
export function useMessages(conversationId: number): MessageRow[] | undefined {
  return useLiveQuery(async () => {
    const all = await db.messages.where('[conversation+timestamp]').between([conversationId, ''], [conversationId, '\uffff']).toArray();
    const sent = all.filter((m) => m.id > 0);
    const pending = all.filter((m) => m.id < 0).sort((a, b) => b.id - a.id);
    return [...sent, ...pending];
  }, [conversationId]);
}

/** The file of a message still waiting in the outbox (kept until it is uploaded), for a preview. */
export function usePendingFile(outboxId: number | undefined): Blob | null | undefined {
  return useLiveQuery(async () => (outboxId === undefined ? null : (await db.outbox.get(outboxId))?.file ?? null), [outboxId]);
}
