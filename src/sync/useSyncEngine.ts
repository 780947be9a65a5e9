import { useEffect } from 'react';
import { loadDevice } from '../data/local';
import { useAuth } from './auth';

/**
 * Runs the sync engine while the app is open and tells it who is signed in. Mounted once by the
 * shell; the engine starts once the device's chunk has loaded (src/data/local.ts).
 */
export function useSyncEngine(): void {
  const { status, user } = useAuth();
  useEffect(() => {
    let stop: (() => void) | null = null;
    let unmounted = false;
    loadDevice().then(
      (device) => {
        if (!unmounted) stop = device.startEngine();
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
    void loadDevice()
      .then((device) => device.setEngineUser(status === 'authenticated' ? user : null))
      .catch((error: unknown) => console.warn('Could not switch the local data to the signed-in user', error));
  }, [status, user]);
}
