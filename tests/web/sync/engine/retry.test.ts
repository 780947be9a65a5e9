import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/db/db';
import { setEngineUser, setRetryTiming, startEngine, stopEngine } from '@/sync/engine';
import { setTroubleTiming } from '@/sync/api/health';
import { createUser, startTestApp, type TestApp } from '@tests/server/helpers';
import { insertProducts } from '@tests/server/fixtures/catalogue';
import { connectDevice, resetDevice, type Network } from './device';

let t: TestApp;
let net: Network;

beforeAll(async () => {
  t = await startTestApp();
  net = connectDevice(t);
  const supplier = await createUser(t, { type: 'SUPPLIER' });
  await insertProducts(
    t,
    supplier.user.id,
    Array.from({ length: 12 }, (_, i) => ({ name: `Retry ${i}` })),
  );
  setRetryTiming(100, 400);
  setTroubleTiming(100, 400);
});
afterAll(async () => {
  setRetryTiming(10_000, 120_000);
  setTroubleTiming(2_000, 6_000);
  await t?.close();
});
beforeEach(async () => {
  await resetDevice();
  Object.assign(net, { offline: false, hang: false, failNext: 0, failMatching: null, log: [] });
});
afterEach(() => stopEngine());

const serverProducts = async () =>
  Number(
    (
      await t.db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * A guest's engine pulls every 5 minutes; a failure in between must not leave the device
 * without its catalogue until then: the engine tries again soon, waiting longer each time.
 */
describe('retries after a failed pull', () => {
  it('a catalogue page the server failed to answer is fetched again soon, until the whole catalogue is held', async () => {
    const total = await serverProducts();
    expect(total).toBeGreaterThan(0);
    net.failMatching = /collections=products/;
    startEngine();
    await setEngineUser(null);
    await expect.poll(() => db.categories.count()).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await db.products.count()).toBe(0);
    // The server answers again; no timer, tab or network event is due for minutes.
    net.failMatching = null;
    await expect.poll(() => db.products.count(), { timeout: 5_000 }).toBe(total);
  });

  it('a private pull that failed is run again without waiting for the next timer', async () => {
    net.failNext = 2;
    startEngine();
    await setEngineUser(null);
    await expect.poll(() => db.categories.count(), { timeout: 5_000 }).toBeGreaterThan(0);
  });
});
