import { useLiveQuery } from 'dexie-react-hooks';
import { db } from './db';

import type { Counts } from '../shared/types';

export type { Counts };
export const ZERO_COUNTS: Counts = { notifications_unread: 0, messages_unread: 0, favorites: 0 };

/** Reads the badges' numbers from the local tables (the private pull keeps them current). */
export async function readCounts(): Promise<Counts> {
  const [notifications, conversations, favorites] = await Promise.all([
    db.notifications.filter((n) => !n.is_read).count(),
    db.conversations.toArray(),
    db.favorites.filter((f) => !f.removed).count(),
  ]);
  return {
    notifications_unread: notifications,
    messages_unread: conversations.reduce((sum, c) => sum + (c.unread_messages_count || 0), 0),
    favorites,
  };
}

/**
 * The badges' numbers (spec §4 "global counts"), derived from the local tables, so they
 * follow every pull and every optimistic change at once; zero for guests (nothing private held).
 */
export function useCounts(): Counts {
  return useLiveQuery(readCounts, [], ZERO_COUNTS);
}
