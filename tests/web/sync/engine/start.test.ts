import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/db/db';
import { api, setRequestTimeout } from '@/sync/api/client';
import { isOnline } from '@/sync/api/connectivity';
import { setEngineUser, startEngine, stopEngine } from '@/sync/engine';
import { startTestApp, type TestApp } from '@tests/server/helpers';
import { connectDevice, resetDevice, type Network } from './device';

let t: TestApp;
let net: Network;

beforeAll(async () => {
  t = await startTestApp();
  net = connectDevice(t);
  await resetDevice();
});
afterAll(async () => {
  setRequestTimeout(20_000);
  await t?.close();
});
afterEach(() => stopEngine());

/** The engine loads after the first screen (src/sync/firstVisit.ts): the shell's own requests may have failed before it. */
describe('an engine started after a request found the server unreachable', () => {
  it('asks the server now and then until it answers, then syncs', async () => {
    setRequestTimeout(200);
    net.hang = true;
    await expect(api.productCount()).rejects.toMatchObject({ status: 0 });
    setRequestTimeout(20_000);
    expect(isOnline()).toBe(false);
    net.hang = false;

    startEngine();
    await setEngineUser(null);
    // No request of the app's, no tab or network event is due: only the engine's probe brings it back.
    await expect.poll(() => isOnline(), { timeout: 20_000, interval: 250 }).toBe(true);
    await expect.poll(() => db.categories.count(), { timeout: 10_000 }).toBeGreaterThan(0);
  });
});
