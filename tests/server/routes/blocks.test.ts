import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestApp, type TestApp, type TestUser } from '../helpers';
import { chatPair, insertProduct, send } from '../messaging-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const block = (by: TestUser, id: number) => t.api.post(`/api/users/${id}/block/`, undefined, { token: by.token });
const unblock = (by: TestUser, id: number) => t.api.delete(`/api/users/${id}/block/`, { token: by.token });
const CANNOT = { detail: 'You cannot message this user.' };

describe('blocking', () => {
  it('blocks and unblocks (204, idempotent) and lists the blocked as {id, name}', async () => {
    const me = await createUser(t);
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    const buyer = await createUser(t);
    expect((await block(me, supplier.user.id)).status).toBe(204);
    expect((await block(me, supplier.user.id)).status).toBe(204);
    expect((await block(me, buyer.user.id)).status).toBe(204);
    const list = await t.api.get('/api/me/blocked/', { token: me.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      count: 2,
      next: null,
      previous: null,
      results: [
        { id: buyer.user.id, name: expect.stringMatching(/^Buyer /) },
        { id: supplier.user.id, name: expect.stringMatching(/^Company /) },
      ],
    });
    expect((await unblock(me, buyer.user.id)).status).toBe(204);
    expect((await unblock(me, buyer.user.id)).status).toBe(204);
    expect((await t.api.get('/api/me/blocked/', { token: me.token })).body.results).toEqual([
      { id: supplier.user.id, name: expect.any(String) },
    ]);
  });

  it('refuses blocking oneself (400), unknown users (404) and guests (401)', async () => {
    const me = await createUser(t);
    const self = await block(me, me.user.id);
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ detail: 'You cannot block yourself.' });
    expect((await block(me, 99999999)).status).toBe(404);
    expect((await t.api.post(`/api/users/${me.user.id}/block/`)).status).toBe(401);
    expect((await t.api.get('/api/me/blocked/')).status).toBe(401);
  });

  it('keeps the blocked account from starting a conversation, messaging or answering offers (403)', async () => {
    const { buyer, supplier, conversation, product } = await chatPair(t);
    const offer = await send(t, buyer, conversation.id, { text: '', price: '20.00' });
    expect(offer.status).toBe(201);
    // The buyer blocks the supplier: the supplier can no longer write to the buyer or answer.
    expect((await block(buyer, supplier.user.id)).status).toBe(204);
    const message = await send(t, supplier, conversation.id, { text: 'Hello?' });
    expect(message.status).toBe(403);
    expect(message.body).toEqual(CANNOT);
    const answer = await t.api.post(`/api/offers/${offer.body.id}/accept/`, {}, { token: supplier.token });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual(CANNOT);
    // The blocker may still write.
    expect((await send(t, buyer, conversation.id, { text: 'Never mind' })).status).toBe(201);

    // A supplier who blocked a buyer cannot be asked about a product by them.
    const other = await createUser(t);
    await block(supplier, other.user.id);
    const start = await t.api.post(
      '/api/conversations/',
      { product: product.id, participants: [supplier.user.id] },
      { token: other.token },
    );
    expect(start.status).toBe(403);
    expect(start.body).toEqual(CANNOT);
    // Unblocked: they can again.
    await unblock(buyer, supplier.user.id);
    expect((await send(t, supplier, conversation.id, { text: 'Hello again' })).status).toBe(201);
  });

  it('the blocker gets no notification from the blocked account (favourites, reviews)', async () => {
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    const product = await insertProduct(t, supplier.user.id);
    const fan = await createUser(t);
    await block(supplier, fan.user.id);
    expect((await t.api.post('/api/favorites/', { product: product.id }, { token: fan.token })).status).toBe(201);
    expect((await t.api.post(`/api/products/${product.id}/reviews/`, { rating: 5, comment: 'Great' }, { token: fan.token })).status).toBe(
      201,
    );
    const notes = await t.api.get('/api/notifications/', { token: supplier.token });
    expect(notes.body.results).toEqual([]);
    // Someone else's favourite still notifies.
    const other = await createUser(t);
    await t.api.post('/api/favorites/', { product: product.id }, { token: other.token });
    expect((await t.api.get('/api/notifications/', { token: supplier.token })).body.results).toHaveLength(1);
  });
});
