/**
 * What the page and the service worker agree on about the media cache, in one place: both
 * import it (src/media/saved.ts and src/sync/pull/prefetch.ts on the page; src/sw/sw.ts and
 * src/sw/mediaBudget.ts in the worker). Constants only, so the worker's bundle takes nothing else.
 */

/** The service worker's cache of /media/ (cache first): pictures saved ahead go there too. */
export const MEDIA_CACHE = 'media';

/** The page's message telling the worker the user's picture budget: `{ type: MEDIA_BUDGET_MESSAGE, bytes }`. */
export const MEDIA_BUDGET_MESSAGE = 'MEDIA_BUDGET';

/** The picture budget when the user chose none (Settings), in MB; the worker bounds its cache by it until told. */
export const DEFAULT_PICTURE_BUDGET_MB = 50;
