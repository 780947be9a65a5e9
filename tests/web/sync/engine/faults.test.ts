import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { db } from '@/db/db';
import { api, setRequestTimeout } from '@/sync/api/client';
import { setTroubleTiming } from '@/sync/api/health';
import { sessionIsOf, sessionOwner } from '@/sync/session/identity';
import { setEngineUser } from '@/sync/engine';
import {
  answerOffer,
  editReview,
  moveOrder,
  placeOrder,
  sendMessage,
  sendOffer,
  submitReview,
  toggleFavorite,
} from '@/sync/outbox/intents';
import { pullStream } from '@/sync/pull/streams';
import { pushOutbox, recoverInterrupted } from '@/sync/outbox/send';
import type { Product } from '@/shared/catalogue';
import { ACCESS_TOKEN_KEY } from '@/sync/session/tokens';
import { createUser, startTestApp, type TestApp, type TestUser } from '@tests/server/helpers';
import { createProduct } from '@tests/server/fixtures/catalogue';
import { connectDevice, pullUntil, resetDevice, signIn, type Network } from './device';

/**
 * Property test over schedules (docs/sync.md#tested-by): random user actions interleaved with the network
 * going away and coming back, 5xx answers and bursts of them, answers lost after the server
 * committed (token refreshes too), an expired access token, the tab reloading mid-send, a
 * message lane whose request hangs while the others go on, another tab signing in as another
 * buyer and back (also in the middle of a send), a post whose answer dies with the tab, and
 * offers withdrawn and Buy now orders cancelled while they may be on their way. Afterwards the
 * server and the device agree with what the user did: nothing lost, nothing made twice,
 * nothing under the other buyer, nothing the user undid left live, nothing pending.
 * `npm test` runs 200 schedules; `npm run test:faults` runs FAULT_RUNS (1,000).
 */
const RUNS = Number(process.env.FAULT_RUNS ?? 200);
// One seed unless told otherwise (FAULT_SEED=<n>, or FAULT_SEED=random), so a CI run is repeatable;
// a schedule once found failing is kept below and replayed every time.
const SEED = process.env.FAULT_SEED === 'random' ? undefined : Number(process.env.FAULT_SEED ?? 20261125);

type Action =
  | { kind: 'favorite'; product: number }
  | { kind: 'review'; product: number; rating: number }
  | { kind: 'edit'; product: number; text: string }
  | { kind: 'message'; text: string }
  | { kind: 'offer'; direction: 'lower' | 'higher' }
  | { kind: 'offline' }
  | { kind: 'online' }
  | { kind: 'fail'; count: number }
  | { kind: 'lose'; count: number }
  | { kind: 'expire' }
  | { kind: 'reload' }
  | { kind: 'sync' }
  | { kind: 'hang' }
  | { kind: 'switch' }
  | { kind: 'back' }
  | { kind: 'lostRefresh' }
  | { kind: 'burst'; count: number }
  | { kind: 'withdraw'; racing: boolean }
  | { kind: 'order'; product: number }
  | { kind: 'cancel'; racing: boolean }
  | { kind: 'crashPost' }
  | { kind: 'switchMidSend' };

const PRODUCTS = 3;
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('favorite' as const), product: fc.nat(PRODUCTS - 1) }),
  fc.record({ kind: fc.constant('review' as const), product: fc.nat(PRODUCTS - 1), rating: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ kind: fc.constant('edit' as const), product: fc.nat(PRODUCTS - 1), text: fc.string({ maxLength: 12 }) }),
  fc.record({ kind: fc.constant('message' as const), text: fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim().length > 0) }),
  fc.record({ kind: fc.constant('offer' as const), direction: fc.constantFrom('lower' as const, 'higher' as const) }),
  fc.constant({ kind: 'offline' as const }),
  fc.constant({ kind: 'online' as const }),
  fc.record({ kind: fc.constant('fail' as const), count: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('lose' as const), count: fc.integer({ min: 1, max: 2 }) }),
  fc.constant({ kind: 'expire' as const }),
  fc.constant({ kind: 'reload' as const }),
  fc.constant({ kind: 'sync' as const }),
  fc.constant({ kind: 'sync' as const }),
  fc.constant({ kind: 'hang' as const }),
  fc.constant({ kind: 'switch' as const }),
  fc.constant({ kind: 'back' as const }),
  fc.constant({ kind: 'lostRefresh' as const }),
  fc.record({ kind: fc.constant('burst' as const), count: fc.integer({ min: 4, max: 12 }) }),
  fc.record({ kind: fc.constant('withdraw' as const), racing: fc.boolean() }),
  fc.record({ kind: fc.constant('order' as const), product: fc.nat(PRODUCTS - 1) }),
  fc.record({ kind: fc.constant('cancel' as const), racing: fc.boolean() }),
  fc.constant({ kind: 'crashPost' as const }),
  fc.constant({ kind: 'switchMidSend' as const }),
);

/** A message post that gets no answer gives up after this long (the app's timeout, shortened). */
const HANG_MS = 300;

let t: TestApp;
let net: Network;
let supplier: TestUser;
let products: Product[];

beforeAll(async () => {
  t = await startTestApp();
  net = connectDevice(t);
  supplier = await createUser(t, { type: 'SUPPLIER' });
  setTroubleTiming(20, 80);
  products = [];
  for (let i = 0; i < PRODUCTS; i += 1)
    products.push(await api.product((await createProduct(t, supplier, { name: `Fault ${i}`, min_price: `${10 + i}.00` })).id));
});
afterAll(async () => {
  setTroubleTiming(2_000, 6_000);
  setRequestTimeout(20_000);
  await t?.close();
});

/** Another tab signs in as `user`: a sign-in of its own, with tokens of its own. */
async function signInAgain(user: TestUser) {
  const tokens = await t.app.tokens.issue(user.user.id);
  signIn({ ...user, token: tokens.access, refresh: tokens.refresh });
}

/** One sync step under the current network, as the engine runs it: failures are its normal life. */
async function syncStep(userId: number) {
  // The engine never pulls under another user's session (this tab shows `userId`).
  const mine = () => sessionIsOf(userId);
  try {
    await pullStream('private', mine);
    await pushOutbox(userId);
    await pullStream('private', mine);
  } catch {
    // Offline or a 5xx: the next step tries again.
  }
}

async function runSchedule(actions: Action[]) {
  await resetDevice();
  Object.assign(net, {
    offline: false,
    hang: false,
    hangMatching: null,
    failNext: 0,
    loseNext: 0,
    loseRefresh: 0,
    crashNext: false,
    crashMatching: null,
  });
  setRequestTimeout(20_000);
  const buyer = await createUser(t, { type: 'BUYER' });
  const other = await createUser(t, { type: 'BUYER' });
  const stuck: Promise<unknown>[] = [];
  signIn(buyer);
  await setEngineUser(await api.me());
  const conversationId = (
    await t.api.post('/api/conversations/', { product: products[0].id, participants: [supplier.user.id] }, { token: buyer.token })
  ).body.id as number;
  await pullUntil('private', async () => (await db.conversations.get(conversationId)) !== undefined);
  const conversation = (await db.conversations.get(conversationId))!;

  // What the user meant, step by step.
  const favorites = new Set<number>();
  const reviews = new Map<number, { rating: number; comment: string }>();
  // Messages and offers in the order sent, by client_id; an offer the user withdrew may or may
  // not have reached the server (taken back before it left), but is never left pending there.
  const messages: Array<{ text: string; price: string | null; clientId: string; withdrawn: boolean }> = [];
  const orders: Array<{ clientId: string; cancelled: boolean }> = [];
  /** The tab starts sending while the user acts: the action below races a request on its way. */
  const sendingBeside = async () => {
    const before = net.log.length;
    stuck.push(pushOutbox(buyer.user.id).catch(() => undefined));
    for (let i = 0; i < 25 && net.log.length === before; i += 1) await new Promise((resolve) => setTimeout(resolve, 2));
  };

  for (const a of actions) {
    switch (a.kind) {
      case 'favorite':
        if ((await toggleFavorite(products[a.product])) === 'added') favorites.add(products[a.product].id);
        else favorites.delete(products[a.product].id);
        break;
      case 'review':
        if (!reviews.has(products[a.product].id)) {
          await submitReview(products[a.product].id, { rating: a.rating, comment: '' });
          reviews.set(products[a.product].id, { rating: a.rating, comment: '' });
        }
        break;
      case 'edit': {
        const mine = await db.reviews
          .where('product')
          .equals(products[a.product].id)
          .filter((r) => r.reviewer.id === buyer.user.id)
          .first();
        if (mine) {
          await editReview(mine, a.text);
          reviews.get(products[a.product].id)!.comment = a.text.trim();
        }
        break;
      }
      case 'message': {
        const sent = await sendMessage(conversationId, { text: a.text });
        messages.push({ text: a.text.trim(), price: null, clientId: sent.client_id as string, withdrawn: false });
        break;
      }
      case 'offer': {
        const sent = await sendOffer(conversation, a.direction);
        messages.push({ text: '', price: sent.price, clientId: sent.client_id as string, withdrawn: false });
        break;
      }
      case 'withdraw': {
        const offer = messages.findLast((m) => m.price !== null && !m.withdrawn);
        if (!offer) break;
        // The screen's copy of the offer, as the user saw it when they tapped.
        const shown = await db.messages.where('client_id').equals(offer.clientId).first();
        if (!shown) break;
        if (a.racing) await sendingBeside();
        await answerOffer(shown, 'withdraw');
        offer.withdrawn = true;
        break;
      }
      case 'order': {
        const id = await placeOrder(products[a.product], 5);
        orders.push({ clientId: (await db.orders.get(id))!.client_id as string, cancelled: false });
        break;
      }
      case 'cancel': {
        const order = orders.findLast((o) => !o.cancelled);
        if (!order) break;
        const shown = await db.orders.where('client_id').equals(order.clientId).first();
        if (!shown) break;
        if (a.racing) await sendingBeside();
        await moveOrder(shown, 'cancel', 'Found it nearer');
        order.cancelled = true;
        break;
      }
      case 'crashPost':
        // The next post reaches the server, then the tab goes away before the answer; a new tab starts.
        net.crashMatching = /^POST /;
        stuck.push(syncStep(buyer.user.id));
        await new Promise((resolve) => setTimeout(resolve, 30));
        net.crashMatching = null;
        stuck.length = 0;
        await recoverInterrupted();
        break;
      case 'switchMidSend':
        // Another tab signs in as the other buyer while this one is sending.
        await sendingBeside();
        await signInAgain(other);
        break;
      case 'offline':
        net.offline = true;
        break;
      case 'online':
        net.offline = false;
        break;
      case 'fail':
        net.failNext = a.count;
        break;
      case 'lose':
        net.loseNext = a.count;
        break;
      case 'expire':
        localStorage.setItem(ACCESS_TOKEN_KEY, 'expired.access.token');
        break;
      case 'reload':
        // The next request reaches the server, then the tab goes away mid-send; a new tab starts.
        net.crashNext = true;
        void syncStep(buyer.user.id);
        await new Promise((resolve) => setTimeout(resolve, 30));
        net.crashNext = false;
        // The old tab's requests die with it (one never settles): its pushes are not waited for.
        stuck.length = 0;
        await recoverInterrupted();
        break;
      case 'sync':
        await syncStep(buyer.user.id);
        break;
      case 'hang':
        // The conversation's next post gets no answer; favourites and reviews go on meanwhile.
        net.hangMatching = /POST \/api\/conversations\/\d+\/messages\//;
        setRequestTimeout(HANG_MS);
        stuck.push(pushOutbox(buyer.user.id).catch(() => undefined));
        await new Promise((resolve) => setTimeout(resolve, 20));
        break;
      case 'switch':
        // Another tab signs in as another buyer: the shared tokens are theirs, this tab still shows the first.
        await signInAgain(other);
        break;
      case 'back':
        await signInAgain(buyer);
        break;
      case 'lostRefresh':
        // The access token expires and the refresh's answer is lost after the server rotated the pair.
        localStorage.setItem(ACCESS_TOKEN_KEY, 'expired.access.token');
        net.loseRefresh = 1;
        break;
      case 'burst':
        net.failNext = a.count;
        break;
    }
  }

  // The hung request gives up, the other tab's session ends and the first buyer's is back.
  net.hangMatching = null;
  await Promise.all(stuck);
  setRequestTimeout(20_000);
  if (sessionOwner() !== buyer.user.id) await signInAgain(buyer);

  // The network heals; time passes (backoffs are due); the engine drains the outbox.
  Object.assign(net, { offline: false, failNext: 0, loseNext: 0, loseRefresh: 0, crashNext: false, crashMatching: null });
  for (let i = 0; i < 10 && (await db.outbox.count()) > 0; i += 1) {
    await db.outbox.toCollection().modify((e) => {
      e.next_at = 0;
    });
    await syncStep(buyer.user.id);
  }
  // The pull also renews an expired access token, which the checks below read.
  await pullStream('private');
  const token = localStorage.getItem(ACCESS_TOKEN_KEY)!;
  const serverMessages = (await t.api.get(`/api/conversations/${conversationId}/messages/?limit=100`, { token })).body.results;
  const localMessages = () =>
    db.messages.where('[conversation+timestamp]').between([conversationId, ''], [conversationId, '\uffff']).toArray();
  await pullUntil('private', async () => (await localMessages()).length === serverMessages.length);

  expect(await db.outbox.toArray()).toEqual([]);
  const serverFavorites = (await t.api.get('/api/favorites/?limit=100', { token })).body.results
    .map((f: { product: { id: number } }) => f.product.id)
    .sort();
  expect(serverFavorites).toEqual([...favorites].sort());
  expect(
    (await db.favorites.toArray())
      .filter((f) => !f.removed)
      .map((f) => f.product_id)
      .sort(),
  ).toEqual([...favorites].sort());
  for (const product of products) {
    const server = (await t.api.get(`/api/products/${product.id}/reviews/?limit=100`)).body.results.filter(
      (r: { reviewer: { id: number } }) => r.reviewer.id === buyer.user.id,
    );
    const wanted = reviews.get(product.id);
    expect(server.map((r: { rating: number; comment: string }) => ({ rating: r.rating, comment: r.comment }))).toEqual(
      wanted ? [wanted] : [],
    );
    const local = await db.reviews
      .where('product')
      .equals(product.id)
      .filter((r) => r.reviewer.id === buyer.user.id)
      .toArray();
    expect(local.map((r) => ({ id: r.id > 0, rating: r.rating, comment: r.comment, pending: r.pending }))).toEqual(
      wanted ? [{ id: true, ...wanted, pending: undefined }] : [],
    );
  }
  // Every message and offer once, in order; an offer withdrawn either never reached the server or is withdrawn there.
  type ServerMessage = {
    id: number;
    text: string;
    price: string | null;
    client_id: string | null;
    event: string | null;
    offer_state: string | null;
  };
  const sent = (serverMessages as ServerMessage[]).filter((m) => m.event === null);
  const reached = new Set(sent.map((m) => m.client_id));
  expect(sent.map((m) => [m.text, m.price])).toEqual(
    messages.filter((m) => !m.withdrawn || reached.has(m.clientId)).map((m) => [m.text, m.price]),
  );
  for (const m of messages.filter((m) => m.price !== null && reached.has(m.clientId))) {
    expect([m.clientId, sent.find((s) => s.client_id === m.clientId)!.offer_state]).toEqual([
      m.clientId,
      m.withdrawn ? 'withdrawn' : 'pending',
    ]);
  }
  // Every Buy now once; a cancelled one never reached the server or is cancelled there.
  const serverOrders = (await t.api.get('/api/orders/?limit=100', { token })).body.results as Array<{
    id: number;
    client_id: string | null;
    status: string;
  }>;
  expect(serverOrders.map((o) => [o.client_id, o.status]).sort()).toEqual(
    orders
      .filter((o) => !o.cancelled || serverOrders.some((s) => s.client_id === o.clientId))
      .map((o) => [o.clientId, o.cancelled ? 'cancelled' : 'requested'])
      .sort(),
  );
  await pullStream('private');
  expect((await db.orders.toArray()).map((o) => [o.id, o.status]).sort()).toEqual(serverOrders.map((o) => [o.id, o.status]).sort());
  // Nothing of the first buyer's reached the other one, whose session the tab held for a while.
  const othersFavorites = (await t.api.get('/api/favorites/?limit=100', { token: other.token })).body.results;
  expect(othersFavorites).toEqual([]);
  const othersConversations = (await t.api.get('/api/conversations/?limit=100', { token: other.token })).body.results;
  expect(othersConversations).toEqual([]);
  expect((await t.api.get('/api/orders/?limit=100', { token: other.token })).body.results).toEqual([]);
  for (const product of products) {
    const byOther = (await t.api.get(`/api/products/${product.id}/reviews/?limit=100`)).body.results.filter(
      (r: { reviewer: { id: number } }) => r.reviewer.id === other.user.id,
    );
    expect(byOther).toEqual([]);
  }
  expect((await localMessages()).map((m) => m.id).sort()).toEqual(serverMessages.map((m: { id: number }) => m.id).sort());
}

it(
  `server and device agree after ${RUNS} random schedules of actions and faults`,
  async () => {
    await fc.assert(fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 14 }), runSchedule), {
      numRuns: RUNS,
      seed: SEED,
      endOnFailure: true,
      // A schedule that never ends fails as itself, named, instead of hanging the run.
      timeout: 60_000,
    });
  },
  20 * 60_000,
);

/**
 * Schedules that once failed (docs/sync.md#tested-by), replayed as they were found and with
 * the actions on the same product and on different ones. Each turns on a race with the
 * request left hanging, so each is played a few times.
 */
const FOUND: Array<{ schedule: (p: [number, number, number]) => Action[] }> = [
  {
    // A favourite sent under the other buyer's session, switched in between the lane's check
    // and the request; an edit aimed at the review's temporary id after its creation was answered
    // (FAULT_SEED=-2010355140, run 148).
    schedule: ([review, favorite, edit]) => [
      { kind: 'review', product: review, rating: 3 },
      { kind: 'hang' },
      { kind: 'offline' },
      { kind: 'favorite', product: favorite },
      { kind: 'edit', product: edit, text: 'x' },
      { kind: 'switch' },
      { kind: 'online' },
      { kind: 'sync' },
      { kind: 'burst', count: 4 },
    ],
  },
  {
    // A Buy now sent under the other buyer's session, switched in while the order's lane was on
    // its way: the deal calls did not name their user (FAULT_SEED=-2062565183, run 537).
    schedule: ([order]) => [
      { kind: 'message', text: '$<g' },
      { kind: 'order', product: order },
      { kind: 'reload' },
      { kind: 'switchMidSend' },
      { kind: 'switch' },
      { kind: 'hang' },
      { kind: 'offline' },
      { kind: 'message', text: '50|L~e4' },
      { kind: 'message', text: 'X$N~8KQ9FJ' },
      { kind: 'online' },
      { kind: 'offline' },
    ],
  },
  {
    // Lost refresh answers around another tab's sign-in: the test's "other tab" signed back in
    // with the buyer's first tokens, long rotated, which the server rightly took for a stolen
    // refresh token; a tab that signs in gets tokens of its own (FAULT_SEED=965679960, run 560).
    schedule: () => [
      { kind: 'expire' },
      { kind: 'sync' },
      { kind: 'lostRefresh' },
      { kind: 'sync' },
      { kind: 'fail', count: 1 },
      { kind: 'message', text: 'B$R' },
      { kind: 'lose', count: 1 },
      { kind: 'lostRefresh' },
      { kind: 'back' },
      { kind: 'lostRefresh' },
      { kind: 'fail', count: 2 },
    ],
  },
];

it('the schedules that once failed pass', async () => {
  for (const { schedule } of FOUND) {
    for (const products of [
      [0, 0, 0],
      [0, 2, 0],
      [1, 0, 2],
    ] as Array<[number, number, number]>) {
      for (let round = 0; round < 3; round += 1) await runSchedule(schedule(products));
    }
  }
}, 120_000);
