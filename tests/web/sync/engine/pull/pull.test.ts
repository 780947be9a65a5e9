import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/db/db';
import { pullPage, pullStream, cursorOf } from '@/sync/pull/streams';
import { claimDevice, clearPrivateData } from '@/sync/session/deviceUser';
import { ensureList, ensureProduct } from '@/sync/pull/lists';
import { api, setRequestTimeout } from '@/sync/api/client';
import { isOnline } from '@/sync/api/connectivity';
import { createUser, startTestApp, type TestApp, type TestUser } from '@tests/server/helpers';
import { createProduct, insertProducts } from '@tests/server/fixtures/catalogue';
import { connectDevice, resetDevice, signIn, type Network } from '../device';

let t: TestApp;
let net: Network;
let supplier: TestUser;
let buyer: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  net = connectDevice(t);
  supplier = await createUser(t, { type: 'SUPPLIER' });
  buyer = await createUser(t, { type: 'BUYER' });
  other = await createUser(t, { type: 'BUYER' });
  await insertProducts(
    t,
    supplier.user.id,
    Array.from({ length: 25 }, (_, i) => ({ name: `Bulk ${i}` })),
  );
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await resetDevice();
  net.offline = false;
  net.hang = false;
});

const serverProductCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('first sync and delta sync', () => {
  it('a guest device receives the whole catalogue page by page, committing the cursor with each page', async () => {
    await claimDevice(null);
    expect(await pullPage('catalogue', undefined, 10)).toBe(true);
    expect(await db.products.count()).toBe(10);
    const afterFirst = await cursorOf('catalogue');
    expect(afterFirst).toEqual(expect.stringMatching(/./));
    await pullStream('catalogue', undefined, 10);
    expect(await db.products.count()).toBe(await serverProductCount());
    await pullStream('private');
    expect(await db.categories.count()).toBeGreaterThan(0);
    // The private stream of a guest never carries products, the catalogue stream nothing else.
    expect(await db.favorites.count()).toBe(0);
  });

  it('a page that fails while the one before is being written leaves that one saved, and the next pull resumes after it', async () => {
    await claimDevice(null);
    // Every page after the first fails: the engine asks for it while it writes the first.
    net.failMatching = /since=/;
    await expect(pullStream('catalogue', undefined, 10)).rejects.toThrow();
    expect(await db.products.count()).toBe(10);
    const saved = await cursorOf('catalogue');
    expect(saved).toEqual(expect.stringMatching(/./));

    net.failMatching = null;
    net.log.length = 0;
    await pullStream('catalogue', undefined, 10);
    expect(await db.products.count()).toBe(await serverProductCount());
    expect(net.log.length).toBe(Math.ceil(((await serverProductCount()) - 10) / 10));
  });

  it('a later pull brings only what changed: new products, edits and deletions', async () => {
    await claimDevice(null);
    await pullStream('catalogue');
    const before = await db.products.count();
    const created = await createProduct(t, supplier, { name: 'Fresh Hibiscus' });
    await t.db.updateTable('products').set({ name: 'Bulk renamed' }).where('name', '=', 'Bulk 3').execute();
    const gone = await t.db.selectFrom('products').select('id').where('name', '=', 'Bulk 4').executeTakeFirstOrThrow();
    await t.db.deleteFrom('products').where('id', '=', gone.id).execute();
    net.log.length = 0;
    await pullStream('catalogue');
    expect(net.log).toEqual(['GET /api/sync/']);
    expect(await db.products.count()).toBe(before);
    expect((await db.products.get(created.id))?.name).toBe('Fresh Hibiscus');
    expect(await db.products.get(gone.id)).toBeUndefined();
    expect((await db.products.toArray()).some((p) => p.name === 'Bulk renamed')).toBe(true);
  });

  it('an empty delta pull is one small answer', async () => {
    await pullStream('catalogue');
    const answer = await api.sync({ since: await cursorOf('catalogue'), collections: ['products'] });
    expect(answer.changes).toEqual({});
    expect(JSON.stringify(answer).length).toBeLessThan(1024);
  });

  it('a cursor the server cannot continue from drops the local copy and starts over', async () => {
    await pullStream('catalogue');
    await db.products.put({ ...(await db.products.toCollection().first())!, id: 999_999, name: 'Ghost' });
    await db.syncState.put({ key: 'stream:catalogue', cursor: 'v1.999999999.0' });
    await pullStream('catalogue');
    expect(await db.products.get(999_999)).toBeUndefined();
    expect(await db.products.count()).toBe(await serverProductCount());
  });
});

describe('the signed-in user', () => {
  it('gets their own favourites in the private stream; another user signing in clears them', async () => {
    const product = await createProduct(t, supplier, { name: 'Cashew Nuts' });
    expect((await t.api.post('/api/favorites/', { product: product.id }, { token: buyer.token })).status).toBe(201);
    await claimDevice(buyer.user.id);
    signIn(buyer);
    await pullStream('private');
    expect((await db.favorites.toArray()).map((f) => f.product_id)).toContain(product.id);
    // The favourite's product is held even before the catalogue is replicated.
    expect((await db.products.get(product.id))?.name).toBe('Cashew Nuts');

    await claimDevice(other.user.id);
    signIn(other);
    expect(await db.favorites.count()).toBe(0);
    await pullStream('private');
    expect(await db.favorites.count()).toBe(0);
  });

  it('signing out clears private data and the private cursor, and keeps the catalogue', async () => {
    await claimDevice(buyer.user.id);
    signIn(buyer);
    await pullStream('private');
    await pullStream('catalogue');
    await clearPrivateData();
    expect(await db.favorites.count()).toBe(0);
    expect(await cursorOf('private')).toBeNull();
    expect(await db.products.count()).toBeGreaterThan(0);
  });
});

describe('on-demand pages', () => {
  it('a screen asking for a list gets that page into the device, in the server order', async () => {
    await ensureList({ section: 'new-arrivals', pageSize: 5 }, 1);
    const list = await db.lists.toCollection().first();
    expect(list?.ids).toHaveLength(5);
    expect(list?.count).toBe(await serverProductCount());
    expect((await db.products.bulkGet(list!.ids)).every(Boolean)).toBe(true);
    await ensureList({ section: 'new-arrivals', pageSize: 5 }, 2);
    expect((await db.lists.toCollection().first())?.ids).toHaveLength(10);
  });

  it('a product that does not exist is reported missing', async () => {
    expect(await ensureProduct(987_654)).toBe('missing');
  });
});

describe('connectivity', () => {
  it('a request that hangs while the browser claims to be online puts the app offline; an answer brings it back', async () => {
    setRequestTimeout(200);
    net.hang = true;
    await expect(api.productCount()).rejects.toMatchObject({ status: 0 });
    expect(isOnline()).toBe(false);
    net.hang = false;
    await api.health();
    expect(isOnline()).toBe(true);
    setRequestTimeout(20_000);
  });
});
