import { useEffect, useReducer, useRef, useSyncExternalStore, type DependencyList } from 'react';
import type * as DeviceModule from './device';

/**
 * The local database (Dexie) and the sync engine's modules load as one chunk, apart from the
 * entry script: on a first visit over a slow link the first screen paints from the answers
 * the page fetched (src/data/interim.ts) while they are still on their way (issue 11: Dexie
 * alone was 27 KB of the entry's 109 KB brotli). Hooks read the device through `useLive`,
 * which behaves like dexie-react-hooks' useLiveQuery once the chunk is in.
 */
export type Device = typeof DeviceModule;

let device: Device | null = null;
let loading: Promise<Device> | null = null;
let hold: Promise<unknown> | null = null;
let holding = false;
const listeners = new Set<() => void>();

/**
 * Loading waits for `until` (main.tsx: the first visit's first screen), so the chunk does not
 * share the slow link with what that screen needs. Only before anything asked for the device.
 */
export function holdDeviceUntil(until: Promise<unknown>): void {
  if (loading) return;
  holding = true;
  hold = until.finally(() => {
    holding = false;
  });
}

/** Whether the device's chunk is being held back for the first screen (src/sync/deferred.ts fetches into memory meanwhile). */
export function deviceHeld(): boolean {
  return holding;
}

/** The device's modules, loaded once; the interim answers are moved into Dexie before anyone reads it. */
export function loadDevice(): Promise<Device> {
  if (!loading) {
    loading = (async () => {
      await hold?.catch(() => undefined);
      const module = await import('./device');
      await module.adoptInterim().catch((error: unknown) => console.warn('Could not keep the first answers on the device', error));
      device = module;
      for (const listener of listeners) listener();
      return module;
    })();
    loading.catch(() => {
      loading = null;
    }); // a chunk that failed to load is asked for again next time
  }
  return loading;
}

export function deviceLoaded(): Device | null {
  return device;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The device's modules once loaded (asking for them), else null. */
export function useDevice(): Device | null {
  const loaded = useSyncExternalStore(subscribe, deviceLoaded, deviceLoaded);
  useEffect(() => {
    if (!loaded) loadDevice().catch((error: unknown) => console.warn('Could not load the local database', error));
  }, [loaded]);
  return loaded;
}

interface Observable<T> {
  subscribe(next: (value: T) => void, error: (error: unknown) => void): { unsubscribe(): void };
}

/**
 * A live query over the local database, as dexie-react-hooks' useLiveQuery: `initial` until
 * the first result, then every change; the last result stays while new deps are read. Until
 * the device's chunk is in, `initial`.
 */
export function useLive<T>(query: (device: Device) => T | Promise<T>, deps: DependencyList): T | undefined;
export function useLive<T, I>(query: (device: Device) => T | Promise<T>, deps: DependencyList, initial: I): T | I;
export function useLive<T, I>(query: (device: Device) => T | Promise<T>, deps: DependencyList, initial?: I): T | I | undefined {
  const loaded = useDevice();
  const monitor = useRef<{ result: T | I | undefined; error: unknown }>({ result: initial, error: null });
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the query reads (deps), as with useEffect.
  useEffect(() => {
    if (!loaded) return;
    // An async querier: Dexie follows native awaits inside it only when it sees an async function.
    const observable = loaded.liveQuery(async () => await query(loaded)) as Observable<T>;
    const subscription = observable.subscribe(
      (value) => {
        if (monitor.current.error === null && monitor.current.result === value) return;
        monitor.current = { result: value, error: null };
        rerender();
      },
      (error) => {
        monitor.current = { ...monitor.current, error };
        rerender();
      },
    );
    return () => subscription.unsubscribe();
    // The query is given anew on every render; its inputs are `deps`, as with useLiveQuery.
  }, [loaded, ...deps]);
  if (monitor.current.error !== null) throw monitor.current.error;
  return monitor.current.result;
}
