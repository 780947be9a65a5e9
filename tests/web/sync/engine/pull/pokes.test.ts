import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/db/db';
import { api } from '@/sync/api/client';
import { requestPull, setEngineUser, setPollTiming, startEngine, stopEngine, watchConversation } from '@/sync/engine';
import { liveConnected, setLiveTiming } from '@/sync/pull/pokes';
import { COUNTS_REFRESH_MS, CHAT_POLL_MS } from '@/shared/constants';
import { createUser, type TestUser } from '@tests/server/helpers';
import { createProduct } from '@tests/server/fixtures/catalogue';
import { engineSuite, signIn } from '../device';

/**
 * The poke stream instead of the polls (docs/sync.md): while GET /api/events/ is up, neither
 * the counts' poll nor the open chat's runs, and a message from the other side arrives by a
 * poke; when the stream is refused, opens but stays silent (a buffering proxy) or is cut, the
 * polls take over until it is back. The polls are shortened here (300 ms and 100 ms) so that
 * a second of quiet says what a minute would.
 */
const suite = engineSuite();
let buyer: TestUser;
let conversation: number;

/** How the device's event streams fare: passed through (and cuttable), or opened and then silent. */
let eventsMode: 'pass' | 'silent' = 'pass';
const cuts: Array<() => void> = [];

beforeAll(async () => {
  setPollTiming(300, 100);
  setLiveTiming({ firstRetryMs: 50, healthyMs: 300 });
  const deviceFetch = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!String(input).endsWith('/api/events/')) return deviceFetch(input, init);
    if (eventsMode === 'silent')
      return new Response(new ReadableStream(), { status: 200, headers: { 'content-type': 'text/event-stream' } });
    const response = await deviceFetch(input, init);
    if (!response.body) return response;
    const reader = response.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      start: (controller) =>
        void cuts.push(() => {
          controller.error(new TypeError('network changed'));
          void reader.cancel().catch(() => undefined);
        }),
      pull: async (controller) => {
        const { value, done } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: () => reader.cancel(),
    });
    return new Response(body, { status: response.status, headers: response.headers });
  }) as typeof fetch;
});
afterAll(() => {
  setPollTiming(COUNTS_REFRESH_MS, CHAT_POLL_MS);
  setLiveTiming({ firstRetryMs: 1_000, healthyMs: 10_000 });
});

beforeEach(async () => {
  const { t, supplier } = suite;
  eventsMode = 'pass';
  buyer = await createUser(t, { type: 'BUYER' });
  const product = await createProduct(t, supplier, { name: 'Live Product' });
  conversation = (
    await t.api.post('/api/conversations/', { product: product.id, participants: [supplier.user.id] }, { token: buyer.token })
  ).body.id;
  signIn(buyer);
});
afterEach(() => stopEngine());

async function start(): Promise<() => void> {
  startEngine();
  await setEngineUser(await api.me());
  await requestPull();
  await expect.poll(() => db.conversations.get(conversation), { timeout: 5_000 }).toBeTruthy();
  // The chat is open on the device: its poll would run every 100 ms.
  return watchConversation(conversation);
}

/** The device's requests (other than the stream itself) during `ms`. */
async function requestsDuring(ms: number): Promise<string[]> {
  const before = suite.net.log.length;
  await new Promise((resolve) => setTimeout(resolve, ms));
  return suite.net.log.slice(before).filter((label) => !label.endsWith('/api/events/'));
}

/**
 * The polls (GET /api/sync/) during `ms`. The polls run every 100 and 300 ms here: two seconds
 * hold a dozen on a quiet machine and still three when each poll's answer is slow on a loaded one.
 */
async function pollsDuring(ms: number): Promise<number> {
  return (await requestsDuring(ms)).filter((label) => label === 'GET /api/sync/').length;
}

/** Waits until the device has made no request for a while (what the start set off is done). */
async function settle(): Promise<void> {
  let last = -1;
  await expect
    .poll(
      () => {
        const same = suite.net.log.length === last;
        last = suite.net.log.length;
        return same;
      },
      { interval: 400, timeout: 15_000 },
    )
    .toBe(true);
}

async function supplierSays(text: string): Promise<number> {
  const { t, supplier } = suite;
  return (await t.api.post(`/api/conversations/${conversation}/messages/`, { text }, { token: supplier.token })).body.id;
}

describe('the poke stream instead of the polls', () => {
  it('while the stream is up, neither poll runs, and a new message arrives by a poke', async () => {
    await start();
    await expect.poll(liveConnected, { timeout: 5_000 }).toBe(true);
    await settle();
    expect(await requestsDuring(1_500)).toEqual([]);

    const sent = Date.now();
    const id = await supplierSays('Shipped this morning');
    await expect.poll(() => db.messages.get(id), { timeout: 3_000, interval: 20 }).toBeTruthy();
    console.info(`the message was on the device ${Date.now() - sent} ms after it was sent`);
  });

  it('a refused stream leaves the app polling, and new messages still arrive', async () => {
    suite.net.failMatching = /\/api\/events\/$/;
    await start();
    expect(await pollsDuring(2_000)).toBeGreaterThanOrEqual(3);
    expect(liveConnected()).toBe(false);

    const id = await supplierSays('Are you still interested?');
    await expect.poll(() => db.messages.get(id), { timeout: 3_000 }).toBeTruthy();
  });

  it('a stream that opens but stays silent (a buffering proxy) counts as down: the polls run', async () => {
    eventsMode = 'silent';
    await start();
    expect(await pollsDuring(2_000)).toBeGreaterThanOrEqual(3);
    expect(liveConnected()).toBe(false);
  });

  it('a cut stream: the polls take over at once, and it reconnects with what changed meanwhile', async () => {
    await start();
    await expect.poll(liveConnected, { timeout: 5_000 }).toBe(true);
    await settle();
    // Cut, and refused for a while (the network changed, the proxy restarts).
    suite.net.failMatching = /\/api\/events\/$/;
    for (const cut of cuts.splice(0)) cut();
    await expect.poll(liveConnected, { timeout: 1_000, interval: 10 }).toBe(false);
    const id = await supplierSays('Price drops tomorrow');
    await expect.poll(() => db.messages.get(id), { timeout: 3_000 }).toBeTruthy();
    expect(await pollsDuring(2_000)).toBeGreaterThanOrEqual(3);

    suite.net.failMatching = null;
    await expect.poll(liveConnected, { timeout: 10_000 }).toBe(true);
    await settle();
    expect(await requestsDuring(1_000)).toEqual([]);
  });
});
