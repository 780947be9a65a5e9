import type { Page } from 'playwright-core';

/**
 * How many rows one of the app's IndexedDB stores holds, read in the page without the app (browser
 * tests, journeys and benchmarks). The connection is closed at once and never creates the
 * database: a connection left open, or an empty version 1 made before the app's own, would
 * block the app's database upgrade until the browser collects it (half a minute).
 */
export function storeCount(page: Page, store: string): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('marketplace');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onsuccess = () => {
          const idb = open.result;
          if (!idb.objectStoreNames.contains(name)) {
            idb.close();
            return resolve(0);
          }
          const count = idb.transaction(name).objectStore(name).count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => resolve(-1);
          idb.close();
        };
        open.onerror = () => resolve(0);
      }),
    store,
  );
}
