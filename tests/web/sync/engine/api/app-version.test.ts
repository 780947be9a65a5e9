import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/db/db';
import { APP_VERSION } from '@/shared/app-version';
import { api } from '@/sync/api/client';
import { forgetAppVersions, isAppOutdated } from '@/sync/api/appVersion';
import { setEngineUser, startEngine, stopEngine } from '@/sync/engine';
import { sendMessage, toggleFavorite } from '@/sync/outbox/intents';
import { pullStream } from '@/sync/pull/streams';
import { pushOutbox } from '@/sync/outbox/send';
import { SAMPLE_FILES, createUser, type TestUser } from '@tests/server/helpers';
import { createProduct } from '@tests/server/fixtures/catalogue';
import { engineSuite, signIn } from '../device';

/**
 * A build the server no longer serves (docs/api.md#app-versions): the engine stops sending,
 * keeps every queued change as it was, and the updated app, on the same local database, sends
 * each once. The device states an older version than the server's minimum, as an app installed
 * before a release that raised it does.
 */
const suite = engineSuite();
let buyer: TestUser;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startApp(): Promise<void> {
  startEngine();
  await setEngineUser(await api.me());
}

beforeEach(async () => {
  buyer = await createUser(suite.t, { type: 'BUYER' });
  signIn(buyer);
  await startApp();
  await expect.poll(() => db.syncState.get('stream:private'), { timeout: 5_000 }).toBeTruthy();
});
afterEach(() => stopEngine());

describe('an app below the versions the server serves', () => {
  it('stops sending, keeps its queued changes, and the updated app sends each once', async () => {
    const { t, net, supplier } = suite;
    const product = await api.product((await createProduct(t, supplier, { name: 'Versioned Shea' })).id);
    const opened = await t.api.post(
      '/api/conversations/',
      { product: product.id, participants: [supplier.user.id] },
      { token: buyer.token },
    );
    await pullStream('private');

    net.offline = true;
    await toggleFavorite(product);
    await sendMessage(opened.body.id, { text: 'Kept through the update' });
    const png = new Blob([new Uint8Array(SAMPLE_FILES.png)], { type: 'image/png' });
    await sendMessage(opened.body.id, { text: 'A photo', file: Object.assign(png, { name: 'photo.png' }) });
    await expect.poll(async () => (await db.outbox.toArray()).every((e) => e.state === 'pending')).toBe(true);
    const queued = (await db.outbox.orderBy('seq').toArray()).map(({ seq, kind, client_id, attempts }) => ({
      seq,
      kind,
      client_id,
      attempts,
    }));
    expect(queued).toHaveLength(3);

    // Back online, but the installed build is older than the server's minimum.
    net.appVersion = APP_VERSION - 1;
    net.offline = false;
    // The engine's probe finds the server again (a health check, which an outdated app still gets).
    await expect.poll(isAppOutdated, { timeout: 30_000 }).toBe(true);
    // Whatever was on its way comes back; then nothing more leaves: no pulls, pushes or uploads.
    await expect.poll(async () => (await db.outbox.toArray()).every((e) => e.state === 'pending'), { timeout: 10_000 }).toBe(true);
    const asked = net.log.length;
    await sleep(3_000);
    expect(net.log.slice(asked)).toEqual([]);

    // Every change kept as it was queued: none failed, none dropped, no attempt counted against it.
    const kept = await db.outbox.orderBy('seq').toArray();
    expect(kept.map(({ seq, kind, client_id, attempts }) => ({ seq, kind, client_id, attempts }))).toEqual(queued);
    expect(kept.map((e) => e.state)).toEqual(['pending', 'pending', 'pending']);
    expect((await db.messages.toArray()).filter((m) => m.pending === 'failed')).toEqual([]);
    expect((await t.api.get('/api/favorites/', { token: buyer.token })).body.results).toEqual([]);

    // The same when the outbox's own send is the first to hear it (a reload of the old build).
    stopEngine();
    forgetAppVersions();
    expect(await pushOutbox(buyer.user.id)).toBe(false);
    expect(isAppOutdated()).toBe(true);
    const again = await db.outbox.orderBy('seq').toArray();
    expect(again.map(({ seq, kind, client_id, attempts, state }) => ({ seq, kind, client_id, attempts, state }))).toEqual(
      queued.map((e) => ({ ...e, state: 'pending' })),
    );

    // The update: the page reloads into the new build, which opens the same local database.
    forgetAppVersions();
    net.appVersion = null;
    await startApp();
    await expect.poll(() => db.outbox.count(), { timeout: 30_000 }).toBe(0);
    const favorites = (await t.api.get('/api/favorites/', { token: buyer.token })).body.results;
    expect(favorites.map((f: { product: { id: number } }) => f.product.id)).toEqual([product.id]);
    const messages = (await t.api.get(`/api/conversations/${opened.body.id}/messages/`, { token: buyer.token })).body.results;
    expect(messages.map((m: { text: string }) => m.text).sort()).toEqual(['A photo', 'Kept through the update']);
    expect(messages.find((m: { text: string }) => m.text === 'A photo').image_url).toBeTruthy();
  });
});
