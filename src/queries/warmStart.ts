import { useSyncExternalStore } from 'react';
import type { ProductRow } from '../db/db';
import type { ProductView } from '../db/queries';
import { LIST_PAGE_SIZE, listKey, type ListQuery } from '../db/listQuery';
import { readFirst, type Device } from '../sync';

/** A list as the device holds it: the server's order when the device kept it, else computed from its rows. */
export interface DeviceList {
  source: 'server' | 'device';
  products: ProductView[];
  count: number;
  held: number;
}

/** The first `limit` products of a list, read from the device (useProductList's live query reads the same). */
export async function readList(
  { db, deviceList, withFavorites }: Device,
  key: string,
  query: ListQuery,
  limit: number,
): Promise<DeviceList> {
  const list = await db.lists.get(key);
  if (list) {
    const rows = (await db.products.bulkGet(list.ids.slice(0, limit))).filter((p): p is ProductRow => Boolean(p));
    return { source: 'server', products: await withFavorites(rows), count: list.count, held: list.ids.length };
  }
  const { rows, count } = await deviceList(query, limit);
  return { source: 'device', products: await withFavorites(rows), count, held: rows.length };
}

const warm = new Map<string, DeviceList>();
const listeners = new Set<() => void>();
/** Long after every screen that read ahead has its live answers: a screen opened later never sees the old reading. */
const WARM_KEEP_MS = 10_000;

/**
 * A repeat visit's first lists, read from the device as soon as its chunk is in, before React
 * has rendered the screen that shows them (src/main.tsx). A live query answers only after its
 * screen has rendered, committed and subscribed, and then a timer later: on the home page that
 * chain cost more than the reading itself (bench/home-paint.ts). The screen's first render
 * adopts the answer, and its own live query takes over (docs/architecture.md: screens read the
 * device through live queries).
 */
export function warmLists(queries: ListQuery[]): Promise<unknown> {
  return new Promise((resolve) =>
    readFirst((device) =>
      Promise.all(
        queries.map(async (query) => {
          const key = listKey(query);
          warm.set(key, await readList(device, key, query, query.pageSize ?? LIST_PAGE_SIZE));
          for (const listener of listeners) listener();
        }),
      ).finally(() => {
        resolve(undefined);
        setTimeout(() => {
          warm.clear();
          for (const listener of listeners) listener();
        }, WARM_KEEP_MS);
      }),
    ),
  );
}

function onWarmChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The first page of the list `key` read ahead (warmLists), until its live query has answered. */
export function useWarmList(key: string): DeviceList | undefined {
  const read = () => warm.get(key);
  return useSyncExternalStore(onWarmChange, read, read);
}

/** The live query answered: later visits of the screen read it alone, never an old answer. */
export function dropWarmList(key: string): void {
  warm.delete(key);
}
