import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/db/db';
import { api } from '@/sync/api/client';
import { setEngineUser } from '@/sync/engine';
import { replicateCatalogue } from '@/sync/pull/catalogue';
import { productLimit, setBudget, trimWorkingSet } from '@/sync/pull/workingSet';
import { createUser, type TestApp, type TestUser } from '@tests/server/helpers';
import { insertProducts } from '@tests/server/fixtures/catalogue';
import { engineSuite, signIn } from '../device';

/** Group 4 of the working set (docs/sync.md#working-set): the newest and the best rated in turn. */

let t: TestApp;
let supplier: TestUser;
/** Old products with the best ratings, best first. */
let bestRated: number[];
let newest: number;

const suite = engineSuite();

beforeAll(async () => {
  ({ t, supplier } = suite);
  const start = Date.now() - 400 * 60_000;
  const old = await insertProducts(
    t,
    supplier.user.id,
    Array.from({ length: 150 }, (_, i) => ({ name: `Rated ${i}`, created_at: new Date(start + i * 60_000) })),
  );
  // The oldest are the best rated: a fill by newest alone would never reach them.
  for (const [i, p] of old.entries()) {
    await t.db
      .updateTable('products')
      .set({ average_rating: 5 - i / 100, reviews_count: 3 })
      .where('id', '=', p.id)
      .execute();
  }
  bestRated = old.slice(0, 10).map((p) => p.id);
  const recent = await insertProducts(
    t,
    supplier.user.id,
    Array.from({ length: 150 }, (_, i) => ({ name: `Fresh ${i}`, created_at: new Date(start + (200 + i) * 60_000) })),
  );
  newest = recent[recent.length - 1].id;
});
beforeEach(async () => {
  const buyer = await createUser(t, { type: 'BUYER' });
  signIn(buyer);
  await setEngineUser(await api.me());
});

describe('the rest of the working set', () => {
  it('is filled with the newest and the best rated in turn', async () => {
    await setBudget(0.15);
    await replicateCatalogue({ keepGoing: () => true, saveData: false, interests: new Set() });
    const held = await db.products.count();
    expect(held).toBeLessThanOrEqual(await productLimit());
    expect(held).toBeGreaterThan(90);
    expect((await db.products.bulkGet([newest, ...bestRated])).every(Boolean)).toBe(true);
  });

  it('is trimmed the same way: the best rated stay beside the newest', async () => {
    await setBudget(1);
    await replicateCatalogue({ keepGoing: () => true, saveData: false, interests: new Set() });
    expect(await db.products.count()).toBeGreaterThanOrEqual(300);
    await trimWorkingSet(40, 'budget');
    expect(await db.products.count()).toBe(40);
    expect((await db.products.bulkGet([newest, ...bestRated])).every(Boolean)).toBe(true);
  });
});
