import { firstPageUrl, listKey, type ListQuery } from '../db/listQuery';
import type { Product } from '../shared/catalogue';
import { api } from './api/client';
import type * as DeviceModule from './device';
import { firstAnswer, productUrl, type ListAnswer } from './firstRender';
import type { InterimList } from './pull/lists';

/**
 * How the app comes to hold its data, in one place. The local database (Dexie) and the sync
 * engine are one chunk (src/sync/device.ts), apart from the entry script: on a first visit over a
 * slow link the first screen paints from list pages fetched into memory while the chunk waits.
 *
 *   empty ──interim-page──▶ interim ──device-loaded──▶ device ──catalogue-replicated──▶ replicated
 *     └───────────────────────device-loaded───────────────▶┘
 *
 * - empty: nothing to show yet (the device's chunk is held back, or still on its way);
 * - interim: list pages in memory (a first visit), read by the same hooks as the device's;
 * - device: the chunk is in and the interim pages have been adopted into Dexie as ensureList
 *   would have kept them, so the hand-over shows the same rows and nothing is fetched twice;
 * - replicated: the whole catalogue is on the device (the catalogue stream finished).
 */
export type FirstVisitState = 'empty' | 'interim' | 'device' | 'replicated';
export type FirstVisitEvent = 'interim-page' | 'device-loaded' | 'catalogue-replicated';

/** The transitions: events that do not apply in a state leave it as it is. */
export function nextState(state: FirstVisitState, event: FirstVisitEvent): FirstVisitState {
  switch (event) {
    case 'interim-page':
      return state === 'empty' ? 'interim' : state;
    case 'device-loaded':
      return state === 'empty' || state === 'interim' ? 'device' : state;
    case 'catalogue-replicated':
      return state === 'device' ? 'replicated' : state;
  }
}

export type Device = typeof DeviceModule;

let state: FirstVisitState = 'empty';
let device: Device | null = null;
let loading: Promise<Device> | null = null;
let hold: Promise<unknown> | null = null;
let holding = false;
const interim = new Map<string, InterimList>();
const interimProducts = new Map<number, Product>();
const listeners = new Set<() => void>();

function dispatch(event: FirstVisitEvent): void {
  const next = nextState(state, event);
  if (next === state && event !== 'interim-page') return;
  state = next;
  for (const listener of listeners) listener();
}

export function firstVisitState(): FirstVisitState {
  return state;
}

/** Called on every change: the state, the device, an interim page. */
export function onFirstVisitChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Loading waits for `until` (src/main.tsx: the first visit's first screen), so the chunk does not
 * share the slow link with what that screen needs. Only before anything asked for the device.
 */
export function holdDeviceUntil(until: Promise<unknown>): void {
  if (loading) return;
  holding = true;
  hold = until.finally(() => {
    holding = false;
  });
}

/** The device's modules once loaded, else null. */
export function deviceLoaded(): Device | null {
  return device;
}

/** The device's modules on their way in, if a load has begun (null before the first ask). */
export function deviceLoading(): Promise<Device> | null {
  return loading;
}

/**
 * Reads that run as soon as the device's chunk is in (asking for it), before anything else
 * learns of it (src/queries/warmStart.ts): the renders and the sync engine's start that the news
 * sets off would otherwise share the main thread and IndexedDB with them. The news waits for
 * them at most FIRST_READS_MAX_MS.
 */
const FIRST_READS_MAX_MS = 500;
const firstReads: Array<(device: Device) => Promise<unknown>> = [];
let imported: Device | null = null;
const readFailed = (error: unknown) => console.warn('Could not read from the local database', error);
export function readFirst(read: (device: Device) => Promise<unknown>): void {
  if (imported) {
    read(imported).catch(readFailed);
    return;
  }
  firstReads.push(read);
  loadDevice().catch((error: unknown) => console.warn('Could not load the local database', error));
}

/** The device's modules, loaded once; the interim pages are moved into Dexie before anyone reads it. */
export function loadDevice(): Promise<Device> {
  if (!loading) {
    loading = (async () => {
      await hold?.catch(() => undefined);
      // Dexie first, in a task of its own: run with the rest of the device's code, the chunk's
      // first evaluation was one task of 120–150 ms on the phone profile (docs/architecture.md).
      await import('dexie');
      await new Promise<void>((resolve) => setTimeout(resolve, 0));
      const module = await import('./device');
      await module
        .adoptInterim([...interim], [...interimProducts.values()])
        .catch((error: unknown) => console.warn('Could not keep the first answers on the device', error));
      imported = module;
      const reads = firstReads.splice(0).map((read) => read(module).catch(readFailed));
      if (reads.length > 0) await Promise.race([Promise.all(reads), new Promise((resolve) => setTimeout(resolve, FIRST_READS_MAX_MS))]);
      device = module;
      dispatch('device-loaded');
      module.onCatalogueReplicated(() => dispatch('catalogue-replicated'));
      return module;
    })();
    loading.catch(() => {
      loading = null;
    }); // a chunk that failed to load is asked for again next time
  }
  return loading;
}

/** A list's first page fetched into memory on a first visit, until the device answers. */
export function interimList(key: string): InterimList | undefined {
  return interim.get(key);
}

/**
 * A list's first page from the first render's answers (src/sync/firstRender.ts), kept in memory
 * like a first visit's fetched page (and adopted by the device the same way): a server-rendered
 * page and its hydration show the same cards, and the device does not ask for them again.
 */
export function adoptFirstList(key: string, query: ListQuery): void {
  if (interim.has(key)) return;
  const answer = firstAnswer<ListAnswer>(firstPageUrl(query));
  if (!answer) return;
  const list = { products: answer.results, count: answer.count, fetched_at: Date.now() };
  interim.set(key, list);
  // Told to no one: this runs inside a render, and the page's first render reads it at once.
  state = nextState(state, 'interim-page');
  adoptLate([[key, list]], []);
}

/** What the page's render brought after the device had loaded goes into it all the same. */
function adoptLate(lists: Array<[string, InterimList]>, products: Product[]): void {
  if (!device) return;
  device.adoptInterim(lists, products).catch((error: unknown) => console.warn('Could not keep the first answers on the device', error));
}

/** A product from the first render's answers (as adoptFirstList), else the one kept from it. */
export function interimProduct(id: number): Product | undefined {
  const held = interimProducts.get(id);
  if (held) return held;
  const answer = firstAnswer<Product>(productUrl(id));
  if (answer) {
    interimProducts.set(id, answer);
    adoptLate([], [answer]);
  }
  return answer ?? undefined;
}

/** The server forgets one render's pages before the next (server/web/landing.ts). */
export function forgetInterim(): void {
  interim.clear();
  interimProducts.clear();
}

/**
 * `firstAnswers` settles once every interim page asked for so far has come in (or failed) and has
 * been painted: src/main.tsx holds the device's chunk until then.
 */
const asked = new Map<string, Promise<void>>();
let pending = 0;
let settle: () => void = () => undefined;
export const firstAnswers = new Promise<void>((resolve) => {
  settle = resolve;
});

/**
 * While the device's chunk is held back, a list's first page is fetched into memory at once by
 * the same request as ensureList's, unless a server-rendered page brought it. Otherwise nothing.
 */
export function beforeList(query: ListQuery, pages: number): Promise<void> {
  if (!holding || pages !== 1) return Promise.resolve();
  const key = listKey(query);
  // A server-rendered page brought it: the device's chunk waits only for that page's paint.
  if (interim.has(key)) {
    if (pending === 0) requestAnimationFrame(() => setTimeout(settle, 0));
    return Promise.resolve();
  }
  let running = asked.get(key);
  if (running) return running;
  const { section = 'all', search, category, supplier, exclude } = query;
  pending += 1;
  running = api
    .productPage(section, { search, category, supplier, exclude }, query.pageSize ?? 20, 0)
    .then((page) => {
      interim.set(key, { products: page.results, count: page.count, fetched_at: Date.now() });
      dispatch('interim-page');
    })
    .catch((error: unknown) => {
      asked.delete(key); // the device's ensureList asks again
      console.warn('Could not load the product list', error);
    })
    .finally(() => {
      pending -= 1;
      // After the frame that shows them: the device's chunk must not compete with their painting.
      if (pending === 0) requestAnimationFrame(() => setTimeout(settle, 0));
    });
  asked.set(key, running);
  return running;
}
