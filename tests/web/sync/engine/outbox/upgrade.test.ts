import Dexie from 'dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/db/db';
import { api } from '@/sync/api/client';
import { setEngineUser } from '@/sync/engine';
import { pushOutbox, recoverInterrupted } from '@/sync/outbox/send';
import { createUser, startTestApp, type TestApp, type TestUser } from '@tests/server/helpers';
import { createProduct } from '@tests/server/fixtures/catalogue';
import { connectDevice, resetDevice, signIn } from '../device';

/**
 * An app update with changes still queued: the database as the previous version left it
 * (schema version 2, entries written by that version's code, one left "sending" by a tab
 * closed mid-send) is opened by this version, which sends every entry once.
 */

let t: TestApp;
let supplier: TestUser;
let buyer: TestUser;

/** The schema on main before this version (version 2, declared in what is now src/db/db.ts), as that code declared it. */
const PREVIOUS_STORES = {
  products: 'id, created_at, flash_deal_ends_at, category_id, supplier_id',
  lists: 'key, fetched_at',
  banners: 'id',
  favorites: 'product_id, id',
  reviews: 'id, product, [product+created_at]',
  conversations: 'id, activity',
  messages: 'id, [conversation+timestamp], client_id',
  notifications: 'id, created_at',
  sellers: 'id',
  rates: 'base',
  recent: 'product_id, viewed_at',
  outbox: '++seq, state, target, client_id',
  syncState: 'key',
};

beforeAll(async () => {
  t = await startTestApp();
  connectDevice(t);
  supplier = await createUser(t, { type: 'SUPPLIER' });
  buyer = await createUser(t, { type: 'BUYER' });
});
afterAll(async () => t?.close());

describe('an app update with changes queued', () => {
  it('finds the entries the previous version queued, and sends each once', async () => {
    await resetDevice();
    const [a, b] = [
      await createProduct(t, supplier, { name: 'Queued Before' }),
      await createProduct(t, supplier, { name: 'Sending Then' }),
    ];
    db.close();
    const previous = new Dexie('marketplace');
    previous.version(1).stores({ categories: 'id, position', counts: 'key' });
    previous.version(2).stores({ counts: null, ...PREVIOUS_STORES });
    await previous.open();
    const entry = { payload: {}, attempts: 1, next_at: 0, created_at: Date.now(), user_id: buyer.user.id };
    await previous.table('syncState').put({ key: 'session', user_id: buyer.user.id });
    await previous.table('outbox').bulkAdd([
      {
        ...entry,
        kind: 'favorite.add',
        target: `product:${a.id}`,
        client_id: crypto.randomUUID(),
        state: 'pending',
        payload: { product: a.id },
      },
      {
        ...entry,
        kind: 'favorite.add',
        target: `product:${b.id}`,
        client_id: crypto.randomUUID(),
        state: 'sending',
        payload: { product: b.id },
      },
    ]);
    previous.close();

    await db.open();
    expect(await db.outbox.count()).toBe(2);
    signIn(buyer);
    await setEngineUser(await api.me());
    await recoverInterrupted();
    await pushOutbox(buyer.user.id);
    expect(await db.outbox.count()).toBe(0);
    const favorites = (await t.api.get('/api/favorites/', { token: buyer.token })).body.results.map(
      (f: { product: { id: number } }) => f.product.id,
    );
    expect(favorites.sort()).toEqual([a.id, b.id].sort());
  });
});
