import type { ConversationRow, MessageRow } from './db';
import { useLive } from './local';

/** The user's conversations, most recent activity first. */
export function useConversations(): ConversationRow[] | undefined {
  return useLive(({ db }) => db.conversations.orderBy('activity').reverse().toArray(), []);
}

export function useConversation(id: number): ConversationRow | null | undefined {
  return useLive(async ({ db }) => (await db.conversations.get(id)) ?? null, [id]);
}

/** A conversation's messages, oldest first; pending ones (not yet on the server) last, in the order written. */
export function useMessages(conversationId: number): MessageRow[] | undefined {
  return useLive(
    async ({ db }) => {
      const all = await db.messages.where('[conversation+timestamp]').between([conversationId, ''], [conversationId, '\uffff']).toArray();
      const sent = all.filter((m) => m.id > 0);
      const pending = all.filter((m) => m.id < 0).sort((a, b) => b.id - a.id);
      return [...sent, ...pending];
    },
    [conversationId],
  );
}

/** The file of a message still waiting in the outbox (kept until it is uploaded), for a preview. */
export function usePendingFile(outboxId: number | undefined): Blob | null | undefined {
  return useLive(async ({ db }) => (outboxId === undefined ? null : ((await db.outbox.get(outboxId))?.file ?? null)), [outboxId]);
}
