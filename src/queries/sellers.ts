import type { ProductRow, SellerRow } from '../db/db';
import { useMemo } from 'react';
import { firstSeller, intent } from '../sync';
import { useFetchOnDemand } from './onDemand';
import { useLive } from './live';

/**
 * A seller the device has not fetched on its own, as their products describe them: every
 * product carries its supplier, so a seller page opens offline from the products saved.
 */
function fromProducts(product: ProductRow | undefined): SellerRow | null {
  if (!product) return null;
  const s = product.supplier;
  return { ...s, buyer_profile: null, profile: s.supplier_profile, seller_average_rating: null, fetched_at: 0 };
}

export interface SellerState {
  seller: SellerRow | null | undefined;
  status: 'loading' | 'ready' | 'missing' | 'error';
}

const ensureSeller = intent('ensureSeller');

/** A public user page (docs/product.md#screens seller page): from the device at once, refreshed when online. */
export function useSeller(userId: number): SellerState {
  const fetchState = useFetchOnDemand(userId, ensureSeller, 'seller');
  const { data: seller } = useLive(
    async ({ db }) => (await db.sellers.get(userId)) ?? fromProducts(await db.products.where('supplier_id').equals(userId).first()),
    [userId],
  );
  // A server-rendered seller page's seller shows until the device holds them (src/sync/firstRender.ts).
  const answer = firstSeller<Omit<SellerRow, 'fetched_at'>>(userId);
  const early = useMemo(() => (answer ? ({ ...answer, fetched_at: 0 } as SellerRow) : undefined), [answer]);
  // A seller known only from their products (fetched_at 0, no rating) does not replace the
  // server's full answer: the page would lose its rating line, then get it back (a layout shift).
  if (seller && (seller.fetched_at > 0 || !early)) return { seller, status: 'ready' };
  if (fetchState === 'missing') return { seller: null, status: 'missing' };
  if (early) return { seller: early, status: 'ready' };
  if (seller === null && fetchState !== 'loading') return { seller: null, status: 'error' };
  return { seller: undefined, status: 'loading' };
}
