/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { RangeRequestsPlugin } from 'workbox-range-requests';
import { notificationOf, openTarget, showPushed } from './notify';
import { mediaBudgetPlugin, setMediaBudget } from './mediaBudget';
import { MEDIA_BUDGET_MESSAGE, MEDIA_CACHE } from '@/media/cache';
import { FAVOURITES_SYNC_TAG, OUTBOX_SYNC_TAG } from '@/sync/leader';
import { drainOutbox, refreshFavourites } from '@/sync/worker/handlers';
import { i18n } from '@lingui/core';
import { messages as english } from '../../locales/en/messages.po';

/**
 * The service worker (docs/architecture.md#how-it-runs): the app shell from the precache, so
 * every route opens offline; uploaded media cache-first; the API past the worker. Beside that:
 * Web Push (a notification, and the new data stored on the device), Background Sync (the outbox
 * sent with no page open) and Periodic Background Sync (the favourites kept fresh).
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

// The sync code words its errors through Lingui, which throws without a language: the worker
// has no page to say which, so the reasons it records (a refused change) are in English.
i18n.loadAndActivate({ locale: 'en', messages: english });

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/media\//] }));

// Uploaded images and videos are content-addressed: a URL never changes content.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/media/'),
  new CacheFirst({
    // Also src/sync/pull/prefetch.ts and src/media/saved.ts, which save pictures ahead of need into this cache.
    cacheName: MEDIA_CACHE,
    plugins: [
      // Least recently used go first: by count (a backstop), and by bytes within the user's
      // picture budget (./mediaBudget.ts turns the bytes into a count for this same expiration).
      new ExpirationPlugin({ maxEntries: 3000, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
      mediaBudgetPlugin(MEDIA_CACHE),
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new RangeRequestsPlugin(),
      {
        // Offline, a picture at another width than the one asked is better than none.
        handlerDidError: async ({ request }) => {
          const url = new URL(request.url);
          if (!url.searchParams.has('w')) return undefined;
          const cache = await caches.open(MEDIA_CACHE);
          return (await cache.match(request, { ignoreSearch: true })) ?? undefined;
        },
      },
    ],
  }),
);
// The API has no route: the browser fetches it past the worker, never cached (the local database
// is the offline copy), and a request held open (the event stream, a slow page of the catalogue)
// never keeps this worker busy, which would hold a new version back (src/app/pwa.ts).

// The first visit is controlled at once; later versions wait for the user's "Reload" (src/app/pwa.ts).
clientsClaim();
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (event.data?.type === MEDIA_BUDGET_MESSAGE) {
    const trimmed = setMediaBudget(MEDIA_CACHE, event.data.bytes);
    if (trimmed) event.waitUntil(trimmed);
  }
});

self.addEventListener('push', (event) => {
  const pushed = notificationOf(event.data);
  if (pushed) event.waitUntil(showPushed(self.registration, pushed));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openTarget(self.clients, event.notification.data?.url ?? '/'));
});

self.addEventListener('sync', (event) => {
  const sync = event as Event & { tag: string; waitUntil(work: Promise<unknown>): void };
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(drainOutbox());
});

self.addEventListener('periodicsync', (event) => {
  const sync = event as Event & { tag: string; waitUntil(work: Promise<unknown>): void };
  if (sync.tag !== FAVOURITES_SYNC_TAG) return;
  sync.waitUntil(refreshFavourites());
});
