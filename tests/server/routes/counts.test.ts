import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestApp, type TestApp } from '../helpers';
import { chatPair, insertProduct, openConversation, send } from '../messaging-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const counts = async (token: string) => {
  const res = await t.api.get('/api/me/counts/', { token });
  expect(res.status).toBe(200);
  return res.body;
};

describe('GET /api/me/counts/', () => {
  it('answers zeros for a new user', async () => {
    const me = await createUser(t);
    expect(await counts(me.token)).toEqual({ notifications_unread: 0, messages_unread: 0, favorites: 0 });
  });

  it('counts unread notifications, unread messages over all conversations, and favourites', async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    const other = await insertProduct(t, supplier.user.id);
    const second = await openConversation(t, buyer, supplier.user.id, other.id);
    await send(t, buyer, conversation.id, { text: 'one' });
    await send(t, buyer, conversation.id, { text: 'two' });
    await send(t, buyer, second.id, { text: 'three', price: '18.00' });
    await t.db
      .insertInto('favorites')
      .values([{ user_id: buyer.user.id, product_id: other.id }])
      .execute();

    // Two conversations: one gathered new_message notification and one offer.
    expect(await counts(supplier.token)).toEqual({ notifications_unread: 2, messages_unread: 3, favorites: 0 });
    expect(await counts(buyer.token)).toEqual({ notifications_unread: 0, messages_unread: 0, favorites: 1 });

    await t.api.get(`/api/conversations/${conversation.id}/messages/`, { token: supplier.token });
    expect((await counts(supplier.token)).messages_unread).toBe(1);
    await t.api.post('/api/notifications/mark-all-as-read/', undefined, { token: supplier.token });
    expect(await counts(supplier.token)).toEqual({ notifications_unread: 0, messages_unread: 1, favorites: 0 });

    await send(t, supplier, second.id, { text: 'reply' });
    expect((await counts(supplier.token)).messages_unread).toBe(0);
    expect((await counts(buyer.token)).messages_unread).toBe(1);
  });

  it("never counts another user's data", async () => {
    const { buyer, conversation } = await chatPair(t);
    await send(t, buyer, conversation.id, { text: 'hello' });
    const stranger = await createUser(t, { type: 'SUPPLIER' });
    expect(await counts(stranger.token)).toEqual({ notifications_unread: 0, messages_unread: 0, favorites: 0 });
  });

  it('needs a signed-in user', async () => {
    const res = await t.api.get('/api/me/counts/');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Authentication credentials were not provided.' });
  });
});
