import type { Product } from '../shared/catalogue';
import type { ListQuery } from '../data/listQuery';
import { deviceHeld, loadDevice } from '../data/local';
import { fetchInterimList } from './early';

/**
 * The sync engine's calls for code that runs before the local database has loaded (the shell,
 * the home screen, the data hooks): each waits for the device's chunk (src/data/local.ts)
 * and then runs the engine's own function, so nothing here pulls Dexie into the entry script.
 */

/**
 * src/sync/lists.ts ensureList. While the device's chunk is held back for the first screen
 * (a first visit), the list's first page is fetched into memory at once and shown from there;
 * the device adopts it when it loads, so it is not fetched twice.
 */
export async function ensureList(query: ListQuery, pages: number): Promise<void> {
  if (deviceHeld() && pages === 1) await fetchInterimList(query);
  await (await loadDevice()).ensureList(query, pages);
}

export const ensureProduct = async (id: number): Promise<'ok' | 'missing'> => (await loadDevice()).ensureProduct(id);
export const ensureSeller = async (id: number): Promise<'ok' | 'missing'> => (await loadDevice()).ensureSeller(id);
export const ensureReviews = async (productId: number): Promise<void> => (await loadDevice()).ensureReviews(productId);

export const toggleFavorite = async (product: Product): Promise<'added' | 'removed'> => (await loadDevice()).toggleFavorite(product);
export const retryOutboxEntry = async (outboxId: number): Promise<void> => (await loadDevice()).retryOutboxEntry(outboxId);
export const discardOutboxEntry = async (outboxId: number): Promise<void> => (await loadDevice()).discardOutboxEntry(outboxId);
export const markNotificationRead = async (id: number): Promise<void> => (await loadDevice()).markNotificationRead(id);
export const markAllNotificationsRead = async (): Promise<void> => (await loadDevice()).markAllNotificationsRead();
export const syncNow = async (): Promise<void> => (await loadDevice()).syncNow();
export const unsentCount = async (userId: number): Promise<number> => (await loadDevice()).unsentCount(userId);
export const clearPrivateData = async (options?: { keepOutbox?: boolean; userId?: number | null }): Promise<void> =>
  (await loadDevice()).clearPrivateData(options);
