import type { Product } from '../shared/catalogue';
import { intent } from '../sync';
import { useLive } from './live';

/** Recently viewed products (kept on the device, docs/product.md): at most 5, newest first. */
export function useRecentlyViewed(): Product[] | undefined {
  return useLive(async ({ db }) => {
    const rows = await db.recent.orderBy('viewed_at').reverse().toArray();
    // The freshest copy of each product the device holds, else the one saved when viewed.
    const held = await db.products.bulkGet(rows.map((r) => r.product_id));
    return rows.map((r, i) => {
      const row = held[i];
      if (!row) return r.product;
      const { category_id: _c, supplier_id: _s, fetched_at: _f, ...product } = row;
      return product;
    });
  }, []).data;
}

/** Marks a product as viewed (the recently viewed list) and refreshes it from the server. */
export const openProduct = intent('openProduct');
