import type { Banner } from '../shared/catalogue';
import { firstBanners } from '../sync';
import { useLive, type Live } from './live';

/**
 * The home carousel's banners in display order; an empty list until the first pull arrives.
 * A server-rendered home page's banners show until the device holds some (src/sync/firstRender.ts).
 */
export function useBanners(): Live<Banner[]> {
  const live = useLiveBanners();
  const early = firstBanners();
  if (early && early.length > 0 && !live.data?.length) return { data: early, status: 'ready', error: null };
  return live;
}

function useLiveBanners(): Live<Banner[]> {
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
