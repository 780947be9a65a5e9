import { useLive } from './local';

import type { Counts } from '../shared/types';

export type { Counts };
export const ZERO_COUNTS: Counts = { notifications_unread: 0, messages_unread: 0, favorites: 0 };

/**
 * The badges' numbers (spec §4 "global counts"), derived from the local tables, so they
 * follow every pull and every optimistic change at once; zero for guests (nothing private held).
 */
export function useCounts(): Counts {
  return useLive(({ readCounts }) => readCounts(), [], ZERO_COUNTS);
}
