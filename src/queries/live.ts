import { startTransition, useEffect, useMemo, useRef, useState, type DependencyList } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { deviceLoaded, loadDevice, onFirstVisitChange, type Device } from '../sync';

/**
 * Live queries over the local database, through dexie-react-hooks' useLiveQuery, wrapped once.
 * The database is a lazy chunk (src/sync/firstVisit.ts): until it is in, a query is 'loading';
 * the build points dexie-react-hooks' own Dexie import at src/queries/lazyDexie.ts, so the
 * entry script does not carry Dexie for it.
 */
export type { Device };

export type LiveStatus = 'loading' | 'ready' | 'error';

export interface Live<T> {
  /** The query's answer; undefined while loading or after an error. */
  data: T | undefined;
  status: LiveStatus;
  error: unknown;
}

/**
 * The device's modules once loaded (asking for them), else null. Their arrival is news to every
 * live query on the screen at once: it is rendered as a transition, in slices that yield to
 * the page, not as an external store's update, which React renders whole in one task
 * (docs/architecture.md, "One entry script").
 */
export function useDevice(): Device | null {
  const [loaded, setLoaded] = useState(deviceLoaded);
  useEffect(() => {
    const update = () => startTransition(() => setLoaded(deviceLoaded()));
    const unsubscribe = onFirstVisitChange(update);
    // In between the render and this effect, the modules may have come.
    if (deviceLoaded() !== loaded) update();
    if (!deviceLoaded()) loadDevice().catch((error: unknown) => console.warn('Could not load the local database', error));
    return unsubscribe;
  }, [loaded]);
  return loaded;
}

/** What the query answers until it has answered: told apart from an answer of `undefined`. */
const LOADING: unique symbol = Symbol('loading');

/**
 * A live query: every change of the tables it read re-renders; the last answer stays while new
 * deps are read. `deps` are the query's inputs, as with useLiveQuery.
 */
export function useLive<T>(query: (device: Device) => T | Promise<T>, deps: DependencyList): Live<T> {
  const device = useDevice();
  let answer: T | typeof LOADING = LOADING;
  let error: unknown = null;
  try {
    // An async querier: Dexie follows native awaits inside it only when it sees an async function.
    // biome-ignore lint/correctness/useHookAtTopLevel: always called, once per render; the try only catches the error useLiveQuery rethrows after its own hooks ran.
    answer = useLiveQuery<T | typeof LOADING, typeof LOADING>(
      async () => (device ? await query(device) : LOADING),
      [device, ...deps],
      LOADING,
    );
  } catch (failure) {
    // useLiveQuery throws a failed query's error after its own hooks ran: the hook order stays.
    error = failure;
  }
  // A commit that left the answer as it was (a sync page rewriting the same products) gives the
  // same objects back, so memoized children such as product cards do not render again.
  const previous = useRef<T | typeof LOADING>(LOADING);
  const shared = useMemo(() => {
    previous.current = keepEqual(previous.current, answer);
    return previous.current;
  }, [answer]);
  if (error !== null) {
    return { data: undefined, status: 'error', error };
  }
  return shared === LOADING ? { data: undefined, status: 'loading', error: null } : { data: shared, status: 'ready', error: null };
}

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** `next`, with every part deeply equal to the same part of `previous` replaced by that part of `previous`. */
export function keepEqual<T>(previous: unknown, next: T): T {
  if (Object.is(previous, next)) return next;
  if (Array.isArray(previous) && Array.isArray(next)) {
    let same = previous.length === next.length;
    const merged = next.map((item, i) => {
      const kept = keepEqual(previous[i], item);
      same &&= kept === previous[i];
      return kept;
    });
    return (same ? previous : merged) as T;
  }
  if (isPlain(previous) && isPlain(next)) {
    const keys = Object.keys(next);
    let same = keys.length === Object.keys(previous).length;
    const merged: Record<string, unknown> = {};
    for (const key of keys) {
      merged[key] = keepEqual(previous[key], next[key]);
      same &&= key in previous && merged[key] === previous[key];
    }
    return (same ? previous : merged) as T;
  }
  return next;
}
