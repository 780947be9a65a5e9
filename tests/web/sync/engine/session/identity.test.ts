import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/db/db';
import { api } from '@/sync/api/client';
import { setEngineUser, startEngine, stopEngine } from '@/sync/engine';
import { editReview, submitReview, toggleFavorite } from '@/sync/outbox/intents';
import { pushOutbox } from '@/sync/outbox/send';
import { unsentCount } from '@/sync/outbox/queue';
import { revokeSession } from '@/sync/session/revocations';
import { clearTokens } from '@/sync/session/tokens';
import { createUser, type TestApp, type TestUser } from '@tests/server/helpers';
import { createProduct } from '@tests/server/fixtures/catalogue';
import { engineSuite, signIn, type Network } from '../device';

/**
 * One identity: the tokens are shared by every tab, so a tab still showing buyer A may find
 * buyer B's session in storage (B signed in in another tab). A's changes are never sent under
 * B's session, and they stay A's until A signs in again.
 */

let t: TestApp;
let net: Network;
let supplier: TestUser;
let a: TestUser;
let b: TestUser;

const suite = engineSuite();
beforeAll(() => {
  ({ t, net, supplier } = suite);
});
beforeEach(async () => {
  [a, b] = [await createUser(t, { type: 'BUYER' }), await createUser(t, { type: 'BUYER' })];
});
afterEach(() => stopEngine());

const favoritesOf = async (who: TestUser) =>
  (await t.api.get('/api/favorites/', { token: who.token })).body.results.map((f: { product: { id: number } }) => f.product.id);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('one identity', () => {
  it("A's favourite, queued offline, is not sent when B signs in in another tab; it goes when A is back", async () => {
    signIn(a);
    startEngine();
    await setEngineUser(await api.me());
    const product = await api.product((await createProduct(t, supplier, { name: 'Whose Heart' })).id);
    net.offline = true;
    await toggleFavorite(product);

    // Another tab signs in as B: the shared tokens are B's; this tab still shows A, and the network returns.
    signIn(b);
    net.offline = false;
    await api.health();
    await sleep(1_000);
    expect(await favoritesOf(b)).toEqual([]);
    expect(await favoritesOf(a)).toEqual([]);

    // This tab follows B: A's entry stays A's, unsent, and is not B's to count.
    await setEngineUser(await api.me());
    await sleep(500);
    expect(await favoritesOf(b)).toEqual([]);
    expect((await db.outbox.toArray()).map((e) => [e.kind, e.user_id])).toEqual([['favorite.add', a.user.id]]);
    expect(await unsentCount(b.user.id)).toBe(0);
    expect(await unsentCount(a.user.id)).toBe(1);

    // A signs in again on this device: the favourite goes out, as A.
    signIn(a);
    await setEngineUser(await api.me());
    await expect.poll(() => favoritesOf(a), { timeout: 5_000 }).toEqual([product.id]);
    expect(await favoritesOf(b)).toEqual([]);
  });

  it('a sign-out while offline revokes the session on the server once the network returns', async () => {
    signIn(a);
    startEngine();
    await setEngineUser(await api.me());
    net.offline = true;
    clearTokens();
    await revokeSession(a.refresh);
    await setEngineUser(null);
    const refreshWorks = async () => (await t.api.post('/api/auth/token/refresh/', { refresh: a.refresh })).status;
    expect(localStorage.getItem('pending_revocations')).toContain(a.refresh);
    net.offline = false;
    await api.health();
    await expect.poll(() => localStorage.getItem('pending_revocations'), { timeout: 5_000 }).toBeNull();
    expect(await refreshWorks()).toBe(401);
  });

  it("a switch to B in the instant between the check and the request never sends A's favourite as B", async () => {
    signIn(a);
    await setEngineUser(await api.me());
    const product = await api.product((await createProduct(t, supplier, { name: 'Instant Heart' })).id);
    await toggleFavorite(product);
    // Another tab signs in as B right when this tab marks the entry "sending" (after its session check).
    let switched = false;
    const switchOnSend = (changes: { state?: string }) => {
      if (changes.state === 'sending' && !switched) {
        switched = true;
        signIn(b);
      }
    };
    db.outbox.hook('updating', switchOnSend);
    try {
      await pushOutbox(a.user.id);
    } finally {
      db.outbox.hook('updating').unsubscribe(switchOnSend);
    }
    expect(switched).toBe(true);
    expect(await favoritesOf(b)).toEqual([]);
    expect((await db.outbox.toArray()).map((e) => [e.kind, e.state, e.user_id])).toEqual([['favorite.add', 'pending', a.user.id]]);

    signIn(a);
    await pushOutbox(a.user.id);
    expect(await favoritesOf(a)).toEqual([product.id]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('an edit made on the review as the screen showed it before its creation was answered reaches that review', async () => {
    signIn(a);
    await setEngineUser(await api.me());
    const product = await api.product((await createProduct(t, supplier, { name: 'Edited Twice' })).id);
    const shown = await submitReview(product.id, { rating: 4, comment: 'Good' });
    await pushOutbox(a.user.id);
    // The screen still holds the row under its temporary id.
    await editReview(shown, 'Better than good');
    await pushOutbox(a.user.id);
    expect(await db.outbox.toArray()).toEqual([]);
    const onServer = (await t.api.get(`/api/products/${product.id}/reviews/`)).body.results;
    expect(onServer.map((r: { comment: string }) => r.comment)).toEqual(['Better than good']);
  });
});
