import type { SellerRow } from '../db/db';
import { intent } from '../sync';
import { useFetchOnDemand } from './onDemand';
import { useLive } from './live';

export interface SellerState {
  seller: SellerRow | null | undefined;
  status: 'loading' | 'ready' | 'missing' | 'error';
}

const ensureSeller = intent('ensureSeller');

/** A public user page (docs/product.md#screens seller page): from the device at once, refreshed when online. */
export function useSeller(userId: number): SellerState {
  const fetchState = useFetchOnDemand(userId, ensureSeller, 'seller');
  const { data: seller } = useLive(async ({ db }) => (await db.sellers.get(userId)) ?? null, [userId]);
  if (seller) return { seller, status: 'ready' };
  if (fetchState === 'missing') return { seller: null, status: 'missing' };
  if (seller === null && fetchState !== 'loading') return { seller: null, status: 'error' };
  return { seller: undefined, status: 'loading' };
}
