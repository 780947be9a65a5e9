import Dexie from 'dexie';
import { db, type ProductRow } from './db';
import { applyWrite, SearchIndex, type SearchWrite } from './search-index';

/**
 * Search over the products the device holds (search-index.ts has the rules). The index lives
 * in a Web Worker, built there from IndexedDB soon after the device first holds products (or on
 * the first search), so the page never spends a long task on it; the sync layer tells it of every write (productsWritten, productsRemoved)
 * once the write is committed, a page at a time. Where workers are missing (tests), the same
 * index runs in the page. Other tabs' writes reset it (a BroadcastChannel), and so does a
 * product count that differs from the index's (a table cleared): it is built again then.
 */

export type SearchRequest =
  | { type: 'open'; dbName: string }
  | { type: 'build' }
  | { type: 'reset' }
  | SearchWrite
  | { type: 'search'; id: number; term: string };

/** A search's matches, best first, and its typos corrected when it had any ("did you mean", search-index.ts). */
export interface LocalSearch {
  ids: number[];
  didYouMean?: string;
}

interface Backend {
  send(request: SearchRequest): void;
  search(term: string): Promise<LocalSearch>;
}

let backend: Backend | null = null;
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('marketplace-search-index');
if (channel) channel.onmessage = () => backend?.send({ type: 'reset' });

function workerBackend(): Backend | null {
  if (typeof Worker === 'undefined') return null;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./search.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  let next = 0;
  const waiting = new Map<number, (found: LocalSearch | null) => void>();
  worker.onmessage = (event: MessageEvent<{ id: number; found: LocalSearch | null }>) => {
    waiting.get(event.data.id)?.(event.data.found);
    waiting.delete(event.data.id);
  };
  worker.onerror = () => {
    for (const done of waiting.values()) done(null);
    waiting.clear();
    worker.terminate();
    // The page's own index takes over.
    backend = pageBackend();
  };
  worker.postMessage({ type: 'open', dbName: db.name } satisfies SearchRequest);
  return {
    send: (request) => worker.postMessage(request),
    search: (term) =>
      new Promise<LocalSearch | null>((resolve) => {
        const id = ++next;
        waiting.set(id, resolve);
        worker.postMessage({ type: 'search', id, term } satisfies SearchRequest);
      }).then((found) => found ?? pageBackend().search(term)),
  };
}

function pageBackend(): Backend {
  const index = new SearchIndex();
  let built: Promise<void> | null = null;
  // Writes are read and applied in the order they were told, as in the worker.
  let writes: Promise<void> = Promise.resolve();
  return {
    send(request) {
      if (request.type === 'reset') built = null;
      else if ((request.type === 'put' || request.type === 'remove') && built) {
        const after = built;
        writes = writes
          .then(() => after)
          // Told from a transaction's completion: read outside it.
          .then(() => Dexie.ignoreTransaction(() => applyWrite(index, request, db.products)))
          .catch(() => {
            // A write that could not be read back: the next search builds the index again.
            built = null;
          });
      }
    },
    async search(term) {
      const build = () =>
        db.products.toArray().then((rows) => {
          index.clear();
          index.put(rows);
        });
      built ??= build();
      await built;
      await writes;
      // A count that differs means writes this index was not told of (a table cleared): built again.
      if ((await db.products.count()) !== index.size) {
        built = build();
        await built;
      }
      return index.find(term);
    },
  };
}

function current(): Backend {
  backend ??= workerBackend() ?? pageBackend();
  return backend;
}

/** After the running transaction commits (at once outside one): the index never holds a write that was rolled back. */
function afterCommit(send: () => void) {
  const tx = Dexie.currentTransaction;
  if (tx) tx.on('complete', send);
  else send();
}

/** After the first products are written, the worker builds the index in the background: the first search (offline) finds it ready. */
const WARM_AFTER_MS = 3000;
let warming: ReturnType<typeof setTimeout> | null = null;

function warm(): void {
  if (backend || warming || typeof Worker === 'undefined') return;
  // Not at once: the first screen's own requests and renders go first.
  warming = setTimeout(() => {
    if (backend) return;
    backend = workerBackend();
    backend?.send({ type: 'build' });
  }, WARM_AFTER_MS);
}

/** Products were written (a sync page, a product opened): the index takes them in. */
export function productsWritten(rows: Array<Pick<ProductRow, 'id'>>): void {
  if (rows.length === 0) return;
  warm();
  if (!backend) return;
  const request: SearchRequest = { type: 'put', ids: rows.map((row) => row.id) };
  afterCommit(() => {
    backend?.send(request);
    channel?.postMessage('changed');
  });
}

/** Products were deleted. */
export function productsRemoved(ids: number[]): void {
  if (ids.length === 0 || !backend) return;
  afterCommit(() => {
    backend?.send({ type: 'remove', ids });
    channel?.postMessage('changed');
  });
}

/** The products changed in a way not told row by row (cleared, reset): the index is made again on the next search. */
export function productsChanged(): void {
  afterCommit(() => {
    backend?.send({ type: 'reset' });
    channel?.postMessage('changed');
  });
}

/** Ids of the held products matching `term`, best first. */
export async function searchLocal(term: string): Promise<number[]> {
  return (await current().search(term)).ids;
}

/** The held products' closest words for a search's typos ("did you mean"), drawn from the device's vocabulary. */
export async function localDidYouMean(term: string): Promise<string | undefined> {
  return (await current().search(term)).didYouMean;
}
