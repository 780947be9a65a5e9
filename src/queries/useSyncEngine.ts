import { useEffect } from 'react';
import { keepDeviceReachable, loadDevice, request, syncWhenLeaving } from '../sync';
import { useAuth } from './auth';

/**
 * Runs the sync engine while the app is open and tells it who is signed in. Mounted once by the
 * shell; the engine starts once the device's chunk has loaded (src/sync/firstVisit.ts).
 */
export function useSyncEngine(): void {
  const { status, user } = useAuth();
  useEffect(() => {
    let stop: (() => void) | null = null;
    let unmounted = false;
    // Changes still waiting when the app is left go out from the service worker (docs/sync.md).
    const stopLeaving = syncWhenLeaving();
    loadDevice().then(
      async () => {
        if (unmounted) return;
        const stopEngine = await request('startEngine');
        if (unmounted) stopEngine();
        else stop = stopEngine;
      },
      (error: unknown) => console.warn('Could not load the local database', error),
    );
    return () => {
      unmounted = true;
      stopLeaving();
      stop?.();
    };
  }, []);
  useEffect(() => {
    if (status === 'loading') return;
    request('setEngineUser', status === 'authenticated' ? user : null).catch((error: unknown) =>
      console.warn('Could not switch the local data to the signed-in user', error),
    );
    if (status !== 'authenticated' || !user) return;
    const userId = user.id;
    // The service worker acts for this user (push, background sync): it needs the session, and
    // the server this device's subscription if notifications are on (docs/sync.md).
    keepDeviceReachable(userId).catch((error: unknown) => console.warn('Could not keep notifications on for this device', error));
  }, [status, user]);
}
