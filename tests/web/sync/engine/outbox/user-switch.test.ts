import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/db/db';
import { api } from '@/sync/api/client';
import { setEngineUser } from '@/sync/engine';
import { toggleFavorite } from '@/sync/outbox/intents';
import { pushOutbox } from '@/sync/outbox/send';
import { claimDevice } from '@/sync/session/deviceUser';
import { createUser, type TestApp, type TestUser } from '@tests/server/helpers';
import { createProduct } from '@tests/server/fixtures/catalogue';
import { engineSuite, signIn, type Network } from '../device';

/**
 * An answer lands only on its own user's tables (docs/sync.md#outbox): when another account
 * signs in (another tab) while a request of the first is in flight, the answer is not written
 * into the new account's freshly cleared tables. The server has the change; the first user's
 * device data brings it when they sign in again.
 */
let t: TestApp;
let net: Network;
let supplier: TestUser;

const suite = engineSuite();
beforeAll(() => {
  ({ t, net, supplier } = suite);
});

let first: TestUser;
let second: TestUser;
beforeEach(async () => {
  first = await createUser(t, { type: 'BUYER' });
  second = await createUser(t, { type: 'BUYER' });
  signIn(first);
  await setEngineUser(await api.me());
});

describe('an answer that arrives after another account signed in', () => {
  it("is not written into the new account's tables, and the first account's change is kept on the server", async () => {
    const product = await api.product((await createProduct(t, supplier, { name: 'Shared Laptop' })).id);
    expect(await toggleFavorite(product)).toBe('added');
    let release!: () => void;
    net.holdAnswer = { matching: /^POST \/api\/favorites\/$/, until: new Promise((resolve) => (release = resolve)) };
    const sending = pushOutbox(first.user.id);
    await expect.poll(async () => (await t.api.get('/api/favorites/', { token: first.token })).body.count, { timeout: 5_000 }).toBe(1);

    // Another tab signs the second account in: the device's private data becomes theirs.
    await claimDevice(second.user.id);
    release();
    await sending;

    expect(await db.favorites.toArray()).toEqual([]);
    expect(await db.outbox.count()).toBe(0);
    expect((await t.api.get('/api/favorites/', { token: second.token })).body.count).toBe(0);
  });
});
