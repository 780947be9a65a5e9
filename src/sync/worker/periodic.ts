import { FAVOURITES_SYNC_TAG } from '../leader';

/**
 * Periodic Background Sync (docs/sync.md): where the browser grants it (Chromium, for an
 * installed app used often), the service worker wakes now and then to bring the user's
 * favourites and private data up to date (src/sync/worker/handlers.ts), so the app opened offline shows
 * today's prices. Elsewhere nothing is asked: the app syncs when open, as always.
 */
const EVERY_MS = 12 * 60 * 60_000;

type PeriodicRegistration = ServiceWorkerRegistration & {
  periodicSync?: { register(tag: string, options: { minInterval: number }): Promise<void>; unregister(tag: string): Promise<void> };
};

/** Asks for the periodic wake-up when granted (the browser decides how often, at most once per `EVERY_MS`). */
export async function keepFavouritesFresh(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !navigator.permissions) return false;
  const registration = (await navigator.serviceWorker.ready) as PeriodicRegistration;
  if (!registration.periodicSync) return false;
  const permission = await navigator.permissions.query({ name: 'periodic-background-sync' as PermissionName }).catch(() => null);
  if (permission?.state !== 'granted') return false;
  await registration.periodicSync.register(FAVOURITES_SYNC_TAG, { minInterval: EVERY_MS });
  return true;
}
