import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db, type ConversationRow } from '@/db/db';
import { api } from '@/sync/api/client';
import { setEngineUser } from '@/sync/engine';
import { answerOffer, discardOutboxEntry, moveOrder, placeOrder, sendOffer } from '@/sync/outbox/intents';
import { claim } from '@/sync/outbox/queue';
import { pullStream } from '@/sync/pull/streams';
import { pushOutbox, recoverInterrupted } from '@/sync/outbox/send';
import { createUser, type TestApp, type TestUser } from '@tests/server/helpers';
import { createProduct } from '@tests/server/fixtures/catalogue';
import { engineSuite, signIn, type Network } from '../device';

/**
 * What the user undoes while the thing undone is on its way (docs/sync.md#outbox-states): a
 * withdrawal or a cancel of an entry in flight, or sent without an answer, waits behind it and
 * undoes it on the server; only an entry that never left is taken back. Nothing the user undid
 * stays live, and nothing is made twice.
 */

let t: TestApp;
let net: Network;
let supplier: TestUser;
let buyer: TestUser;

const suite = engineSuite();
beforeAll(() => {
  ({ t, net, supplier } = suite);
});
beforeEach(async () => {
  buyer = await createUser(t, { type: 'BUYER' });
  signIn(buyer);
  await setEngineUser(await api.me());
});

async function conversationAboutProduct(): Promise<ConversationRow> {
  const product = await createProduct(t, supplier, { name: 'Kola nuts', minimum_order_quantity: '1', min_price: '20.00' });
  const opened = await t.api.post('/api/conversations/', { product: product.id, participants: [supplier.user.id] }, { token: buyer.token });
  await pullStream('private');
  return (await db.conversations.get(opened.body.id as number))!;
}

/** Holds the answers of requests matching `matching` until `release` is called. */
function holdAnswers(matching: RegExp) {
  let release!: () => void;
  net.holdAnswer = { matching, until: new Promise<void>((resolve) => (release = resolve)) };
  return () => {
    net.holdAnswer = null;
    release();
  };
}

async function until(check: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 200; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('timed out');
}

/** Time passes (every backoff is due) and the outbox drains. */
async function drain() {
  for (let i = 0; i < 5 && (await db.outbox.count()) > 0; i += 1) {
    await db.outbox.toCollection().modify((e) => {
      e.next_at = 0;
    });
    await pushOutbox(buyer.user.id);
  }
  expect((await db.outbox.toArray()).map((e) => [e.kind, e.state, e.error, e.payload])).toEqual([]);
}

const serverOffers = async (conversation: number) =>
  (
    await t.db
      .selectFrom('messages')
      .select(['id', 'offer_state'])
      .where('conversation_id', '=', conversation)
      .where('price', 'is not', null)
      .execute()
  ).map((m) => m.offer_state);

const serverOrders = async () =>
  (await t.db.selectFrom('orders').select(['status']).where('buyer_id', '=', buyer.user.id).execute()).map((o) => o.status);

describe('withdrawing an offer', () => {
  it('that never left the device takes it back: nothing reaches the server', async () => {
    const conversation = await conversationAboutProduct();
    net.offline = true;
    const offer = await sendOffer(conversation, 'lower');
    await answerOffer(offer, 'withdraw');
    net.offline = false;
    await drain();
    expect(await serverOffers(conversation.id)).toEqual([]);
    expect(await db.messages.where('conversation').equals(conversation.id).count()).toBe(0);
  });

  it('while its post is on its way waits for the answer, then withdraws it on the server', async () => {
    const conversation = await conversationAboutProduct();
    const release = holdAnswers(/^POST \/api\/conversations\/\d+\/messages\/$/);
    const offer = await sendOffer(conversation, 'lower');
    const sending = pushOutbox(buyer.user.id);
    await until(() => net.log.some((l) => /^POST \/api\/conversations\/\d+\/messages\/$/.test(l)));
    // The offer is on the server already; the buyer withdraws the copy they still see as sending.
    await answerOffer(offer, 'withdraw');
    expect((await db.outbox.toArray()).map((e) => [e.kind, e.state])).toEqual([
      ['message.send', 'sending'],
      ['offer.answer', 'pending'],
    ]);
    release();
    await sending;
    await drain();
    expect(await serverOffers(conversation.id)).toEqual(['withdrawn']);
    await pullStream('private');
    const offers = await db.messages.filter((m) => m.conversation === conversation.id && m.price !== null).toArray();
    expect(offers.map((m) => [m.id > 0, m.offer_state])).toEqual([[true, 'withdrawn']]);
  });

  it('sent without an answer before the tab closed is withdrawn on the server, not taken back', async () => {
    const conversation = await conversationAboutProduct();
    const offer = await sendOffer(conversation, 'higher');
    // The post reaches the server, then the tab goes away: its answer never comes.
    net.crashNext = true;
    void pushOutbox(buyer.user.id);
    await until(() => net.log.some((l) => /^POST \/api\/conversations\/\d+\/messages\/$/.test(l)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await recoverInterrupted();
    expect((await db.outbox.toArray()).map((e) => [e.state, e.uncertain])).toEqual([['pending', true]]);
    // Discard cannot drop what may be on the server; withdrawing goes after it.
    await discardOutboxEntry((await db.outbox.toArray())[0].seq!);
    expect(await db.outbox.count()).toBe(1);
    await answerOffer(offer, 'withdraw');
    await drain();
    // The resend carried the same client_id: one offer, withdrawn.
    expect(await serverOffers(conversation.id)).toEqual(['withdrawn']);
  });

  it('read by a lane and taken back before the lane claims it is not sent', async () => {
    const conversation = await conversationAboutProduct();
    net.offline = true;
    const offer = await sendOffer(conversation, 'lower');
    const [read] = await db.outbox.toArray();
    await answerOffer(offer, 'withdraw');
    expect(await claim(read)).toBeUndefined();
    net.offline = false;
    await drain();
    expect(await serverOffers(conversation.id)).toEqual([]);
  });
});

describe('cancelling a Buy now', () => {
  async function product() {
    const created = await createProduct(t, supplier, {
      name: 'Gari',
      minimum_order_quantity: '2',
      min_price: '5.00',
      quantity_in_stock: '50',
    });
    return api.product(created.id);
  }

  it('that never left the device takes it back', async () => {
    const item = await product();
    net.offline = true;
    const id = await placeOrder(item, 2);
    await moveOrder((await db.orders.get(id))!, 'cancel', 'Found it nearer');
    net.offline = false;
    await drain();
    expect(await serverOrders()).toEqual([]);
    expect(await db.orders.count()).toBe(0);
  });

  it('while its request is on its way cancels the order the server made, once', async () => {
    const item = await product();
    const release = holdAnswers(/^POST \/api\/orders\/$/);
    const id = await placeOrder(item, 2);
    const shown = (await db.orders.get(id))!;
    const sending = pushOutbox(buyer.user.id);
    await until(() => net.log.includes('POST /api/orders/'));
    await moveOrder(shown, 'cancel', 'Found it nearer');
    release();
    await sending;
    await drain();
    expect(await serverOrders()).toEqual(['cancelled']);
    await pullStream('private');
    expect((await db.orders.toArray()).map((o) => [o.id > 0, o.status])).toEqual([[true, 'cancelled']]);
  });

  it('from a screen still showing the temporary copy, after the answer came, cancels the server’s order', async () => {
    const item = await product();
    const id = await placeOrder(item, 2);
    const shown = (await db.orders.get(id))!;
    await drain();
    await moveOrder(shown, 'cancel', 'Found it nearer');
    await drain();
    expect(await serverOrders()).toEqual(['cancelled']);
  });
});
