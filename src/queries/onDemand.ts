import { useEffect, useState } from 'react';
import { useConnectivity } from '../sync';

export type FetchState = 'loading' | 'done' | 'missing' | 'error';

/**
 * Asks the engine for one thing a screen shows (a product, a seller) while online, and says how
 * that went: 'missing' when the server does not know it, 'error' when it could not be asked.
 * The screen renders from Dexie meanwhile; this only tells it what to say when Dexie has nothing.
 */
export function useFetchOnDemand(id: number, ensure: (id: number) => Promise<'ok' | 'missing'>, what: string): FetchState {
  const online = useConnectivity();
  const [state, setState] = useState<FetchState>('loading');
  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0) {
      setState('missing');
      return;
    }
    if (!online) {
      setState('done');
      return;
    }
    let active = true;
    setState('loading');
    ensure(id).then(
      (result) => active && setState(result === 'missing' ? 'missing' : 'done'),
      (error) => {
        console.warn(`Could not load the ${what}`, error);
        if (active) setState('error');
      },
    );
    return () => {
      active = false;
    };
  }, [id, online, ensure, what]);
  return state;
}
