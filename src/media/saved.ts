import { mediaUrl } from './image';
import { DEFAULT_PICTURE_BUDGET_MB, MEDIA_BUDGET_MESSAGE, MEDIA_CACHE } from './cache';
import type { Product } from '../shared/catalogue';

/** Product pages save their gallery at this width (the width the gallery shows on most screens). */
export const GALLERY_PICTURE_WIDTH = 800;

/** The link is one where data costs: the browser says Save-Data, or it is cellular. */
export function dataIsCostly(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; type?: string } }).connection;
  return Boolean(connection?.saveData || connection?.type === 'cellular');
}

/** Saving ahead goes through the service worker, which keeps and expires what it fetched. */
export const canSave = () => typeof caches !== 'undefined' && Boolean(navigator.serviceWorker?.controller);

/** The user's picture budget in MB, on this device (written by Settings: src/queries/pictures.ts). */
export const PICTURE_BUDGET_KEY = 'picture_budget_mb';
export const PICTURE_BUDGET_CHOICES_MB = [0, 25, 50, 100, 200] as const;
export function pictureBudgetBytes(): number {
  const stored = Number(globalThis.localStorage?.getItem(PICTURE_BUDGET_KEY));
  const mb = Number.isFinite(stored) && globalThis.localStorage?.getItem(PICTURE_BUDGET_KEY) !== null ? stored : DEFAULT_PICTURE_BUDGET_MB;
  return Math.max(0, mb) * 1024 * 1024;
}

/** The service worker bounds its media cache by the budget (src/sw/mediaBudget.ts); it cannot read localStorage. */
export function tellWorkerBudget(): void {
  navigator.serviceWorker?.controller?.postMessage({ type: MEDIA_BUDGET_MESSAGE, bytes: pictureBudgetBytes() });
}

/** A product page's gallery pictures, saved at the width the page shows them. */
export async function saveGallery(product: Pick<Product, 'thumbnail_url' | 'images'>): Promise<void> {
  if (!canSave() || !navigator.onLine || pictureBudgetBytes() === 0) return;
  const urls = [product.thumbnail_url, ...product.images.filter((m) => m.media_type === 'image').map((m) => m.media_source_url)]
    .filter((url): url is string => Boolean(url))
    .map((url) => mediaUrl(url, GALLERY_PICTURE_WIDTH));
  const cache = await caches.open(MEDIA_CACHE);
  for (const url of new Set(urls)) {
    if (await cache.match(url)) continue;
    await fetch(url, { priority: 'low' } as RequestInit).catch(() => undefined);
  }
}

/** How many of a conversation's newest files are saved when it is opened. */
export const CONVERSATION_FILES_SAVED = 20;
/** The width chat pictures show at (screens/chat/Attachment.tsx). */
export const CHAT_PICTURE_WIDTH = 400;

/**
 * A conversation's pictures (at the width the chat shows them) and files (documents, as they
 * are; videos are left to be played online), newest first, saved when it is opened so they
 * open offline later. Not on a link where data costs (only favourites are saved there).
 */
export async function saveConversationFiles(urls: string[]): Promise<void> {
  if (!canSave() || !navigator.onLine || pictureBudgetBytes() === 0 || dataIsCostly()) return;
  const wanted = urls
    .slice(-CONVERSATION_FILES_SAVED)
    .reverse()
    .flatMap((url) => {
      // A picture has a resized variant; a video is left out; any other file is saved as it is.
      const picture = mediaUrl(url, CHAT_PICTURE_WIDTH);
      return picture !== url ? [picture] : /\.(mp4|webm|mov|ogg)$/i.test(url.split(/[?#]/)[0]) ? [] : [url];
    });
  const cache = await caches.open(MEDIA_CACHE);
  for (const url of new Set(wanted)) {
    if (!navigator.onLine) return;
    if (await cache.match(url)) continue;
    await fetch(url, { priority: 'low' } as RequestInit).catch(() => undefined);
  }
}

/** Bytes an answer holds (its Content-Length, else its body). */
export async function sizeOf(response: Response): Promise<number> {
  const length = Number(response.headers.get('content-length'));
  return length > 0 ? length : (await response.clone().blob()).size;
}

/** What the media cache holds: pictures and files seen or saved ahead (Settings). */
export async function savedPicturesBytes(): Promise<number> {
  if (typeof caches === 'undefined') return 0;
  const cache = await caches.open(MEDIA_CACHE);
  let total = 0;
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    if (response) total += await sizeOf(response);
  }
  return total;
}
