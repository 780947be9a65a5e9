import type { CategoryRow } from './db';
import { useLive } from './local';

/** Every category in the server's order, live; an empty list until the first pull arrives. */
export function useCategories(): CategoryRow[] {
  return useLive(({ db }) => db.categories.orderBy('position').toArray(), [], []);
}
