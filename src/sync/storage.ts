import { db } from '../db/db';
import { productsChanged } from '../db/search';
import { LocalWriteError, reportStorageFull } from './storageError';
import { makeRoom } from './pull/workingSet';

export { clearStorageError, getStorageError, LocalWriteError, onStorageError, reportStorageFull } from './storageError';

/**
 * The device's storage (docs/sync.md#quota): ask the browser to keep our data once signed in;
 * a full disk is shown to the user with what was not saved, never swallowed; the offline copy
 * of the catalogue can be cleared, the outbox never is.
 */

export function isQuotaError(error: unknown): boolean {
  const e = error as { name?: string; inner?: { name?: string } } | null;
  return e?.name === 'QuotaExceededError' || e?.inner?.name === 'QuotaExceededError';
}

/** Runs a local write; a full disk becomes a visible error naming what was not saved. */
export async function guardedWrite<T>(what: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isQuotaError(error)) throw error;
  }
  // The catalogue makes room for the user's own data (docs/sync.md#quota), then the write is tried once more.
  try {
    if ((await makeRoom().catch(() => 0)) > 0) return await write();
  } catch (error) {
    if (!isQuotaError(error)) throw error;
  }
  throw new LocalWriteError(reportStorageFull(what));
}

/** Once signed in, ask the browser not to evict our data under pressure. */
export async function requestPersistence(): Promise<boolean> {
  try {
    if (!navigator.storage?.persist) return false;
    if (await navigator.storage.persisted?.()) return true;
    return await navigator.storage.persist();
  } catch {
    return false;
  }
}

export async function storageEstimate(): Promise<{ usage: number; quota: number } | null> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    return estimate ? { usage: estimate.usage ?? 0, quota: estimate.quota ?? 0 } : null;
  } catch {
    return null;
  }
}

/** Drops the offline copy of the catalogue (it is fetched again as needed); the outbox and the user's own data stay. */
export async function clearOfflineCopy(): Promise<void> {
  await db.transaction('rw', [db.products, db.lists, db.sellers, db.syncState], async () => {
    await Promise.all([db.products.clear(), db.lists.clear(), db.sellers.clear()]);
    await db.syncState.delete('stream:catalogue');
    await db.syncState.delete('catalogue:total');
    await db.syncState.delete('catalogue:fill');
    await db.syncState.delete('catalogue:held');
  });
  productsChanged();
}
