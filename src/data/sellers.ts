import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { ensureSeller } from '../sync/lists';
import { useConnectivity } from '../sync/connectivity';
import { db, type SellerRow } from './db';

export interface SellerState { seller: SellerRow | null | undefined; status: 'loading' | 'ready' | 'missing' | 'error' }

/** A public user page (spec §2 seller page): from the device at once, refreshed when online. */
export function useSeller(userId: number): SellerState {
  const online = useConnectivity();
  const [fetchState, setFetchState] = useState<'loading' | 'done' | 'missing' | 'error'>('loading');
  useEffect(() => {
    if (!Number.isInteger(userId) || userId <= 0) {
      setFetchState('missing');
      return;
    }
    if (!online) {
      setFetchState('done');
      return;
    }
    let active = true;
    setFetchState('loading');
    ensureSeller(userId).then((r) => active && setFetchState(r === 'missing' ? 'missing' : 'done'), (error) => {
      console.warn('Could not load the seller', error);
      if (active) setFetchState('error');
    });
    return () => { active = false; };
  }, [userId, online]);
  const seller = useLiveQuery(async () => (await db.sellers.get(userId)) ?? null, [userId]);
  if (seller) return { seller, status: 'ready' };
  if (fetchState === 'missing') return { seller: null, status: 'missing' };
  if (seller === null && fetchState !== 'loading') return { seller: null, status: 'error' };
  return { seller: undefined, status: 'loading' };
}
