import { deviceLoaded } from '../sync';

/**
 * What dexie-react-hooks sees as `Dexie` in the build (vite.config.ts points its `dexie` import
 * here): its useLiveQuery calls only `Dexie.liveQuery`, which this answers with the device's own
 * once the chunk is in (src/queries/live.ts asks again then), so Dexie stays out of the entry script.
 */
interface Subscribable {
  subscribe(...args: unknown[]): { unsubscribe(): void };
}

const NEVER: Subscribable = { subscribe: () => ({ unsubscribe: () => undefined }) };

export const Dexie = {
  liveQuery: (querier: () => unknown): Subscribable => (deviceLoaded()?.liveQuery(querier) as Subscribable | undefined) ?? NEVER,
};
