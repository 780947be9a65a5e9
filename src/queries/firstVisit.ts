import { useSyncExternalStore } from 'react';
import { DEVICE_HOLD_MAX_MS } from '../shared/constants';
import { firstAnswers, firstVisitState, holdDeviceUntil, loadDevice, onFirstVisitChange, type FirstVisitState } from '../sync';

/** A server-rendered page's data, for its hydration (src/sync/firstRender.ts). */
export { firstRender, setFirstRender, type FirstRender } from '../sync';

export type { FirstVisitState };

/**
 * Starts loading the local database (src/sync/firstVisit.ts). A first visit to the home page
 * holds its chunk until the first screen's data has come in and painted (at most
 * DEVICE_HOLD_MAX_MS), so it does not share the slow link with it. Otherwise it loads at once,
 * beside the first render: once the service worker serves the app, the chunk is on the device.
 */
export function startLocalData(firstVisitHome: boolean): void {
  if (firstVisitHome) {
    holdDeviceUntil(Promise.race([firstAnswers, new Promise((resolve) => setTimeout(resolve, DEVICE_HOLD_MAX_MS))]));
  } else {
    loadDevice().catch((error: unknown) => console.warn('Could not load the local database', error));
  }
}

/** Where the app stands in holding its data: empty, interim pages, the device, the whole catalogue. */
export function useFirstVisitState(): FirstVisitState {
  return useSyncExternalStore(onFirstVisitChange, firstVisitState, firstVisitState);
}
