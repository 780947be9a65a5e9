import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql, type SqlBool } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DB } from '@server/db/schema';
import { TIME_BOUND_TTL_MS } from '@server/services/catalogue/cache';
import { firstOfOrder, kept, keptCards, ON_THE_CLOCK } from '@server/services/catalogue/kept-reads';

// Only compiled, never run: the key of a kept read is the SQL of its conditions.
const compileOnly = () =>
  new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
const db = compileOnly();
const inCategory = (id: number) => [sql<SqlBool>`p.category_id = ${id}`];

afterEach(() => {
  vi.useRealTimers();
});

describe('reads kept per catalogue version', () => {
  it('reads the same matches once per version, and again for another version or other matches', async () => {
    const read = vi.fn(async () => ({ n: 7, estimated: false }));
    const version = `v-${Math.random()}`;
    await kept(db, version, 'count', inCategory(1), read);
    expect(await kept(db, version, 'count', inCategory(1), read)).toEqual({ n: 7, estimated: false });
    expect(read).toHaveBeenCalledTimes(1);
    await kept(db, version, 'count', inCategory(2), read);
    await kept(db, `${version}-next`, 'count', inCategory(1), read);
    await kept(db, undefined, 'count', inCategory(1), read);
    expect(read).toHaveBeenCalledTimes(4);
  });

  it('keeps two databases apart, even at the same snapshot', async () => {
    const other = compileOnly();
    const version = `v-${Math.random()}`;
    expect(await kept(db, version, 'count', inCategory(1), async () => 'first database')).toBe('first database');
    expect(await kept(other, version, 'count', inCategory(1), async () => 'second database')).toBe('second database');
  });

  it('reads again what depends on the clock once time-bound answers would have expired', async () => {
    vi.useFakeTimers();
    const read = vi.fn(async () => 1);
    const version = `v-${Math.random()}`;
    await kept(db, version, 'count', [ON_THE_CLOCK], read);
    await kept(db, version, 'count', [ON_THE_CLOCK], read);
    expect(read).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(TIME_BOUND_TTL_MS + 1);
    await kept(db, version, 'count', [ON_THE_CLOCK], read);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('does not keep a failed read', async () => {
    const version = `v-${Math.random()}`;
    await expect(kept(db, version, 'count', [], async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await kept(db, version, 'count', [], async () => 3)).toBe(3);
  });
});

describe('the first products of an order', () => {
  it('reads a power of two once and answers every shorter prefix from it', async () => {
    const ids = Array.from({ length: 300 }, (_, i) => 1000 - i);
    const read = vi.fn(async (n: number) => ids.slice(0, n));
    const version = `v-${Math.random()}`;
    expect(await firstOfOrder(db, version, 'newest', [], 150, read)).toEqual(ids.slice(0, 150));
    expect(read).toHaveBeenLastCalledWith(256);
    expect(await firstOfOrder(db, version, 'newest', [], 200, read)).toEqual(ids.slice(0, 200));
    expect(read).toHaveBeenCalledTimes(1);
    expect(await firstOfOrder(db, undefined, 'newest', [], 21, read)).toEqual(ids.slice(0, 21));
    expect(read).toHaveBeenLastCalledWith(21);
  });
});

describe('a shorter page of an order already read further', () => {
  it('is a slice of the longer read, not a read of its own', async () => {
    const ids = Array.from({ length: 3000 }, (_, i) => 5000 - i);
    const read = vi.fn(async (n: number) => ids.slice(0, n));
    const version = `v-${Math.random()}`;
    expect(await firstOfOrder(db, version, 'newest', [], 2000, read)).toEqual(ids.slice(0, 2000));
    expect(read).toHaveBeenLastCalledWith(2048);
    expect(await firstOfOrder(db, version, 'newest', [], 700, read)).toEqual(ids.slice(0, 700));
    expect(await firstOfOrder(db, version, 'newest', [], 30, read)).toEqual(ids.slice(0, 30));
    expect(read).toHaveBeenCalledTimes(1);
    // Another order, or the same at another version, is read on its own.
    await firstOfOrder(db, version, 'hot selling', [], 30, read);
    await firstOfOrder(db, `${version}-next`, 'newest', [], 30, read);
    expect(read).toHaveBeenCalledTimes(3);
  });
});

describe('product cards kept per catalogue version', () => {
  const card = (id: number, name = `Product ${id}`) => ({ id, name });

  it('reads only the cards not kept yet, and answers in the order asked', async () => {
    const read = vi.fn(async (ids: number[]) => ids.map((id) => card(id)));
    const version = `v-${Math.random()}`;
    expect(await keptCards(db, version, [3, 2, 1], read)).toEqual([card(3), card(2), card(1)]);
    expect(await keptCards(db, version, [4, 1, 3], read)).toEqual([card(4), card(1), card(3)]);
    expect(read).toHaveBeenCalledTimes(2);
    expect(read).toHaveBeenLastCalledWith([4]);
  });

  it('reads every card again at a new version: a product changed since shows its new fields', async () => {
    const version = `v-${Math.random()}`;
    await keptCards(db, version, [7], async (ids) => ids.map((id) => card(id, 'Old name')));
    const after = await keptCards(db, `${version}-next`, [7], async (ids) => ids.map((id) => card(id, 'New name')));
    expect(after).toEqual([card(7, 'New name')]);
    // Without a version nothing is kept.
    const read = vi.fn(async (ids: number[]) => ids.map((id) => card(id)));
    await keptCards(db, undefined, [7], read);
    await keptCards(db, undefined, [7], read);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('brings the cards around the page along in the same read, so the next pages read none', async () => {
    const read = vi.fn(async (ids: number[]) => ids.map((id) => card(id)));
    const version = `v-${Math.random()}`;
    const order = Array.from({ length: 300 }, (_, i) => 1000 - i);
    expect(await keptCards(db, version, order.slice(20, 40), read, order.slice(0, 128))).toEqual(order.slice(20, 40).map((id) => card(id)));
    expect(read.mock.lastCall?.[0]).toHaveLength(128);
    expect(await keptCards(db, version, order.slice(100, 128), read, order.slice(0, 128))).toEqual(
      order.slice(100, 128).map((id) => card(id)),
    );
    expect(read).toHaveBeenCalledTimes(1);
    // Never more than one block at once, and always the page's own.
    await keptCards(db, version, order.slice(290, 300), read, order.slice(128, 300));
    expect(read.mock.lastCall?.[0]).toHaveLength(128);
    expect(read.mock.lastCall?.[0]).toEqual(expect.arrayContaining(order.slice(290, 300)));
  });

  it('leaves out a product the read no longer finds', async () => {
    const version = `v-${Math.random()}`;
    expect(await keptCards(db, version, [9, 8], async () => [card(8)])).toEqual([card(8)]);
  });
});
