import { useLiveQuery } from 'dexie-react-hooks';
import { db, type CategoryRow } from './db';

/** Every category in the server's order, live; an empty list until the first pull arrives. */
export function useCategories(): CategoryRow[] {
  return useLiveQuery(() => db.categories.orderBy('position').toArray(), [], []);
}
