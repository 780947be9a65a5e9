import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '@/db/db';
import { api, setRequestTimeout } from '@/sync/api/client';
import { isOnline } from '@/sync/api/connectivity';
import { setEngineUser, startEngine, stopEngine } from '@/sync/engine';
import { shellInstalling } from '@/sync/shell';
import { streamKey } from '@/sync/pull/streams';
import { createUser, startTestApp, type TestApp } from '@tests/server/helpers';
import { insertProducts } from '@tests/server/fixtures/catalogue';
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
afterEach(() => {
  stopEngine();
  vi.unstubAllGlobals();
});

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

describe("the browser's online event", () => {
  it('asks the server at once, not at the next probe, and the app is back well before it', async () => {
    setRequestTimeout(200);
    net.hang = true;
    await expect(api.productCount()).rejects.toMatchObject({ status: 0 });
    setRequestTimeout(20_000);
    // This project runs in Node: the page's window and document, as far as the engine listens to them.
    const page = new EventTarget();
    vi.stubGlobal('window', page);
    vi.stubGlobal('document', Object.assign(new EventTarget(), { visibilityState: 'hidden', documentElement: { lang: '' } }));
    startEngine();
    await setEngineUser(null);
    expect(isOnline()).toBe(false);
    net.hang = false;
    const back = Date.now();
    page.dispatchEvent(new Event('online'));
    // The engine's own probe is 10 s away (it started with the engine): back well before it,
    // the event asked. Within a second on a quiet machine; 5 s leaves room for a loaded CI.
    await expect.poll(() => isOnline(), { timeout: 5_000, interval: 50 }).toBe(true);
    expect(Date.now() - back).toBeLessThan(5_000);
  });
});

/** docs/sync.md#quota: on a small disk the catalogue, much larger, must not take the room the app's own files need. */
describe('a first visit, the service worker still installing', () => {
  it("copies the catalogue only once the app's own files are saved", async () => {
    await resetDevice();
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    await insertProducts(
      t,
      supplier.user.id,
      Array.from({ length: 5 }, (_, i) => ({ name: `Shell ${i}` })),
    );
    let installed: () => void = () => undefined;
    shellInstalling(
      new Promise<void>((resolve) => {
        installed = resolve;
      }),
    );
    startEngine();
    await setEngineUser(null);
    // The rest of the first sync goes on: categories arrive, the catalogue waits.
    await expect.poll(() => db.categories.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await db.products.count()).toBe(0);
    expect(await db.syncState.get(streamKey('catalogue'))).toBeUndefined();

    installed();
    await expect.poll(() => db.products.count(), { timeout: 10_000 }).toBe(5);
  });
});
