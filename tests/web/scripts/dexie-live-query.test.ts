import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Dexie as DexieClass, liveQuery as LiveQuery, Table } from 'dexie';
import { patchLiveQuery } from '../../../scripts/dexie-live-query';

/** The installed Dexie, with the build's fix of its liveQuery, loaded apart from the app's own copy. */
const file = createRequire(import.meta.url).resolve('dexie/dist/dexie.js');
function patchedDexie(): { Dexie: typeof DexieClass; liveQuery: typeof LiveQuery } {
  const module = { exports: {} as { Dexie: typeof DexieClass; liveQuery: typeof LiveQuery } };
  new Function('module', 'exports', patchLiveQuery(readFileSync(file, 'utf8'), file))(module, module.exports);
  return module.exports;
}

interface Item {
  id: number;
  name: string;
}

let names = 0;
function openItems() {
  const { Dexie, liveQuery } = patchedDexie();
  const db = new Dexie(`live-query-${++names}`) as DexieClass & { items: Table<Item, number> };
  db.version(1).stores({ items: 'id' });
  return { db, liveQuery };
}

/** The values a live query gives, and a way to wait for one. */
function follow<T>(subscribe: (next: (value: T) => void) => unknown) {
  const seen: T[] = [];
  const waiting: Array<{ test: (value: T) => boolean; done: () => void }> = [];
  subscribe((value) => {
    seen.push(value);
    for (const w of waiting.filter((w) => w.test(value))) w.done();
  });
  return {
    seen,
    until: (test: (value: T) => boolean) =>
      seen.some(test) ? Promise.resolve() : new Promise<void>((done) => waiting.push({ test, done })),
  };
}

describe("Dexie's liveQuery as the app is built (scripts/dexie-live-query.ts)", () => {
  it('applies to the installed Dexie, and refuses code it does not recognise', () => {
    expect(() => patchLiveQuery(readFileSync(file, 'utf8'), file)).not.toThrow();
    expect(() => patchLiveQuery('var accumMuts = {};', 'other.js')).toThrow(/liveQuery changed/);
  });

  it('still follows its row after many writes that did not concern it', async () => {
    const { db, liveQuery } = openItems();
    await db.items.put({ id: 1, name: 'first' });
    const values = follow<Item | undefined>((next) => liveQuery(() => db.items.get(1)).subscribe(next));
    await values.until((item) => item?.name === 'first');
    for (let page = 0; page < 20; page += 1)
      await db.items.bulkPut(Array.from({ length: 50 }, (_, i) => ({ id: 100 + page * 50 + i, name: 'other' })));
    await db.items.put({ id: 1, name: 'changed' });
    await values.until((item) => item?.name === 'changed');
    expect(values.seen.at(-1)?.name).toBe('changed');
  });

  it('sees a write made while it was running', async () => {
    const { db, liveQuery } = openItems();
    await db.items.put({ id: 1, name: 'first' });
    let release: () => void = () => undefined;
    let gates = 0;
    const values = follow<string>((next) =>
      liveQuery(async () => {
        const item = await db.items.get(1);
        // The first run waits, after its read, until the row has changed under it.
        if (gates++ === 0) await new Promise<void>((resolve) => (release = resolve));
        return item?.name ?? '';
      }).subscribe(next),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    await db.items.put({ id: 1, name: 'changed' });
    release();
    await values.until((name) => name === 'changed');
    expect(values.seen.at(-1)).toBe('changed');
  });
});
