import { useLive } from './live';

import type { Counts } from '../shared/types';

export type { Counts };
export const ZERO_COUNTS: Counts = { notifications_unread: 0, messages_unread: 0, favorites: 0 };

/**
 * The badges' numbers (the global counts of docs/product.md), derived from the local tables, so they
 * follow every pull and every optimistic change at once; zero for guests (nothing private held).
 */
export function useCounts(): Counts {
  return useLive(({ readCounts }) => readCounts(), []).data ?? ZERO_COUNTS;
}
