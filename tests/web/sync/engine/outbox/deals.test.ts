import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/db/db';
import { api } from '@/sync/api/client';
import { setEngineUser } from '@/sync/engine';
import { answerOffer, discardOutboxEntry, moveOrder, placeOrder } from '@/sync/outbox/intents';
import { pullStream } from '@/sync/pull/streams';
import { pushOutbox } from '@/sync/outbox/send';
import { createUser, type TestApp, type TestUser } from '@tests/server/helpers';
import { createProduct } from '@tests/server/fixtures/catalogue';
import { engineSuite, signIn, type Network } from '../device';

/**
 * Deals through the outbox (docs/sync.md): an answer to an offer or an order move made offline
 * shows at once, goes out on reconnect exactly once (a lost answer is resent with the same
 * client_id), and a refusal (withdrawn meanwhile, stock gone) fails with the server's reason.
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
});

async function as(user: TestUser) {
  signIn(user);
  await setEngineUser(await api.me());
}

/** The buyer's offer on a product of the supplier, and the supplier's device holding it. */
async function offerToSupplier() {
  const product = await createProduct(t, supplier, { name: 'Shea Butter', minimum_order_quantity: '1', min_price: '10.00' });
  const opened = await t.api.post('/api/conversations/', { product: product.id, participants: [supplier.user.id] }, { token: buyer.token });
  const offer = await t.api.post(`/api/conversations/${opened.body.id}/messages/`, { price: '9.00', quantity: 2 }, { token: buyer.token });
  await as(supplier);
  await pullStream('private');
  return { product, conversation: opened.body.id as number, offer: (await db.messages.get(offer.body.id as number))! };
}

/** Time passes: every backoff is due. */
async function pushNow(user: TestUser) {
  await db.outbox.toCollection().modify((e) => {
    e.next_at = 0;
  });
  await pushOutbox(user.user.id);
}

const ordersOf = async (offerId: number) => (await t.db.selectFrom('orders').selectAll().where('offer_id', '=', offerId).execute()).length;

describe('answering an offer offline', () => {
  it('shows the acceptance at once, sends it on reconnect, and the order reaches both sides once', async () => {
    const { offer } = await offerToSupplier();
    net.offline = true;
    await answerOffer(offer, 'accept');
    expect((await db.messages.get(offer.id))!.offer_state).toBe('accepted');
    expect((await db.messages.filter((m) => m.reply_to === offer.id).toArray()).map((m) => m.pending)).toEqual(['sending']);
    await pushNow(supplier);
    expect(await ordersOf(offer.id)).toBe(0);

    net.offline = false;
    net.loseNext = 1; // the server commits, the answer is lost: the resend must not make a second order
    await pushNow(supplier);
    await pushNow(supplier);
    expect(await ordersOf(offer.id)).toBe(1);
    expect(await db.outbox.count()).toBe(0);
    const order = (await db.orders.toArray()).find((o) => o.offer === offer.id);
    expect(order).toMatchObject({ status: 'requested', quantity: 2, total: '18.00' });
    // A pull does not bring the pending copies back: one answer in the chat, from the server.
    await pullStream('private');
    expect((await db.messages.filter((m) => m.reply_to === offer.id).toArray()).map((m) => m.id > 0)).toEqual([true]);

    await as(buyer);
    await pullStream('private');
    expect((await db.orders.toArray()).map((o) => o.offer)).toEqual([offer.id]);
  });

  it('a withdrawal that got there first fails the acceptance with the reason; Discard leaves the server’s state', async () => {
    const { offer } = await offerToSupplier();
    net.offline = true;
    await answerOffer(offer, 'accept');
    await t.api.post(`/api/offers/${offer.id}/withdraw/`, {}, { token: buyer.token });
    net.offline = false;
    await pushNow(supplier);
    const answer = (await db.messages.filter((m) => m.reply_to === offer.id).first())!;
    expect(answer.pending).toBe('failed');
    expect(answer.error).toBe('This offer was withdrawn.');
    expect(await ordersOf(offer.id)).toBe(0);
    await discardOutboxEntry(answer.outboxId!);
    await pullStream('private');
    expect((await db.messages.get(offer.id))!.offer_state).toBe('withdrawn');
    // The one answer left is the buyer's withdrawal, from the server.
    expect((await db.messages.filter((m) => m.reply_to === offer.id).toArray()).map((m) => [m.event, m.id > 0])).toEqual([
      ['withdrawn', true],
    ]);
  });

  it('a counter made offline goes out with its price and quantity', async () => {
    const { offer, conversation } = await offerToSupplier();
    net.offline = true;
    await answerOffer(offer, 'counter', { price: '9.50', quantity: 3 });
    net.offline = false;
    await pushNow(supplier);
    const messages = (await t.api.get(`/api/conversations/${conversation}/messages/`, { token: buyer.token })).body.results;
    expect(messages.map((m: any) => [m.event, m.price, m.quantity, m.offer_state])).toEqual([
      [null, '9.00', 2, 'countered'],
      ['countered', '9.50', 3, 'pending'],
    ]);
  });
});

describe('a buyer countering a counter offline', () => {
  it('goes out with its price; one beyond ±10 % of the listed price fails with the server’s reason', async () => {
    const product = await createProduct(t, supplier, { name: 'Sesame Seeds', minimum_order_quantity: '1', min_price: '10.00' });
    const opened = await t.api.post(
      '/api/conversations/',
      { product: product.id, participants: [supplier.user.id] },
      { token: buyer.token },
    );
    const first = await t.api.post(
      `/api/conversations/${opened.body.id}/messages/`,
      { price: '9.00', quantity: 2 },
      { token: buyer.token },
    );
    const counter = await t.api.post(`/api/offers/${first.body.id}/counter/`, { price: '12.00', quantity: 3 }, { token: supplier.token });
    const second = await t.api.post(
      `/api/conversations/${opened.body.id}/messages/`,
      { price: '9.00', quantity: 2 },
      { token: buyer.token },
    );
    const other = await t.api.post(`/api/offers/${second.body.id}/counter/`, { price: '12.00', quantity: 3 }, { token: supplier.token });
    await as(buyer);
    await pullStream('private');
    net.offline = true;
    // Listed at 10.00: the buyer's prices run from 9.00 to 11.00.
    await answerOffer((await db.messages.get(counter.body.message.id))!, 'counter', { price: '11.00', quantity: 3 });
    await answerOffer((await db.messages.get(other.body.message.id))!, 'counter', { price: '11.01', quantity: 3 });
    net.offline = false;
    await pushNow(buyer);
    const mine = await db.messages.filter((m) => m.sender.id === buyer.user.id && m.event === 'countered').toArray();
    mine.sort((a, b) => (a.reply_to ?? 0) - (b.reply_to ?? 0));
    expect(mine.map((m) => [m.reply_to, m.price, m.id > 0 ? 'sent' : m.pending, m.error ?? null])).toEqual([
      [counter.body.message.id, '11.00', 'sent', null],
      [other.body.message.id, '11.01', 'failed', "A buyer's counter-offer must be within 10% of the listed price."],
    ]);
    const onServer = (await t.api.get(`/api/conversations/${opened.body.id}/messages/`, { token: supplier.token })).body.results;
    expect(onServer.filter((m: any) => m.sender.id === buyer.user.id && m.event === 'countered').map((m: any) => m.price)).toEqual([
      '11.00',
    ]);
  });
});

describe('orders offline', () => {
  it('"Buy now" offline reaches the server exactly once; cancelling it before it went takes it back', async () => {
    const product = await api.product((await createProduct(t, supplier, { name: 'Cashew Nuts', minimum_order_quantity: '1' })).id);
    await as(buyer);
    net.offline = true;
    const first = await placeOrder(product, 2);
    expect((await db.orders.get(first))!).toMatchObject({
      status: 'requested',
      pending: 'sending',
      total: (Number(product.price ?? product.min_price) * 2).toFixed(2),
    });
    const second = await placeOrder(product, 1);
    await moveOrder((await db.orders.get(second))!, 'cancel', 'Changed my mind');
    expect(await db.orders.get(second)).toBeUndefined();
    net.offline = false;
    net.loseNext = 1;
    await pushNow(buyer);
    await pushNow(buyer);
    const onServer = await t.db.selectFrom('orders').select(['quantity']).where('product_id', '=', product.id).execute();
    expect(onServer).toEqual([{ quantity: 2 }]);
    expect((await db.orders.toArray()).filter((o) => o.product.id === product.id).map((o) => o.id > 0)).toEqual([true]);
  });

  it('a sample ordered offline is one piece at the sample price, and a Buy now is priced by its tier', async () => {
    const tiers = JSON.stringify([
      { min_quantity: 5, unit_price: '14.00' },
      { min_quantity: 50, unit_price: '11.00' },
    ]);
    const created = await createProduct(t, supplier, {
      name: 'Kente strips',
      minimum_order_quantity: '5',
      min_price: '10.00',
      max_price: '14.00',
      price_tiers: tiers,
      sample_price: '18.00',
    });
    const product = await api.product(created.id);
    await as(buyer);
    net.offline = true;
    const sample = await placeOrder(product, 1, true);
    expect((await db.orders.get(sample))!).toMatchObject({ quantity: 1, unit_price: '18.00', total: '18.00' });
    const bulk = await placeOrder(product, 60);
    expect((await db.orders.get(bulk))!).toMatchObject({ quantity: 60, unit_price: '11.00', total: '660.00' });
    net.offline = false;
    await pushNow(buyer);
    const onServer = await t.db
      .selectFrom('orders')
      .select(['quantity', 'unit_price'])
      .where('product_id', '=', product.id)
      .orderBy('quantity')
      .execute();
    expect(onServer.map((o) => [o.quantity, Number(o.unit_price).toFixed(2)])).toEqual([
      [1, '18.00'],
      [60, '11.00'],
    ]);
  });

  it('a confirmation made offline fails with the reason when the stock went meanwhile', async () => {
    const product = await createProduct(t, supplier, { name: 'Last Units', minimum_order_quantity: '1' });
    const placed = await t.api.post('/api/orders/', { product: product.id, quantity: 2 }, { token: buyer.token });
    await as(supplier);
    await pullStream('private');
    net.offline = true;
    await moveOrder((await db.orders.get(placed.body.id))!, 'confirm');
    expect((await db.orders.get(placed.body.id))!.status).toBe('confirmed');
    await t.db.updateTable('products').set({ quantity_in_stock: 1 }).where('id', '=', product.id).execute();
    net.offline = false;
    await pushNow(supplier);
    const failed = (await db.orders.get(placed.body.id))!;
    expect(failed).toMatchObject({ pending: 'failed', error: 'There is not enough stock left for this order.' });
    await discardOutboxEntry(failed.outboxId!);
    expect((await db.orders.get(placed.body.id))!.status).toBe('requested');
  });
});
