import { db } from '../../db/db';
import { mediaUrl } from '../../media/image';
import type { Product } from '../../shared/catalogue';
import { MEDIA_CACHE } from '../../media/cache';
import { canSave, dataIsCostly, pictureBudgetBytes, sizeOf, tellWorkerBudget } from '../../media/saved';

/**
 * Pictures saved ahead of need (docs/product.md, "Pictures"): product pictures at card width go
 * into the service worker's media cache before a screen asks for them, so favourites, recent
 * products and the catalogue show offline. Fetched through the service worker (cache first,
 * least recently used expire: vite.config.ts), so the worker's expiry keeps track of them; a
 * card asking for another width offline gets this one. Order: favourites, recently viewed,
 * products of conversations, the lists screens showed (home sections first among them), then
 * the rest of the local catalogue, while the budget lasts. Under Save-Data or on a cellular
 * link only favourites.
 */

/** The width saved ahead: what a card shows on most screens (other widths fall back to it offline). */
export const CARD_PICTURE_WIDTH = 400;
const AT_ONCE = 2;
/** A full pass at most this often; a change of favourites starts one sooner. */
const PASS_EVERY_MS = 10 * 60_000;
/** After a pass where some pictures failed (a dropped connection, a server error). */
const RETRY_AFTER_MS = 20_000;

/** Product pictures by priority, each once. */
async function candidates(onlyFavourites: boolean): Promise<string[]> {
  const urls: string[] = [];
  const seen = new Set<string>();
  const add = (product: Pick<Product, 'thumbnail_url'> | undefined | null) => {
    const url = product?.thumbnail_url ? mediaUrl(product.thumbnail_url, CARD_PICTURE_WIDTH) : null;
    if (url && !seen.has(url)) {
      seen.add(url);
      urls.push(url);
    }
  };
  const favourites = (await db.favorites.toArray()).filter((f) => !f.removed);
  (await db.products.bulkGet(favourites.map((f) => f.product_id))).forEach(add);
  if (onlyFavourites) return urls;
  for (const r of await db.recent.orderBy('viewed_at').reverse().toArray()) add(r.product);
  for (const c of await db.conversations.orderBy('activity').reverse().toArray()) add(c.product as Product | null);
  const lists = (await db.lists.toArray()).sort((a, b) => sectionFirst(a.key) - sectionFirst(b.key) || b.fetched_at - a.fetched_at);
  (await db.products.bulkGet([...new Set(lists.flatMap((l) => l.ids))])).forEach(add);
  await db.products.each(add);
  return urls;
}

const sectionFirst = (key: string) => (/section/.test(key) ? 0 : 1);

let running = false;
/** Asked for while a pass ran (new favourites arrived): one more pass follows it. */
let askedAgain = false;
let lastPass = { at: 0, first: '', budget: 0 };

/**
 * One pass: every candidate already saved counts against the budget; missing ones are fetched
 * (through the service worker, which keeps them) until the budget is used. Returns the bytes
 * fetched. Quiet no-op without a service worker, offline, or while a pass runs.
 */
export async function savePicturesAhead(opts: { force?: boolean } = {}): Promise<number> {
  if (running) {
    // A pass under way works from the candidates it read at its start: favourites synced since
    // would otherwise wait for the next sync, and be missing if the device goes offline first.
    askedAgain = true;
    return 0;
  }
  if (!canSave() || !navigator.onLine) return 0;
  tellWorkerBudget();
  const budget = pictureBudgetBytes();
  if (budget === 0) return 0;
  running = true;
  askedAgain = false;
  try {
    const urls = await candidates(dataIsCostly());
    const first = urls.slice(0, 50).join(' ');
    if (!opts.force && budget === lastPass.budget && first === lastPass.first && Date.now() - lastPass.at < PASS_EVERY_MS) return 0;
    lastPass = { at: Date.now(), first, budget };
    const cache = await caches.open(MEDIA_CACHE);
    let used = 0;
    let fetched = 0;
    let failed = 0;
    const missing: string[] = [];
    for (const url of urls) {
      const saved = await cache.match(url);
      if (saved) used += await sizeOf(saved);
      else missing.push(url);
    }
    const next = () => missing.shift();
    const worker = async () => {
      for (let url = next(); url && used < budget; url = next()) {
        if (!navigator.onLine) return;
        try {
          const response = await fetch(url, { priority: 'low' } as RequestInit);
          if (!response.ok) {
            // A server error may pass; a picture that is gone (404) is not asked for again soon.
            if (response.status >= 500) failed++;
            continue;
          }
          const bytes = (await response.blob()).size;
          used += bytes;
          fetched += bytes;
        } catch {
          failed++;
          return;
        }
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
    // A picture that could not be had this time is tried again soon, not after a full interval.
    if (failed > 0) {
      lastPass = { ...lastPass, at: 0 };
      setTimeout(() => void savePicturesAhead().catch(() => undefined), RETRY_AFTER_MS);
    }
    return fetched;
  } finally {
    running = false;
    if (askedAgain) {
      askedAgain = false;
      void savePicturesAhead().catch(() => undefined);
    }
  }
}

// The first visit's service worker takes over after the first sync: save ahead then, not a minute later.
if (typeof navigator !== 'undefined' && navigator.serviceWorker) {
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    void savePicturesAhead().catch(() => undefined);
  });
}
