import { useEffect } from 'react';
import type { ConversationRow, MessageRow } from '../db/db';
import { intent, request } from '../sync';
import { useLive, type Live } from './live';

export type { ConversationRow, MessageRow };
export type { OpenState } from '../sync';

/** The user's conversations, most recent activity first. */
export function useConversations(): Live<ConversationRow[]> {
  return useLive(({ db }) => db.conversations.orderBy('activity').reverse().toArray(), []);
}

export function useConversation(id: number): ConversationRow | null | undefined {
  return useLive(async ({ db }) => (await db.conversations.get(id)) ?? null, [id]).data;
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
  ).data;
}

/** The file of a message still waiting in the outbox (kept until it is uploaded), for a preview. */
export function usePendingFile(outboxId: number | undefined): Blob | null | undefined {
  return useLive(async ({ db }) => (outboxId === undefined ? null : ((await db.outbox.get(outboxId))?.file ?? null)), [outboxId]).data;
}

/** While a conversation is open, the engine pulls it every few seconds (docs/sync.md). */
export function useWatchConversation(id: number): void {
  useEffect(() => {
    let stop: (() => void) | null = null;
    let closed = false;
    request('watchConversation', id).then(
      (unwatch) => {
        if (closed) unwatch();
        else stop = unwatch;
      },
      (error: unknown) => console.warn('Could not follow the conversation', error),
    );
    return () => {
      closed = true;
      stop?.();
    };
  }, [id]);
}

export const openConversation = intent('openConversation');
export const startConversation = intent('startConversation');
export const sendMessage = intent('sendMessage');
export const sendOffer = intent('sendOffer');
