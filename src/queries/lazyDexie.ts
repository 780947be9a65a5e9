/**
 * What dexie-react-hooks sees as `Dexie` in the build (vite.config.ts points its `dexie` import
 * here): its useLiveQuery calls only `Dexie.liveQuery`, which this answers with the device's own
 * once the chunk is in (src/queries/live.ts asks again then), so Dexie stays out of the entry script.
 *
 * No import in the source names this file: the edge `dexie-react-hooks → src/queries/lazyDexie.ts`
 * is made by the build, the `lazyDexieForHooks` plugin of vite.config.ts (in the app's build, the
 * server render's and the web and sync Vitest projects alike, through `appPlugins`), so import
 * graphs and the import-cycle check do not show it. It is why a hook never imports 'dexie' (a
 * biome.json rule for src/queries/) and still gets useLiveQuery. Moving or renaming this file
 * means changing the path in vite.config.ts; its exports must keep the shape of Dexie's
 * `Dexie.liveQuery` that dexie-react-hooks calls.
 *
 * A query's new answer re-renders its screen as a transition: React renders a transition in
 * slices that yield to the page, while a plain update (what useLiveQuery makes) is rendered whole
 * in one task. While the catalogue is copied, answers change every page, and a grid rendered in
 * one task held the phone profile's main thread for up to 80 ms (docs/architecture.md).
 */
import { startTransition } from 'react';
import { deviceLoaded } from '../sync';

interface Subscribable {
  subscribe(next: (value: unknown) => void, error?: (error: unknown) => void): { unsubscribe(): void };
}

const NEVER: Subscribable = { subscribe: () => ({ unsubscribe: () => undefined }) };

/** `observable` with its callbacks run inside startTransition: they still run at once, only their renders wait. */
function asTransitions(observable: Subscribable): Subscribable {
  return {
    subscribe: (next, error) =>
      observable.subscribe((value) => startTransition(() => next(value)), error && ((failure) => startTransition(() => error(failure)))),
  };
}

export const Dexie = {
  liveQuery: (querier: () => unknown): Subscribable => {
    const observable = deviceLoaded()?.liveQuery(querier) as Subscribable | undefined;
    return observable ? asTransitions(observable) : NEVER;
  },
};
