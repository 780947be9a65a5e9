import { MarketplaceDb } from './db';
import { applyWrite, SearchIndex } from './search-index';
import type { SearchRequest } from './search';

/**
 * The local search index off the page's thread (search.ts): it reads the products from
 * IndexedDB itself, in batches, when the page asks it to (the device holds products) or the first
 * time it is searched after a reset, and follows
 * the page's writes row by row after that. Requests are handled in order, so a write sent
 * before a search is in the index that answers it.
 */
const BATCH = 2_000;
const index = new SearchIndex();
let db: MarketplaceDb | null = null;
let built = false;

async function build(database: MarketplaceDb) {
  index.clear();
  let after = -Infinity;
  for (;;) {
    const rows = await database.products.where('id').above(after).limit(BATCH).toArray();
    index.put(rows);
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1].id;
  }
  built = true;
}

async function handle(request: SearchRequest) {
  switch (request.type) {
    case 'open':
      db?.close();
      db = new MarketplaceDb(request.dbName);
      built = false;
      return;
    case 'build':
      if (db && !built) await build(db);
      return;
    case 'reset':
      built = false;
      index.clear();
      return;
    case 'put':
    case 'remove':
      if (built && db) await applyWrite(index, request, db.products);
      return;
    case 'search':
      // A count that differs means writes this index was not told of (a table cleared): built again.
      if (db && (!built || (await db.products.count()) !== index.size)) await build(db);
      postMessage({ id: request.id, found: index.find(request.term) });
      return;
  }
}

let queue: Promise<void> = Promise.resolve();
self.onmessage = (event: MessageEvent<SearchRequest>) => {
  const request = event.data;
  queue = queue
    .then(() => handle(request))
    .catch(() => {
      built = false;
      if (request.type === 'search') postMessage({ id: request.id, found: null });
    });
};
