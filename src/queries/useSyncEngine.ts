import { useEffect } from 'react';
import { loadDevice, request } from '../sync';
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
      stop?.();
    };
  }, []);
  useEffect(() => {
    if (status === 'loading') return;
    request('setEngineUser', status === 'authenticated' ? user : null).catch((error: unknown) =>
      console.warn('Could not switch the local data to the signed-in user', error),
    );
  }, [status, user]);
}
