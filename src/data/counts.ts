import { useLiveQuery } from 'dexie-react-hooks';
import { db, type CountsRow } from './db';

export type Counts = Omit<CountsRow, 'key'>;
export const ZERO_COUNTS: Counts = { notifications_unread: 0, messages_unread: 0, favorites: 0 };

/** The badges' numbers (spec §4 "global counts"), live; zero until the first refresh. */
export function useCounts(): Counts {
  const row = useLiveQuery(() => db.counts.get('me'), []);
  if (!row) return ZERO_COUNTS;
  const { key: _key, ...counts } = row;
  return counts;
}
