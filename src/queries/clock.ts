import { useSyncExternalStore } from 'react';
import { firstRender } from '../sync';

/**
 * The time for countdowns ("Ends in 3 h 20 min"), moving on every TICK_MS. A server-rendered
 * page hydrates with the clock it was rendered at (src/sync/firstRender.ts `renderedAt`): a
 * countdown that crossed a minute between the server's render and the hydration would
 * otherwise differ from the server's markup, and React would throw that markup away. The
 * render right after hydration moves to the device's own clock.
 */
const TICK_MS = 30_000;
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;

function tick() {
  now = Date.now();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // A countdown that mounts after a quiet while starts from the time now, not the last tick.
  now = Date.now();
  timer ??= setInterval(tick, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

export function useNow(): number {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => firstRender()?.renderedAt ?? now,
  );
}
