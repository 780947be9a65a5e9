import type { Banner } from '../shared/catalogue';
import { useLive, type Live } from './live';

/** The home carousel's banners in display order; an empty list until the first pull arrives. */
export function useBanners(): Live<Banner[]> {
  return useLive(
    async ({ db }) =>
      (await db.banners.toArray()).sort(
        (a, b) => ((a as { position?: number }).position ?? a.id) - ((b as { position?: number }).position ?? b.id),
      ),
    [],
  );
}

/** Whether the device holds any product at all (the home's "no products yet" state needs the server's word too). */
export function useHeldProductCount(): Live<number> {
  return useLive(({ db }) => db.products.count(), []);
}
