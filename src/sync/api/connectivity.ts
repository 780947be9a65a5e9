import { useSyncExternalStore } from 'react';

/**
 * Whether the server can be reached, as the sync layer observed it (docs/sync.md#connectivity): navigator.onLine
 * only says an interface is up, so a request that times out or cannot connect puts the app
 * offline ("lie-fi" included), and the next request that gets any answer brings it back.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let reachable = true;

const browserOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);

function emit() {
  for (const listener of listeners) listener();
}

export function isOnline(): boolean {
  return reachable && browserOnline();
}

/** A request got an answer (any status): the server is reachable. */
export function reportReachable(): void {
  if (reachable) return;
  reachable = true;
  emit();
}

/** A request timed out or could not connect. */
export function reportUnreachable(): void {
  if (!reachable) return;
  reachable = false;
  emit();
}

export function onConnectivityChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Online as observed: the offline indicator and pending states follow this. */
export function useConnectivity(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
