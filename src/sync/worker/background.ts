import { isOnline, onConnectivityChange } from '../api/connectivity';
import { loadDevice } from '../firstVisit';
import { OUTBOX_SYNC_TAG } from '../leader';

/**
 * Changes waiting that the page cannot send now get a Background Sync (docs/sync.md#leader-tab):
 * the service worker then sends them even with no page open (src/sync/worker/handlers.ts). Where the
 * browser has no Background Sync (Firefox, Safari), the outbox goes the next time the app is
 * open, as before.
 *
 * The sync is asked for while the page is alive: when a change waits offline or after a failed
 * try, and when the app goes to the background. A request made as the page closes is mostly
 * lost: Chromium checks, after it arrives, that a window of the app is still open.
 */
type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/** Watches the outbox and the app leaving; returns the stop function. */
export function syncWhenLeaving(): () => void {
  if (typeof document === 'undefined' || !('serviceWorker' in navigator)) return () => undefined;
  let registration: SyncRegistration | null = null;
  let waiting = 0;
  let tried = false;
  let stopped = false;
  let unsubscribe: () => void = () => undefined;

  const ask = () => {
    if (stopped || waiting === 0 || !registration?.sync) return;
    registration.sync.register(OUTBOX_SYNC_TAG).catch((error) => console.warn('Could not ask for a background sync', error));
  };
  // Online and untried, the page sends it within moments: no wake-up of the worker for that.
  const askIfStuck = () => {
    if (tried || !isOnline()) ask();
  };

  void navigator.serviceWorker.ready.then((ready) => {
    registration = ready as SyncRegistration;
    askIfStuck();
  });
  loadDevice().then(
    (device) => {
      if (stopped) return;
      const subscription = device
        .liveQuery(() => device.db.outbox.where('state').anyOf('pending', 'sending').toArray())
        .subscribe({
          next: (entries) => {
            waiting = entries.length;
            tried = entries.some((entry) => entry.attempts > 0);
            askIfStuck();
          },
          error: (error: unknown) => console.warn('Could not follow the changes waiting to be sent', error),
        });
      unsubscribe = () => subscription.unsubscribe();
    },
    () => undefined,
  );

  const leaving = (event: Event) => {
    if (event.type === 'pagehide' || document.visibilityState === 'hidden') ask();
  };
  const stopConnectivity = onConnectivityChange(askIfStuck);
  window.addEventListener('offline', askIfStuck);
  document.addEventListener('visibilitychange', leaving);
  window.addEventListener('pagehide', leaving);
  return () => {
    stopped = true;
    unsubscribe();
    stopConnectivity();
    window.removeEventListener('offline', askIfStuck);
    document.removeEventListener('visibilitychange', leaving);
    window.removeEventListener('pagehide', leaving);
  };
}
