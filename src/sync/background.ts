import { deviceLoaded } from './firstVisit';
import { OUTBOX_SYNC_TAG } from './leader';

/**
 * When the app goes to the background or closes with changes waiting, it asks the browser for
 * a Background Sync (docs/sync.md): the service worker then sends the outbox even with no page
 * open (src/sync/worker.ts). Where the browser has no Background Sync (Firefox, Safari), the
 * outbox goes the next time the app is open, as before.
 */
type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

async function registerIfWaiting(): Promise<void> {
  const device = deviceLoaded();
  if (!device || !('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return;
  const waiting = await device.db.outbox.where('state').anyOf('pending', 'sending').count();
  if (waiting === 0) return;
  const registration = (await navigator.serviceWorker.ready) as SyncRegistration;
  await registration.sync?.register(OUTBOX_SYNC_TAG);
}

/** Watches for the app leaving; returns the stop function. */
export function syncWhenLeaving(): () => void {
  if (typeof document === 'undefined') return () => undefined;
  const leaving = () => {
    if (document.visibilityState === 'hidden')
      registerIfWaiting().catch((error) => console.warn('Could not ask for a background sync', error));
  };
  document.addEventListener('visibilitychange', leaving);
  window.addEventListener('pagehide', leaving);
  return () => {
    document.removeEventListener('visibilitychange', leaving);
    window.removeEventListener('pagehide', leaving);
  };
}
