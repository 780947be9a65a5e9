import type { TokenPair } from '../../shared/types';

/**
 * A copy of the stored tokens that the service worker can read (it has no localStorage), in a
 * small IndexedDB database of its own so the page's entry script stays free of Dexie. The page
 * writes it whenever it stores or clears tokens; the worker writes it when it had to refresh
 * while no page was open, and the page then takes that newer pair before its own next refresh
 * (a rotated refresh token presented again would end the session: docs/api.md).
 */
const DB_NAME = 'marketplace-session';
const STORE = 'tokens';
const KEY = 'pair';

export interface SharedTokens extends TokenPair {
  /** Who wrote it: a pair the worker wrote is one the page has not seen. */
  by: 'page' | 'worker';
  saved_at: number;
}

function open(): Promise<IDBDatabase> | null {
  if (typeof indexedDB === 'undefined') return null;
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest): Promise<unknown> {
  const opening = open();
  if (!opening) return undefined;
  const db = await opening;
  try {
    return await new Promise<unknown>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

/** Stores (or, with null, removes) the shared copy; a failure only costs the worker its session. */
export async function shareTokens(pair: TokenPair | null, by: SharedTokens['by'] = 'page'): Promise<void> {
  try {
    const row: SharedTokens | null = pair && { access: pair.access, refresh: pair.refresh, by, saved_at: Date.now() };
    await run('readwrite', (store) => (row ? store.put(row, KEY) : store.delete(KEY)));
  } catch (error) {
    console.warn('Could not share the session with the service worker', error);
  }
}

export async function readSharedTokens(): Promise<SharedTokens | null> {
  try {
    return ((await run('readonly', (store) => store.get(KEY))) as SharedTokens | undefined) ?? null;
  } catch {
    return null;
  }
}
