import { useSyncExternalStore } from 'react';
import { DEVICE_HOLD_MAX_MS } from '../shared/constants';
import { firstAnswers, firstVisitState, holdDeviceUntil, loadDevice, onFirstVisitChange, type FirstVisitState } from '../sync';

/** A server-rendered page's data, for its hydration (src/sync/firstRender.ts). */
export { firstRender, setFirstRender, type FirstRender } from '../sync';

export type { FirstVisitState };

/**
 * Starts loading the local database (src/sync/firstVisit.ts). A first visit to the home page
 * holds its chunk until the first screen's data has come in and painted; a server-rendered page
 * (any landing page) holds it until the page has loaded and the browser is idle, so evaluating
 * the chunk, opening IndexedDB and the first pulls do not share the main thread with the
 * hydration and the largest paint. Both at most DEVICE_HOLD_MAX_MS; whatever needs the device
 * sooner waits for it. Otherwise it loads at once, beside the first render: once the service
 * worker serves the app, the chunk is on the device.
 */
export function startLocalData(first: { home: boolean; serverRendered: boolean }): void {
  const waits: Array<Promise<unknown>> = [];
  if (first.home) waits.push(firstAnswers);
  if (first.serverRendered) waits.push(loadedAndIdle());
  if (waits.length > 0) {
    holdDeviceUntil(Promise.race([Promise.all(waits), new Promise((resolve) => setTimeout(resolve, DEVICE_HOLD_MAX_MS))]));
  } else {
    loadDevice().catch((error: unknown) => console.warn('Could not load the local database', error));
  }
}

/** Resolves once the page's load event has passed and the browser has had an idle moment (at most IDLE_WAIT_MS after load). */
const IDLE_WAIT_MS = 1_000;
function loadedAndIdle(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => {
      if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: IDLE_WAIT_MS });
      else setTimeout(resolve, 0);
    };
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
}

/** Where the app stands in holding its data: empty, interim pages, the device, the whole catalogue. */
export function useFirstVisitState(): FirstVisitState {
  return useSyncExternalStore(onFirstVisitChange, firstVisitState, firstVisitState);
}
