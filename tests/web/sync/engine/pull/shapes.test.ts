import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/db/db';
import { api } from '@/sync/api/client';
import { setEngineUser } from '@/sync/engine';
import { toggleFavorite } from '@/sync/outbox/intents';
import { replicateCatalogue } from '@/sync/pull/catalogue';
import { ensureList } from '@/sync/pull/lists';
import { heldShape, heldShapes, type ShapeName } from '@/sync/pull/shapeRows';
import { joinShape, leaveShape, pullShape, SHAPE_REFRESH_MS } from '@/sync/pull/shapes';
import { setBudget } from '@/sync/pull/workingSet';
import { createUser, type TestApp, type TestUser } from '@tests/server/helpers';
import { insertProducts } from '@tests/server/fixtures/catalogue';
import { engineSuite, signIn } from '../device';

/** Shapes (docs/sync.md#shapes): groups 2 and 3 of the working set, each pulled from a cursor of its own. */

let t: TestApp;
let supplier: TestUser;
let seller: TestUser;
let buyer: TestUser;
let tools: number;
let seeds: number;

const suite = engineSuite();

async function newCategory(name: string): Promise<number> {
  const [row] = await t.db.insertInto('categories').values({ name, position: 900 }).returning('id').execute();
  return row.id;
}

/** Products of a category, by a supplier, written straight to the server's database. */
const stock = async (by: TestUser, category: number, names: string[]) =>
  (
    await insertProducts(
      t,
      by.user.id,
      names.map((name) => ({ name, category_id: category })),
    )
  ).map((p) => p.id);

const held = async (ids: number[]) => (await db.products.bulkGet(ids)).map((p) => p !== undefined);
const heldIds = async () => new Set(await db.products.toCollection().primaryKeys());

beforeAll(async () => {
  ({ t, supplier } = suite);
  seller = await createUser(t, { type: 'SUPPLIER' });
});
beforeEach(async () => {
  buyer = await createUser(t, { type: 'BUYER' });
  signIn(buyer);
  await setEngineUser(await api.me());
  tools = await newCategory(`Tools ${buyer.user.id}`);
  seeds = await newCategory(`Seeds ${buyer.user.id}`);
});

describe('a shape', () => {
  it('joined, brings its products and only them; refreshed, brings edits, deletions and departures', async () => {
    const mine = await stock(supplier, tools, ['Spade', 'Rake', 'Hoe', 'Trowel']);
    const elsewhere = await stock(supplier, seeds, ['Maize seed']);
    const shape: ShapeName = `category:${tools}`;
    await joinShape(shape, 'interest');
    expect(await pullShape(shape)).toBe('done');
    expect(await held(mine)).toEqual([true, true, true, true]);
    expect(await held(elsewhere)).toEqual([false]);
    const cursor = (await heldShape(shape))?.cursor;
    expect(cursor).toMatch(/^v2\./);

    const [spade, rake, hoe] = mine;
    await t.db.updateTable('products').set({ name: 'Steel spade' }).where('id', '=', spade).execute();
    await t.db.deleteFrom('products').where('id', '=', rake).execute();
    await t.db.updateTable('products').set({ category_id: seeds }).where('id', '=', hoe).execute();
    const [added] = await stock(supplier, tools, ['Sickle']);

    expect(await pullShape(shape)).toBe('done');
    expect((await db.products.get(spade))?.name).toBe('Steel spade');
    expect(await held([rake, hoe, added])).toEqual([false, false, true]);
    expect((await heldShape(shape))?.cursor).not.toBe(cursor);
  });

  it('left, evicts only what no other shape, list or the user holds, and forgets its cursor', async () => {
    const ours = await stock(supplier, tools, ['Fork', 'Shears', 'Axe']);
    const theirs = await stock(seller, tools, ['Their saw']);
    const theirSeeds = await stock(seller, seeds, ['Their millet']);
    const toolShape: ShapeName = `category:${tools}`;
    const sellerShape: ShapeName = `supplier:${seller.user.id}`;
    for (const shape of [toolShape, sellerShape]) {
      await joinShape(shape, 'list');
      await pullShape(shape);
    }
    expect(await held([...ours, ...theirs, ...theirSeeds])).toEqual([true, true, true, true, true]);
    // The user favourites the fork: group 1 keeps it whatever the shapes.
    expect(await toggleFavorite(await api.product(ours[0]))).toBe('added');

    expect(await leaveShape(toolShape)).toBe(2);
    expect(await heldShape(toolShape)).toBeNull();
    // The favourite stays, the seller's products stay with the seller's shape, the rest went.
    expect(await held([...ours, ...theirs, ...theirSeeds])).toEqual([true, false, false, true, true]);

    await leaveShape(sellerShape);
    expect(await held([...ours, ...theirs, ...theirSeeds])).toEqual([true, false, false, false, false]);
    expect(await heldShapes()).toEqual([]);
  });

  it('a product that left one shape for another the device follows stays, with its new category', async () => {
    const [moving] = await stock(supplier, tools, ['Wheelbarrow']);
    for (const shape of [`category:${tools}`, `category:${seeds}`] as ShapeName[]) {
      await joinShape(shape, 'list');
      await pullShape(shape);
    }
    await t.db.updateTable('products').set({ category_id: seeds }).where('id', '=', moving).execute();
    // The new shape brings it first; the old one's departure then leaves it to its new holder.
    await pullShape(`category:${seeds}`);
    await pullShape(`category:${tools}`);
    expect((await db.products.get(moving))?.category_id).toBe(seeds);
  });

  it('a shape away longer than deletions are remembered starts over, and what the server no longer sends goes', async () => {
    const [kept, deleted] = await stock(supplier, tools, ['Kept tool', 'Deleted tool']);
    const shape: ShapeName = `category:${tools}`;
    await joinShape(shape, 'interest');
    await pullShape(shape);
    await t.db.deleteFrom('products').where('id', '=', deleted).execute();
    // The deletion was remembered 90 days, and then forgotten.
    await t.db
      .updateTable('tombstones')
      .set({ deleted_at: new Date(Date.now() - 91 * 86_400_000) })
      .where('row_id', '=', deleted)
      .execute();
    const { pruneTombstones } = await import('@server/sync/tombstones');
    await pruneTombstones(t.db);
    expect(await pullShape(shape)).toBe('done');
    expect(await held([kept, deleted])).toEqual([true, false]);
  });

  it('the server refuses a shape whose category was deleted: the device leaves it', async () => {
    const [lonely] = await stock(supplier, tools, ['Lonely tool']);
    const shape: ShapeName = `category:${tools}`;
    await joinShape(shape, 'interest');
    await pullShape(shape);
    expect(await held([lonely])).toEqual([true]);
    await t.db.deleteFrom('categories').where('id', '=', tools).execute();
    expect(await pullShape(shape)).toBe('left');
    expect(await heldShape(shape)).toBeNull();
    expect(await held([lonely])).toEqual([false]);
  });
});

describe('the working set follows its shapes', () => {
  it('interests and the category lists opened become shapes; dropping them leaves the shapes', async () => {
    await stock(supplier, tools, ['Chisel', 'Mallet']);
    await stock(seller, seeds, ['Sorghum seed']);
    // A catalogue larger than the budget: the device holds a working set, not a mirror.
    await insertProducts(
      t,
      supplier.user.id,
      Array.from({ length: 120 }, (_, i) => ({ name: `Filler ${i}` })),
    );
    await setBudget(0.1);
    await ensureList({ supplier: seller.user.id, pageSize: 10 }, 1);
    const options = { keepGoing: () => true, saveData: false, interests: new Set([tools]) };
    await replicateCatalogue(options);
    const names = (await heldShapes()).map((s) => [s.name, s.value.reason, s.value.state]);
    expect(names.sort()).toEqual([
      [`category:${tools}`, 'interest', 'done'],
      [`supplier:${seller.user.id}`, 'list', 'done'],
    ]);
    const toolIds = await t.db.selectFrom('products').select('id').where('category_id', '=', tools).execute();
    const ids = await heldIds();
    expect(toolIds.every((p) => ids.has(p.id))).toBe(true);

    // The interest is dropped and the seller's list evicted: both shapes go.
    await db.lists.clear();
    await replicateCatalogue({ ...options, interests: new Set() });
    expect(await heldShapes()).toEqual([]);

    // Save-Data keeps the categories of interest, not the lists.
    await ensureList({ supplier: seller.user.id, pageSize: 10 }, 1);
    await replicateCatalogue(options);
    expect((await heldShapes()).length).toBe(2);
    await replicateCatalogue({ ...options, saveData: true });
    expect((await heldShapes()).map((s) => s.name)).toEqual([`category:${tools}`]);
  });

  describe('a shape pulled whole', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('is asked for its news at most every few minutes, not at every sync cycle', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      await insertProducts(
        t,
        supplier.user.id,
        Array.from({ length: 120 }, (_, i) => ({ name: `Filler ${i}` })),
      );
      await setBudget(0.1);
      const options = { keepGoing: () => true, saveData: false, interests: new Set([tools]) };
      await replicateCatalogue(options);
      expect((await heldShape(`category:${tools}`))?.value.state).toBe('done');

      const [late] = await stock(supplier, tools, ['Spirit level']);
      await replicateCatalogue(options);
      expect(await held([late])).toEqual([false]);

      vi.setSystemTime(Date.now() + SHAPE_REFRESH_MS + 1000);
      await replicateCatalogue(options);
      expect(await held([late])).toEqual([true]);
    });
  });
});
