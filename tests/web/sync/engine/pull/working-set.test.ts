import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/db/db';
import { api } from '@/sync/api/client';
import { setEngineUser } from '@/sync/engine';
import { toggleFavorite } from '@/sync/outbox/intents';
import { replicateCatalogue } from '@/sync/pull/catalogue';
import { streamKey } from '@/sync/pull/streams';
import { guardedWrite } from '@/sync/storage';
import { productLimit, setBudget } from '@/sync/pull/workingSet';
import { ensureList } from '@/sync/pull/lists';
import { CAP_KEY, productsFor, TRIMMED_KEY, type Trimmed } from '@/shared/working-set';
import { createUser, type TestApp, type TestUser } from '@tests/server/helpers';
import { insertProducts } from '@tests/server/fixtures/catalogue';
import { engineSuite, signIn } from '../device';

/** The working set (docs/sync.md#working-set): a budget, priorities, and room kept for the user's own data. */

let t: TestApp;
let supplier: TestUser;
let buyer: TestUser;
/** The catalogue, oldest first. */
let oldest: number;

const suite = engineSuite();
const CATALOGUE = 240;
// About 100 products: less than the catalogue, so it is held as a working set.
const SMALL_BUDGET_MB = 0.15;

beforeAll(async () => {
  ({ t, supplier } = suite);
  const start = Date.now() - CATALOGUE * 60_000;
  await insertProducts(
    t,
    supplier.user.id,
    Array.from({ length: CATALOGUE }, (_, i) => ({ name: `Working ${i}`, created_at: new Date(start + i * 60_000) })),
  );
  oldest = (await t.db.selectFrom('products').select('id').orderBy('created_at', 'asc').executeTakeFirstOrThrow()).id;
});
beforeEach(async () => {
  buyer = await createUser(t, { type: 'BUYER' });
  signIn(buyer);
  await setEngineUser(await api.me());
});
afterEach(() => vi.unstubAllGlobals());

const options = { keepGoing: () => true, saveData: false, interests: new Set<number>() };
const serverCount = async () => Number((await t.api.get('/api/products/?limit=1')).body.count);
const trimmed = async () => (await db.syncState.get(TRIMMED_KEY))?.value as Trimmed | undefined;

/** The browser's storage as a nearly full disk: `left` bytes before the quota. */
function storageWithRoom(left: number): void {
  const quota = 20 * 1024 * 1024;
  vi.stubGlobal('navigator', {
    ...navigator,
    onLine: true,
    storage: { estimate: async () => ({ quota, usage: quota - left }) },
  });
}

describe('the working set', () => {
  it('a catalogue that fits the budget is copied whole, as before', async () => {
    await replicateCatalogue(options);
    expect(await db.products.count()).toBe(await serverCount());
    expect((await db.syncState.get(streamKey('catalogue')))?.value).toBe('done');
  });

  it('a catalogue larger than the budget: the touched products stay, then the home sections, then the newest', async () => {
    await replicateCatalogue(options);
    // The buyer favourites the oldest product, the last one the budget would keep.
    await toggleFavorite(await api.product(oldest));
    await ensureList({ section: 'top-rated', pageSize: 10 }, 1);
    const section = (await db.lists.toArray())[0].ids;

    await setBudget(SMALL_BUDGET_MB);
    const limit = await productLimit();
    expect(limit).toBe(productsFor(SMALL_BUDGET_MB));
    await replicateCatalogue(options);

    const held = await db.products.count();
    expect(held).toBeLessThanOrEqual(limit);
    expect(held).toBeGreaterThan(limit - 5);
    expect(await db.products.get(oldest)).toBeDefined();
    expect((await db.products.bulkGet(section)).every(Boolean)).toBe(true);
    // The rest is the newest: the newest product is held, the second oldest is not.
    const newest = await t.db.selectFrom('products').select('id').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(await db.products.get(newest.id)).toBeDefined();
    expect(await db.products.get(oldest + 1)).toBeUndefined();
    expect((await db.syncState.get(streamKey('catalogue')))?.value).toBe('bounded');
    expect(await trimmed()).toMatchObject({ reason: 'budget', removed: (await serverCount()) - held });
  });

  it('a device holding a working set fills it with the newest products, page by page', async () => {
    await setBudget(SMALL_BUDGET_MB);
    await replicateCatalogue(options);
    const held = await db.products.count();
    expect(held).toBeGreaterThanOrEqual(100);
    expect(held).toBeLessThanOrEqual(await productLimit());
    // No catalogue stream: nothing was ever mirrored, so nothing needed evicting.
    expect((await db.syncState.get(streamKey('catalogue')))?.cursor ?? null).toBeNull();
  });

  it('Save-Data keeps only what the user touched and the home sections', async () => {
    await replicateCatalogue(options);
    await toggleFavorite(await api.product(oldest));
    await replicateCatalogue({ ...options, saveData: true });
    expect(await db.products.count()).toBe(1);
    expect(await trimmed()).toMatchObject({ reason: 'save-data' });
  });

  it('the catalogue stops short of the room kept for the user, and what it stopped is said', async () => {
    storageWithRoom(1024 * 1024);
    await replicateCatalogue(options);
    expect(await db.products.count()).toBe(0);
    expect((await db.syncState.get(CAP_KEY))?.value).toBe(0);
    // The user's own data still saves.
    expect(await toggleFavorite(await api.product(oldest))).toBe('added');
  });

  it('a catalogue write refused for lack of room: the catalogue frees the room kept for the user and stays below it', async () => {
    // A working set of about 200 products, filled 100 at a time: the second page is refused.
    await setBudget(0.3);
    const quota = 20 * 1024 * 1024;
    // Counted in products, not requests: a page is written in several requests.
    let written = 0;
    const bulkPut = db.products.bulkPut.bind(db.products);
    vi.spyOn(db.products, 'bulkPut').mockImplementation((...args: Parameters<typeof bulkPut>) => {
      written += (args[0] as unknown[]).length;
      if (written > 100) return Promise.reject(new DOMException('full', 'QuotaExceededError')) as never;
      return bulkPut(...args);
    });
    // Chromium's estimate() answers a fixed 10 GiB: only the refusal shows where the quota is.
    vi.stubGlobal('navigator', { ...navigator, storage: { estimate: async () => ({ quota: 10 * 1024 ** 3, usage: quota }) } });
    await replicateCatalogue(options);
    vi.mocked(db.products.bulkPut).mockRestore();

    // Enough went to free the 4 MB kept for the user, at the 200 KB a product took here.
    const held = await db.products.count();
    expect(held).toBe(75);
    expect((await db.syncState.get(CAP_KEY))?.value).toBe(held);
    expect((await db.syncState.get(streamKey('catalogue')))?.value).toBe('bounded');
    expect(await trimmed()).toMatchObject({ reason: 'quota' });
    // The next run stays within the cap.
    await replicateCatalogue(options);
    expect(await db.products.count()).toBe(held);
  });

  it('a refusal that came only well past the quota: the catalogue goes on trimming until a write goes through', async () => {
    // Chromium can accept writes past its quota before refusing one: here the quota holds 120
    // products of 200 KB, and the copy is refused only at 200.
    const perProduct = 200 * 1024;
    const quota = 120 * perProduct;
    const usage = async () => (await db.products.count()) * perProduct;
    vi.stubGlobal('navigator', { ...navigator, storage: { estimate: async () => ({ quota: 10 * 1024 ** 3, usage: await usage() }) } });
    // A working set of about 230 products, filled 100 at a time: the third page is refused.
    await setBudget(0.34);
    let written = 0;
    let noticed = false;
    const bulkPut = db.products.bulkPut.bind(db.products);
    vi.spyOn(db.products, 'bulkPut').mockImplementation((...args: Parameters<typeof bulkPut>) => {
      written += (args[0] as unknown[]).length;
      noticed ||= written > 200;
      if (noticed) return Promise.reject(new DOMException('full', 'QuotaExceededError')) as never;
      return bulkPut(...args);
    });
    // From then on, while past the real quota, every other write is refused too; deletes are not.
    const put = db.syncState.put.bind(db.syncState);
    vi.spyOn(db.syncState, 'put').mockImplementation(((...args: Parameters<typeof put>) =>
      usage().then((used) =>
        noticed && used > quota ? Promise.reject(new DOMException('full', 'QuotaExceededError')) : put(...args),
      )) as never);
    await replicateCatalogue(options);
    vi.mocked(db.products.bulkPut).mockRestore();
    vi.mocked(db.syncState.put).mockRestore();

    // Once was not enough (200 → 150 still past the quota); the second round got under it.
    const held = await db.products.count();
    expect(held * perProduct).toBeLessThan(quota);
    expect(held).toBeGreaterThan(90);
    expect((await db.syncState.get(CAP_KEY))?.value).toBe(held);
    expect(await trimmed()).toMatchObject({ reason: 'quota', removed: 200 - held, kept: held });
    // The user's own data saves.
    expect(await toggleFavorite(await api.product(oldest))).toBe('added');
  });

  it('a full disk at a favourite: the catalogue makes room and the favourite is saved', async () => {
    await replicateCatalogue(options);
    let refused = false;
    const saved = await guardedWrite('your favourite', async () => {
      if (!refused) {
        refused = true;
        throw new DOMException('full', 'QuotaExceededError');
      }
      return 'saved';
    });
    expect(saved).toBe('saved');
    // Without a storage estimate, a tenth of the catalogue goes; the rest stays for offline use.
    const held = await db.products.count();
    expect(held).toBe(Math.floor((await serverCount()) * 0.9));
    expect(await trimmed()).toMatchObject({ reason: 'quota', removed: (await serverCount()) - held });
    expect((await db.syncState.get(CAP_KEY))?.value).toBe(held);
  });

  it('a write refused while the catalogue is being trimmed for another: one trim makes room for both', async () => {
    await replicateCatalogue(options);
    const refusedOnce = () => {
      let refused = false;
      return async () => {
        if (!refused) {
          refused = true;
          throw new DOMException('full', 'QuotaExceededError');
        }
        return 'saved';
      };
    };
    // The message is refused as the favourite's trim deletes its first products.
    let message: Promise<string> | null = null;
    const bulkDelete = db.products.bulkDelete.bind(db.products);
    vi.spyOn(db.products, 'bulkDelete').mockImplementation((keys) => {
      message ??= guardedWrite('your message', refusedOnce());
      return bulkDelete(keys);
    });
    const favourite = await guardedWrite('your favourite', refusedOnce());
    expect(favourite).toBe('saved');
    expect(await message).toBe('saved');
    vi.mocked(db.products.bulkDelete).mockRestore();
    expect(await db.products.count()).toBe(Math.floor((await serverCount()) * 0.9));
  });
});
