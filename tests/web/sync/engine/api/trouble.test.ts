import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/db/db';
import { api } from '@/sync/api/client';
import { setEngineUser, startEngine, stopEngine } from '@/sync/engine';
import { isTroubled, setTroubleTiming } from '@/sync/api/health';
import { toggleFavorite } from '@/sync/outbox/intents';
import { createUser, startTestApp, type TestApp, type TestUser } from '@tests/server/helpers';
import { createProduct } from '@tests/server/fixtures/catalogue';
import { connectDevice, resetDevice, signIn, type Network } from '../device';

/**
 * A server that answers 5xx or 429 is not offline: the engine must not hammer it, and what the
 * user did while it was in trouble goes out as soon as it answers again. The waits run at a
 * tenth of the app's (200 ms to 800 ms instead of 2 s to 8 s), so a one-minute outage is 6 s here.
 */

let t: TestApp;
let net: Network;
let supplier: TestUser;
let buyer: TestUser;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  t = await startTestApp();
  net = connectDevice(t);
  supplier = await createUser(t, { type: 'SUPPLIER' });
});
afterAll(async () => {
  setTroubleTiming(2_000, 6_000);
  await t?.close();
});
beforeEach(async () => {
  await resetDevice();
  setTroubleTiming(200, 800);
  Object.assign(net, { offline: false, hang: false, failNext: 0, failMatching: null, failStatus: 503, retryAfter: null, loseNext: 0 });
  buyer = await createUser(t, { type: 'BUYER' });
  signIn(buyer);
  startEngine();
  await setEngineUser(await api.me());
  await expect.poll(() => db.syncState.get('stream:private'), { timeout: 5_000 }).toBeTruthy();
});
afterEach(() => stopEngine());

const serverFavorites = async () =>
  (await t.api.get('/api/favorites/', { token: buyer.token })).body.results.map((f: { product: { id: number } }) => f.product.id);
const productOf = async (name: string) => api.product((await createProduct(t, supplier, { name })).id);

describe('a server in trouble', () => {
  it('is asked at most a few times during an outage, and what waits goes out soon after it recovers', async () => {
    const product = await productOf('Outage Shea');
    net.failMatching = /./;
    net.failStatus = 500;
    net.tried = 0;
    await toggleFavorite(product);
    await sleep(6_000);
    expect(isTroubled()).toBe(true);
    // One request every few (here: tenths of) seconds at most, pull and push together.
    expect(net.tried).toBeLessThanOrEqual(30);
    expect(await db.outbox.count()).toBe(1);

    net.failMatching = null;
    const recovered = Date.now();
    await expect.poll(serverFavorites, { timeout: 2_000, interval: 50 }).toEqual([product.id]);
    console.info(`outage of 6 s (scaled): ${net.tried} requests; drained ${Date.now() - recovered} ms after recovery`);
    await expect.poll(() => db.outbox.count()).toBe(0);
    expect(isTroubled()).toBe(false);
  });

  it("honours the server's Retry-After, pull and push alike", async () => {
    const product = await productOf('Retry After');
    net.failNext = 1;
    net.failStatus = 429;
    net.retryAfter = '2';
    await expect(api.health()).rejects.toMatchObject({ status: 429 });
    net.tried = 0;
    await toggleFavorite(product);
    await sleep(1_500);
    expect(net.tried).toBe(0);
    await expect.poll(serverFavorites, { timeout: 3_000, interval: 50 }).toEqual([product.id]);
  });

  it('any normal answer ends the wait at once', async () => {
    setTroubleTiming(20_000, 20_000);
    const product = await productOf('Cut Short');
    // Every request fails from here, and none sent before is still out: a pull answered normally
    // after the 503 would end the trouble itself, before the call this test makes.
    net.failMatching = /./;
    await expect.poll(() => net.inFlight ?? 0, { timeout: 5_000 }).toBe(0);
    await expect(api.health()).rejects.toMatchObject({ status: 503 });
    await toggleFavorite(product);
    await sleep(300);
    expect(await serverFavorites()).toEqual([]);
    // A screen's own request (or the health probe) gets an answer: the queue goes now, not in 10-20 s.
    net.failMatching = null;
    await api.health();
    // Well inside the 20 s the wait would have lasted, with room for a loaded machine's slow answers.
    await expect.poll(serverFavorites, { timeout: 5_000, interval: 50 }).toEqual([product.id]);
  });

  it('a favourite waiting out the trouble can be undone, and then nothing is sent', async () => {
    const product = await productOf('Undo Me');
    net.failMatching = /./;
    await toggleFavorite(product);
    await sleep(500);
    expect(await toggleFavorite(product)).toBe('removed');
    expect(await db.outbox.count()).toBe(0);
    net.failMatching = null;
    await api.health();
    await sleep(500);
    expect(await serverFavorites()).toEqual([]);
  });
});
