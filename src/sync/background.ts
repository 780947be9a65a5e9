import { loadDevice } from './firstVisit';
import { OUTBOX_SYNC_TAG } from './leader';

/**
 * When the app goes to the background or closes with changes waiting, it asks the browser for
 * a Background Sync (docs/sync.md): the service worker then sends the outbox even with no page
 * open (src/sync/worker.ts). Where the browser has no Background Sync (Firefox, Safari), the
 * outbox goes the next time the app is open, as before.
 *
 * A closing page runs no more promises after its `pagehide`: what is waiting and the worker's
 * registration are therefore known ahead, and the sync is asked for within the event itself.
 */
type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/** Watches for the app leaving; returns the stop function. */
export function syncWhenLeaving(): () => void {
  if (typeof document === 'undefined' || !('serviceWorker' in navigator)) return () => undefined;
  let registration: SyncRegistration | null = null;
  let waiting = 0;
  let stopped = false;
  let unsubscribe: () => void = () => undefined;

  void navigator.serviceWorker.ready.then((ready) => {
    registration = ready as SyncRegistration;
  });
  loadDevice().then(
    (device) => {
      if (stopped) return;
      const subscription = device
        .liveQuery(() => device.db.outbox.where('state').anyOf('pending', 'sending').count())
        .subscribe({
          next: (count) => {
            waiting = count;
          },
          error: (error: unknown) => console.warn('Could not follow the changes waiting to be sent', error),
        });
      unsubscribe = () => subscription.unsubscribe();
    },
    () => undefined,
  );

  const leaving = (event: Event) => {
    if ((event.type !== 'pagehide' && document.visibilityState !== 'hidden') || waiting === 0 || !navigator.serviceWorker.controller)
      return;
    registration?.sync?.register(OUTBOX_SYNC_TAG).catch((error) => console.warn('Could not ask for a background sync', error));
  };
  document.addEventListener('visibilitychange', leaving);
  window.addEventListener('pagehide', leaving);
  return () => {
    stopped = true;
    unsubscribe();
    document.removeEventListener('visibilitychange', leaving);
    window.removeEventListener('pagehide', leaving);
  };
}
