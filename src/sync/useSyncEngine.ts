import { useEffect } from 'react';
import { useAuth } from './auth';
import { setEngineUser, startEngine } from './engine';

/** Runs the sync engine while the app is open and tells it who is signed in. Mounted once by the shell. */
export function useSyncEngine(): void {
  const { status, user } = useAuth();
  useEffect(() => startEngine(), []);
  useEffect(() => {
    if (status === 'loading') return;
    void setEngineUser(status === 'authenticated' ? user : null).catch((error) => console.warn('Could not switch the local data to the signed-in user', error));
  }, [status, user]);
}
