import Dexie from 'dexie';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/db/db';
import { api } from '@/sync/api/client';
import { setEngineUser } from '@/sync/engine';
import { closeRfq, discardOutboxEntry, postRfq, sendQuote } from '@/sync/outbox/intents';
import { pullStream } from '@/sync/pull/streams';
import { pushOutbox } from '@/sync/outbox/send';
import { pumpUploads, uploadsSettled } from '@/sync/outbox/uploads';
import { createUser, SAMPLE_FILES, type TestApp, type TestUser } from '@tests/server/helpers';
import { createProduct, firstCategoryId } from '@tests/server/fixtures/catalogue';
import { engineSuite, signIn, type Network } from '../device';

/**
 * Requests for quotation through the outbox and the private stream (docs/sync.md#outbox,
 * docs/api.md#requests-for-quotation): a request posted offline shows at once and reaches the
 * server once; the suppliers of its category hold it on their device and quote through the
 * outbox; the buyer's device holds every quote; a refusal fails with the server's words.
 */

let t: TestApp;
let net: Network;
let supplier: TestUser;
let category: { id: number; name: string };

const suite = engineSuite();
beforeAll(async () => {
  ({ t, net, supplier } = suite);
  const id = await firstCategoryId(t);
  category = { id, name: (await t.db.selectFrom('categories').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name };
});

// Each test's device starts empty: the engine forgets the last test's user, so signing in claims the device again.
beforeEach(() => setEngineUser(null));

async function as(user: TestUser) {
  signIn(user);
  await setEngineUser(await api.me());
}

async function pushNow(user: TestUser) {
  await db.outbox.toCollection().modify((e) => {
    e.next_at = 0;
  });
  await pushOutbox(user.user.id);
}

const DAY = 24 * 60 * 60 * 1000;
const request = (title = 'Shea butter, 2 tonnes') => ({
  title,
  description: 'Unrefined, grade A, in 25 kg cartons.',
  category,
  quantity: 2000,
  target_price: '3.50',
  deadline: new Date(Date.now() + 10 * DAY).toISOString(),
});
const rfqsOnServer = async (buyerId: number) => t.db.selectFrom('rfqs').selectAll().where('buyer_id', '=', buyerId).execute();

describe('a request for quotation posted offline', () => {
  it('shows at once as pending, reaches the server once on reconnect, and the supplier of its category holds it', async () => {
    const buyer = await createUser(t, { type: 'BUYER' });
    await createProduct(t, supplier, { name: 'Shea Butter' });
    await as(buyer);
    net.offline = true;
    const id = await postRfq(request());
    expect(await db.rfqs.get(id)).toMatchObject({ status: 'open', pending: 'sending', title: 'Shea butter, 2 tonnes', quotes_count: 0 });
    await pushNow(buyer);
    expect(await rfqsOnServer(buyer.user.id)).toHaveLength(0);

    net.offline = false;
    net.loseNext = 1; // committed, answer lost: the resend must not post a second request
    await pushNow(buyer);
    await pushNow(buyer);
    const held = await rfqsOnServer(buyer.user.id);
    expect(held).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.rfqs.toArray()).map((r) => [r.id, r.pending])).toEqual([[held[0].id, undefined]]);

    await as(supplier);
    await pullStream('private');
    expect((await db.rfqs.toArray()).map((r) => r.title)).toContain('Shea butter, 2 tonnes');
  });
});

describe('pictures on a request', () => {
  const picture = (bytes: Buffer, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });
  const png = () => picture(SAMPLE_FILES.png, 'sample.png', 'image/png');
  const gif = () => picture(SAMPLE_FILES.gif, 'label.gif', 'image/gif');
  const pictureEntries = () => db.outbox.filter((e) => e.kind === 'rfq.picture').toArray();
  async function sendAll(user: TestUser) {
    await pumpUploads(user.user.id);
    await uploadsSettled();
    await pushNow(user);
  }

  it('go up first, in the upload lane; the request leaves once they are up, carrying them in order, and its supplier holds them', async () => {
    const buyer = await createUser(t, { type: 'BUYER' });
    await createProduct(t, supplier, { name: 'Jute Sacks' });
    await as(buyer);
    net.offline = true;
    const id = await postRfq({ ...request('Jute sacks like these'), pictures: [png(), gif()] });
    expect((await pictureEntries()).map((e) => e.payload.index)).toEqual([0, 1]);
    await sendAll(buyer);
    expect(await rfqsOnServer(buyer.user.id)).toHaveLength(0);

    net.offline = false;
    // The small writes' lane alone: the request waits for its pictures.
    await pushNow(buyer);
    expect(await rfqsOnServer(buyer.user.id)).toHaveLength(0);
    await sendAll(buyer);
    await pushNow(buyer);
    const held = await rfqsOnServer(buyer.user.id);
    expect(held).toHaveLength(1);
    expect(held[0].images).toHaveLength(2);
    expect(held[0].images[0]).toMatch(/\.png$/);
    expect(held[0].images[1]).toMatch(/\.gif$/);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.rfqs.get(id)).toBeUndefined();
    expect((await db.rfqs.get(held[0].id))!.images).toEqual(held[0].images);

    await as(supplier);
    await pullStream('private');
    expect((await db.rfqs.get(held[0].id))!.images).toEqual(held[0].images);
  });

  it('one the server refuses holds the request, shown failed; sent without it, the request goes once with the others', async () => {
    const buyer = await createUser(t, { type: 'BUYER' });
    await as(buyer);
    const damaged = picture(Buffer.from('not a picture at all'), 'broken.png', 'image/png');
    const id = await postRfq({ ...request('Cartons'), pictures: [png(), damaged] });
    await sendAll(buyer);
    await sendAll(buyer);
    const [refused] = await pictureEntries();
    expect(refused).toMatchObject({ state: 'failed', payload: { index: 1 } });
    expect(await db.rfqs.get(id)).toMatchObject({ pending: 'failed', outboxId: refused.seq });
    expect((await db.rfqs.get(id))!.error).toMatch(/^Unsupported file type/);
    await pushNow(buyer);
    expect(await rfqsOnServer(buyer.user.id)).toHaveLength(0);

    await discardOutboxEntry(refused.seq!);
    const waiting = (await db.rfqs.get(id))!;
    expect([waiting.pending, waiting.error]).toEqual(['sending', undefined]);
    await pushNow(buyer);
    const held = await rfqsOnServer(buyer.user.id);
    expect(held).toHaveLength(1);
    expect(held[0].images).toHaveLength(1);
    expect(held[0].images[0]).toMatch(/\.png$/);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a request closed before it left takes its pictures back with it, sent or not', async () => {
    const buyer = await createUser(t, { type: 'BUYER' });
    await as(buyer);
    const id = await postRfq({ ...request('Taken back'), pictures: [png(), gif()] });
    await pumpUploads(buyer.user.id);
    await uploadsSettled();
    await closeRfq((await db.rfqs.get(id))!);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.rfqs.get(id)).toBeUndefined();
    await sendAll(buyer);
    expect(await rfqsOnServer(buyer.user.id)).toHaveLength(0);
  });
});

describe('quotes', () => {
  it('a supplier quotes offline; the quote opens the conversation with an offer, and the buyer holds every quote', async () => {
    const buyer = await createUser(t, { type: 'BUYER' });
    const product = await createProduct(t, supplier, { name: 'Raw Shea' });
    const posted = await t.api.post('/api/rfqs/', { ...request('Cocoa butter'), category: category.id }, { token: buyer.token });
    expect(posted.status).toBe(201);

    await as(supplier);
    await pullStream('private');
    const rfq = (await db.rfqs.get(posted.body.id as number))!;
    net.offline = true;
    const quoteId = await sendQuote(rfq, {
      product: product.id,
      unit_price: '3.40',
      quantity: 2000,
      lead_time_days: 14,
      note: ' FOB Tema ',
    });
    expect(await db.rfqQuotes.get(quoteId)).toMatchObject({ pending: 'sending', unit_price: '3.40', note: 'FOB Tema' });
    net.offline = false;
    await pushNow(supplier);
    await pushNow(supplier);
    const quotes = await db.rfqQuotes.where('rfq').equals(rfq.id).toArray();
    expect(quotes).toHaveLength(1);
    expect(quotes[0].error).toBeUndefined();
    expect(quotes[0].id).toBeGreaterThan(0);
    expect(quotes[0].offer).not.toBeNull();

    await as(buyer);
    await pullStream('private');
    expect((await db.rfqQuotes.where('rfq').equals(rfq.id).toArray()).map((q) => [q.supplier.id, q.unit_price])).toEqual([
      [supplier.user.id, '3.40'],
    ]);
    expect((await db.rfqs.get(rfq.id))!.quotes_count).toBe(1);
    const offer = await db.messages.get(quotes[0].offer as number);
    expect(offer).toMatchObject({ price: '3.40', quantity: 2000, offer_state: 'pending' });
  });

  it('a quote on a request closed meanwhile fails with "This request is closed.", and Discard takes it back', async () => {
    const buyer = await createUser(t, { type: 'BUYER' });
    const product = await createProduct(t, supplier, { name: 'Late Shea' });
    const posted = await t.api.post('/api/rfqs/', { ...request('Closed soon'), category: category.id }, { token: buyer.token });
    await as(supplier);
    await pullStream('private');
    const rfq = (await db.rfqs.get(posted.body.id as number))!;
    net.offline = true;
    const quoteId = await sendQuote(rfq, { product: product.id, unit_price: '3.00', quantity: 100, lead_time_days: 3, note: '' });
    await t.api.post(`/api/rfqs/${rfq.id}/close/`, {}, { token: buyer.token });
    net.offline = false;
    await pushNow(supplier);
    const failed = (await db.rfqQuotes.get(quoteId))!;
    expect(failed).toMatchObject({ pending: 'failed', error: 'This request is closed.' });
    await discardOutboxEntry(failed.outboxId!);
    expect(await db.rfqQuotes.get(quoteId)).toBeUndefined();
    await pullStream('private');
    expect(await db.rfqs.get(rfq.id)).toMatchObject({ status: 'closed', closed_reason: 'buyer' });
  });
});

describe('closing', () => {
  it('a request closed before it left the device is taken back; one sent is closed on the server and stays closed through pulls', async () => {
    const buyer = await createUser(t, { type: 'BUYER' });
    await as(buyer);
    net.offline = true;
    const unsentId = await postRfq(request('Never mind'));
    await closeRfq((await db.rfqs.get(unsentId))!);
    expect(await db.rfqs.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);

    net.offline = false;
    const id = await postRfq(request('Done with it'));
    await pushNow(buyer);
    const sent = (await db.rfqs
      .where('client_id')
      .equals((await db.rfqs.toArray())[0].client_id!)
      .first())!;
    expect(sent.id).toBeGreaterThan(0);
    expect(id).toBeLessThan(0);
    net.offline = true;
    await closeRfq(sent);
    net.offline = false;
    await pullStream('private');
    expect(await db.rfqs.get(sent.id)).toMatchObject({ status: 'closed', closed_reason: 'buyer', pending: 'sending' });
    await pushNow(buyer);
    expect((await rfqsOnServer(buyer.user.id)).find((r) => r.id === sent.id)).toMatchObject({ status: 'closed', closed_reason: 'buyer' });
    const closed = (await db.rfqs.get(sent.id))!;
    expect([closed.status, closed.pending, closed.error]).toEqual(['closed', undefined, undefined]);
  });
});

describe('an app update from a version that ignored requests', () => {
  it('pulls the private stream again from the start, so requests posted before the update arrive', async () => {
    const buyer = await createUser(t, { type: 'BUYER' });
    const posted = await t.api.post('/api/rfqs/', { ...request('Before the update'), category: category.id }, { token: buyer.token });
    await as(buyer);
    await pullStream('private');
    const cursor = (await db.syncState.get('stream:private'))!.cursor;
    // The previous version's database: no requests' tables, its cursor past the request.
    db.close();
    await Dexie.delete('marketplace');
    const previous = new Dexie('marketplace');
    previous.version(4).stores({
      categories: 'id, position',
      products: 'id, created_at, flash_deal_ends_at, category_id, supplier_id, average_rating',
      lists: 'key, fetched_at',
      banners: 'id',
      favorites: 'product_id, id',
      reviews: 'id, product, [product+created_at]',
      conversations: 'id, activity',
      messages: 'id, [conversation+timestamp], client_id',
      notifications: 'id, created_at',
      orders: 'id, status, updated_at, client_id',
      sellers: 'id',
      rates: 'base',
      recent: 'product_id, viewed_at',
      outbox: '++seq, state, target, client_id',
      syncState: 'key',
    });
    await previous.open();
    await previous.table('syncState').bulkPut([
      { key: 'session', user_id: buyer.user.id },
      { key: 'stream:private', cursor },
    ]);
    previous.close();

    await db.open();
    expect(await db.syncState.get('stream:private')).toBeUndefined();
    await pullStream('private');
    expect((await db.rfqs.toArray()).map((r) => r.id)).toEqual([posted.body.id]);
  });
});
