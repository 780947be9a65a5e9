import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/db/db';
import { api } from '@/sync/api/client';
import { setEngineUser } from '@/sync/engine';
import { discardOutboxEntry, retryOutboxEntry, sendOffer } from '@/sync/outbox/intents';
import { pullStream } from '@/sync/pull/streams';
import { pushOutbox } from '@/sync/outbox/send';
import { createUser, type TestApp, type TestUser } from '@tests/server/helpers';
import { createProduct } from '@tests/server/fixtures/catalogue';
import { engineSuite, signIn, type Network } from '../device';

/**
 * An offer queued offline against a price that has changed since it was made is not sent at
 * the old price without a word: it is held, with both prices, for the buyer to send anyway or
 * discard.
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

async function offerQueuedOffline() {
  const product = await api.product((await createProduct(t, supplier, { name: 'Price Moves' })).id);
  const opened = await t.api.post('/api/conversations/', { product: product.id, participants: [supplier.user.id] }, { token: buyer.token });
  await pullStream('private');
  await db.products.put({ ...product, category_id: null, supplier_id: supplier.user.id, fetched_at: Date.now() });
  net.offline = true;
  const message = await sendOffer((await db.conversations.get(opened.body.id))!, 'lower');
  net.offline = false;
  return { product, conversation: opened.body.id as number, message };
}

/** The supplier changes the product's price on the server. */
async function setPrice(product: number, price: string) {
  const res = await t.api.patch(`/api/products/${product}/`, { min_price: price }, { token: supplier.token });
  expect(res.status).toBe(200);
}

const serverOffers = async (conversation: number) =>
  (await t.api.get(`/api/conversations/${conversation}/messages/`, { token: buyer.token })).body.results.map(
    (m: { price: string | null }) => m.price,
  );

describe('an offer queued against a price that changed', () => {
  it('is held with both prices; "send anyway" sends it as made while it stays within 10 % of the new price', async () => {
    const { product, conversation, message } = await offerQueuedOffline();
    // A small change: the offer made 10 % under the old price is still within the band of the new one.
    const newPrice = (Number(product.price) * 0.96).toFixed(2);
    // The price changes on the server; the device has not pulled it yet when the offer goes.
    await setPrice(product.id, newPrice);
    await pushOutbox(buyer.user.id);
    expect(await serverOffers(conversation)).toEqual([]);
    const held = (await db.messages.get(message.id))!;
    expect(held.pending).toBe('failed');
    expect(held.error).toContain(`$${message.price}`);
    expect(held.error).toContain(`$${product.price}`);
    expect(held.error).toContain(`$${newPrice}`);

    await retryOutboxEntry(held.outboxId!);
    await pushOutbox(buyer.user.id);
    expect(await serverOffers(conversation)).toEqual([message.price]);
  });

  it('sent anyway after a change beyond the band, the server refuses it and the message says why', async () => {
    const { product, conversation, message } = await offerQueuedOffline();
    await setPrice(product.id, (Number(product.price) * 1.5).toFixed(2));
    await pushOutbox(buyer.user.id);
    await retryOutboxEntry((await db.messages.get(message.id))!.outboxId!);
    await pushOutbox(buyer.user.id);
    expect(await serverOffers(conversation)).toEqual([]);
    const refused = (await db.messages.get(message.id))!;
    expect(refused.pending).toBe('failed');
    expect(refused.error).toBe('An offer must be within 10% of the listed price.');
  });

  it('discarding it sends nothing, and an unchanged price sends at once', async () => {
    const first = await offerQueuedOffline();
    await setPrice(first.product.id, (Number(first.product.price) / 2).toFixed(2));
    await pushOutbox(buyer.user.id);
    await discardOutboxEntry((await db.messages.get(first.message.id))!.outboxId!);
    await pushOutbox(buyer.user.id);
    expect(await serverOffers(first.conversation)).toEqual([]);
    expect(await db.outbox.count()).toBe(0);

    const second = await offerQueuedOffline();
    await pushOutbox(buyer.user.id);
    expect(await serverOffers(second.conversation)).toEqual([second.message.price]);
  });
});

describe("a flash deal's end on the device (src/shared/prices.ts)", () => {
  it('the one-click offer starts from the minimum price once the deal the device holds has ended, and the server takes it', async () => {
    const listed = await api.product((await createProduct(t, supplier, { name: 'Deal Ended', min_price: '20.00', max_price: '30.00' })).id);
    const opened = await t.api.post(
      '/api/conversations/',
      { product: listed.id, participants: [supplier.user.id] },
      { token: buyer.token },
    );
    await pullStream('private');
    // The device read the product during a deal at 15.00 that has ended since: no write tells it.
    const ended = new Date(Date.now() - 60_000).toISOString();
    await db.products.put({
      ...listed,
      price: '15.00',
      flash_deal_ends_at: ended,
      category_id: null,
      supplier_id: supplier.user.id,
      fetched_at: Date.now(),
    });
    const message = await sendOffer((await db.conversations.get(opened.body.id))!, 'lower');
    expect(message.price).toBe('18.00');
    await pushOutbox(buyer.user.id);
    expect(await serverOffers(opened.body.id)).toEqual(['18.00']);
  });
});
