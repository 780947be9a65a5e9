import { useSyncExternalStore } from 'react';
import type { Product } from '../shared/catalogue';

/**
 * The first visit's first screen before the local database has loaded (src/data/local.ts):
 * the list pages src/sync/early.ts fetched, in memory, read by the same hook as the device's
 * (useProductList) until its live query has answered. src/sync/lists.ts moves them into
 * Dexie as the device loads, so the hand-over shows the same rows. They stay for the page's
 * life: a hook mounted later reads them only until Dexie, which holds the same rows, answered.
 */
export interface InterimList {
  products: Product[];
  count: number;
  fetched_at: number;
}

const lists = new Map<string, InterimList>();
const listeners = new Set<() => void>();

export function putInterimList(key: string, list: InterimList): void {
  lists.set(key, list);
  for (const listener of listeners) listener();
}

/** Every list fetched so far, for the move into Dexie. */
export function interimLists(): Array<[string, InterimList]> {
  return [...lists];
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useInterimList(key: string): InterimList | undefined {
  return useSyncExternalStore(
    subscribe,
    () => lists.get(key),
    () => undefined,
  );
}
