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
  const valid = Number.isInteger(id) && id > 0;
  // The answer is kept with the id it is about: when the id changes, the first render says
  // 'loading' for the new one, not what was said about the old one.
  const key = `${id}:${online}`;
  const [settled, setSettled] = useState<{ key: string; state: FetchState } | null>(null);
  useEffect(() => {
    if (!valid || !online) return;
    let active = true;
    const settle = (state: FetchState) => active && setSettled({ key, state });
    ensure(id).then(
      (result) => settle(result === 'missing' ? 'missing' : 'done'),
      (error) => {
        console.warn(`Could not load the ${what}`, error);
        settle('error');
      },
    );
    return () => {
      active = false;
    };
  }, [id, key, valid, online, ensure, what]);
  if (!valid) return 'missing';
  if (!online) return 'done';
  return settled?.key === key ? settled.state : 'loading';
}
