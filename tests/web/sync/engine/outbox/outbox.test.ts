import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/db/db';
import { api } from '@/sync/api/client';
import { setEngineUser } from '@/sync/engine';
import {
  discardOutboxEntry,
  editReview,
  markAllNotificationsRead,
  retryOutboxEntry,
  sendMessage,
  sendOffer,
  submitReview,
  toggleFavorite,
} from '@/sync/outbox/intents';
import { pullStream } from '@/sync/pull/streams';
import { pushOutbox, recoverInterrupted } from '@/sync/outbox/send';
import { pumpUploads, uploadsSettled } from '@/sync/outbox/uploads';
import { SAMPLE_FILES, createUser, type TestApp, type TestUser } from '@tests/server/helpers';
import { createProduct } from '@tests/server/fixtures/catalogue';
import { notify } from '@server/services/notifications';
import { engineSuite, signIn, type Network } from '../device';

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

const serverFavorites = async () =>
  (await t.api.get('/api/favorites/', { token: buyer.token })).body.results.map((f: { product: { id: number } }) => f.product.id);
const productOf = async (name: string) => api.product((await createProduct(t, supplier, { name })).id);
const push = () => pushOutbox(buyer.user.id);
const dueNow = () =>
  db.outbox.toCollection().modify((e) => {
    e.next_at = 0;
  });

describe('favourites', () => {
  it('a favourite made offline shows at once as pending and reaches the server exactly once when back online', async () => {
    const product = await productOf('Shea Butter');
    net.offline = true;
    expect(await toggleFavorite(product)).toBe('added');
    expect(await db.favorites.get(product.id)).toMatchObject({ pending: 'sending' });
    await push();
    expect(await db.outbox.count()).toBe(1);
    net.offline = false;
    net.loseNext = 1; // the server commits, the answer is lost: the resend must not duplicate it
    await dueNow();
    await push();
    expect(await db.outbox.count()).toBe(1);
    await dueNow();
    await push();
    expect(await db.outbox.count()).toBe(0);
    expect(await serverFavorites()).toEqual([product.id]);
    expect(await db.favorites.get(product.id)).toMatchObject({ id: expect.any(Number) });
    expect((await db.favorites.get(product.id))?.pending).toBeUndefined();
  });

  it('add then remove before sending sends nothing', async () => {
    const product = await productOf('Cocoa');
    net.offline = true;
    await toggleFavorite(product);
    await toggleFavorite(product);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.favorites.get(product.id)).toBeUndefined();
    net.offline = false;
    net.log.length = 0;
    await push();
    expect(net.log).toEqual([]);
  });

  it('a pull cannot bring back a favourite removed offline (rebase)', async () => {
    const product = await productOf('Kola Nuts');
    await toggleFavorite(product);
    await push();
    await pullStream('private');
    net.offline = true;
    await toggleFavorite(product);
    net.offline = false;
    await pullStream('private'); // the server still has it
    expect(await db.favorites.get(product.id)).toMatchObject({ removed: true });
    await push();
    expect(await serverFavorites()).toEqual([]);
    expect(await db.favorites.get(product.id)).toBeUndefined();
  });

  it('a favourite of a product deleted meanwhile ends failed with a clear reason, and discard undoes it', async () => {
    const product = await productOf('Gone Soon');
    net.offline = true;
    await toggleFavorite(product);
    expect((await t.api.delete(`/api/products/${product.id}/`, { token: supplier.token })).status).toBe(204);
    net.offline = false;
    await push();
    const entry = await db.outbox.toCollection().first();
    expect(entry).toMatchObject({ state: 'failed', error: 'This product is no longer available.' });
    expect(await db.favorites.get(product.id)).toMatchObject({ pending: 'failed', error: 'This product is no longer available.' });
    await discardOutboxEntry(entry!.seq!);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.favorites.get(product.id)).toBeUndefined();
  });

  it('5xx answers are retried with backoff; other entries are not blocked by a failed one', async () => {
    const [a, b] = [await productOf('Alpha'), await productOf('Beta')];
    await toggleFavorite(a);
    await toggleFavorite(b);
    net.failNext = 1;
    await push();
    // a was backed off; b went through
    expect(await serverFavorites()).toEqual([b.id]);
    await dueNow();
    await push();
    expect((await serverFavorites()).sort()).toEqual([a.id, b.id].sort());
  });
});

describe('reviews', () => {
  it('a review and an edit made offline arrive as one review with the last text', async () => {
    const product = await productOf('Hibiscus');
    net.offline = true;
    const review = await submitReview(product.id, { rating: 4, comment: 'Good' });
    await editReview(review, 'Very good');
    await editReview((await db.reviews.get(review.id))!, 'Excellent');
    expect(await db.outbox.count()).toBe(1);
    net.offline = false;
    await push();
    const server = (await t.api.get(`/api/products/${product.id}/reviews/`)).body.results;
    expect(server).toHaveLength(1);
    expect(server[0]).toMatchObject({ rating: 4, comment: 'Excellent' });
    const local = await db.reviews.where('product').equals(product.id).toArray();
    expect(local).toHaveLength(1);
    expect(local[0]).toMatchObject({ id: server[0].id, comment: 'Excellent' });
  });

  it("the server's refusal is kept on the review with retry available", async () => {
    const product = await productOf('Twice Reviewed');
    await t.api.post(`/api/products/${product.id}/reviews/`, { rating: 5 }, { token: buyer.token });
    await submitReview(product.id, { rating: 3, comment: '' });
    await push();
    const entry = (await db.outbox.toArray())[0];
    expect(entry).toMatchObject({ state: 'failed', error: 'You have already submitted a review for this product.' });
    await retryOutboxEntry(entry.seq!);
    expect((await db.outbox.get(entry.seq!))?.state).toBe('pending');
  });
});

describe('messages', () => {
  it('messages, an offer and a file composed offline arrive once each, in order, after a reload mid-send', async () => {
    const product = await productOf('Palm Oil');
    const opened = await t.api.post(
      '/api/conversations/',
      { product: product.id, participants: [supplier.user.id] },
      { token: buyer.token },
    );
    await pullStream('private');
    const conversation = (await db.conversations.get(opened.body.id))!;
    net.offline = true;
    await sendMessage(conversation.id, { text: 'Hello' });
    await sendOffer(conversation, 'lower');
    const png = new Blob([new Uint8Array(SAMPLE_FILES.png)], { type: 'image/png' });
    await sendMessage(conversation.id, { text: 'A photo', file: Object.assign(png, { name: 'photo.png' }) });
    expect((await db.messages.toArray()).filter((m) => m.pending)).toHaveLength(3);
    net.offline = false;
    net.crashNext = true;
    void push(); // the first send reaches the server, then the tab reloads
    await new Promise((resolve) => setTimeout(resolve, 300));
    await recoverInterrupted();
    await push();
    // The file goes up in the upload lane; its message is posted once it is up.
    await pumpUploads(buyer.user.id);
    await uploadsSettled();
    await push();
    await pullStream('private');
    const server = (await t.api.get(`/api/conversations/${conversation.id}/messages/`, { token: buyer.token })).body.results;
    expect(server.map((m: { text: string; price: string | null }) => [m.text, m.price])).toEqual([
      ['Hello', null],
      ['', (Number(product.price) * 0.9).toFixed(2)],
      ['A photo', null],
    ]);
    expect(server[2].image_url).toMatch(/\/media\//);
    const local = await db.messages.where('[conversation+timestamp]').between([conversation.id, ''], [conversation.id, '\uffff']).toArray();
    expect(local).toHaveLength(3);
    expect(local.every((m) => m.id > 0 && !m.pending)).toBe(true);
  });

  it('a file waits in the upload lane without holding up other changes; its conversation keeps its order', async () => {
    const product = await productOf('Lane Product');
    const opened = await t.api.post(
      '/api/conversations/',
      { product: product.id, participants: [supplier.user.id] },
      { token: buyer.token },
    );
    await pullStream('private');
    const png = new Blob([new Uint8Array(SAMPLE_FILES.png)], { type: 'image/png' });
    await sendMessage(opened.body.id, { text: 'Picture first', file: Object.assign(png, { name: 'first.png' }) });
    await sendMessage(opened.body.id, { text: 'Then this' });
    await toggleFavorite(product);
    // The small writes' lane alone: the favourite goes, the conversation waits for its file.
    await push();
    expect(await serverFavorites()).toEqual([product.id]);
    const messages = async () =>
      (await t.api.get(`/api/conversations/${opened.body.id}/messages/`, { token: buyer.token })).body.results.map(
        (m: { text: string }) => m.text,
      );
    expect(await messages()).toEqual([]);
    await pumpUploads(buyer.user.id);
    await uploadsSettled();
    await push();
    expect(await messages()).toEqual(['Picture first', 'Then this']);
  });

  it('a reset of the private stream keeps what the device has not sent yet', async () => {
    const product = await productOf('Reset Safe');
    const opened = await t.api.post(
      '/api/conversations/',
      { product: product.id, participants: [supplier.user.id] },
      { token: buyer.token },
    );
    await pullStream('private');
    net.offline = true;
    await sendMessage(opened.body.id, { text: 'Still here' });
    await toggleFavorite(product);
    net.offline = false;
    await db.syncState.put({ key: 'stream:private', cursor: 'v1.999999999.0' });
    await pullStream('private');
    expect((await db.messages.toArray()).map((m) => m.text)).toContain('Still here');
    expect(await db.favorites.get(product.id)).toMatchObject({ pending: 'sending' });
    await push();
    await pullStream('private');
    expect((await db.messages.toArray()).filter((m) => m.text === 'Still here').map((m) => m.id > 0)).toEqual([true]);
  });
});

describe('notifications', () => {
  const note = (n: number) =>
    notify(t.db, { userId: buyer.user.id, kind: 'new_review', params: { n }, message: `Note ${n}`, link: `/products/${n}` });
  const serverUnread = async () =>
    (await t.api.get('/api/notifications/?is_read=false', { token: buyer.token })).body.results.map((n: { message: string }) => n.message);

  it('"mark all as read" made offline marks only what the device had shown, not what arrived later', async () => {
    await note(1);
    await note(2);
    await pullStream('private');
    net.offline = true;
    await markAllNotificationsRead();
    expect((await db.notifications.toArray()).every((n) => n.is_read)).toBe(true);
    await note(3);
    net.offline = false;
    await dueNow();
    await push();
    expect(await db.outbox.count()).toBe(0);
    expect(await serverUnread()).toEqual(['Note 3']);
    await pullStream('private');
    expect((await db.notifications.toArray()).filter((n) => !n.is_read).map((n) => n.message)).toEqual(['Note 3']);
  });
});
