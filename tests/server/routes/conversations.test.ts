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

const create = (token: string, body: unknown) => t.api.post('/api/conversations/', body, { token });

describe('POST /api/conversations/', () => {
  it('opens a conversation about a product with its supplier (201) and answers it in full', async () => {
    const buyer = await createUser(t, { type: 'BUYER', firstName: 'Ada' });
    const supplier = await createUser(t, { type: 'SUPPLIER', firstName: 'Sam', badge: true });
    const product = await insertProduct(t, supplier.user.id, { name: 'Shea butter', min_price: '12.50', max_price: '20.00' });
    const res = await create(buyer.token, { product: product.id, participants: [supplier.user.id] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      product: { id: product.id, name: 'Shea butter', price: '12.50', thumbnail_url: product.thumbnail_url },
      last_message_timestamp: null,
      unread_messages_count: 0,
      last_message: null,
    });
    expect(new Date(res.body.created_at).toISOString()).toBe(res.body.created_at);
    const byId = Object.fromEntries(res.body.participants.map((p: any) => [p.id, p]));
    expect(byId[buyer.user.id]).toMatchObject({ first_name: 'Ada', user_type: 'BUYER', profile: { name: expect.any(String) } });
    expect(byId[supplier.user.id]).toMatchObject({
      first_name: 'Sam',
      user_type: 'SUPPLIER',
      profile: { company_name: expect.any(String), is_verified: true },
    });
  });

  it("shows the product's price now: its running deal's, else its minimum price, also once a deal has ended", async () => {
    const buyer = await createUser(t);
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    const running = await insertProduct(t, supplier.user.id, { price: '17.00' });
    const ended = await insertProduct(t, supplier.user.id, { price: '17.00' });
    await t.db
      .updateTable('products')
      .set({ flash_deal_ends_at: new Date(Date.now() + 3_600_000) })
      .where('id', '=', running.id)
      .execute();
    await t.db
      .updateTable('products')
      .set({ flash_deal_ends_at: new Date(Date.now() - 1_000) })
      .where('id', '=', ended.id)
      .execute();
    const onDeal = await create(buyer.token, { product: running.id, participants: [supplier.user.id] });
    expect(onDeal.body.product.price).toBe('17.00');
    const after = await create(buyer.token, { product: ended.id, participants: [supplier.user.id] });
    expect(after.body.product.price).toBe('20.00');
  });

  it('reuses the conversation of the same buyer, supplier and product (200, same id)', async () => {
    const { buyer, supplier, product, conversation } = await chatPair(t);
    const again = await create(buyer.token, { product: product.id, participants: [supplier.user.id] });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(conversation.id);
    const other = await insertProduct(t, supplier.user.id);
    const second = await create(buyer.token, { product: other.id, participants: [supplier.user.id] });
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(conversation.id);
  });

  it('opens exactly one conversation when the same request races', async () => {
    const buyer = await createUser(t);
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    const product = await insertProduct(t, supplier.user.id);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => create(buyer.token, { product: product.id, participants: [supplier.user.id] })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    const rows = await t.db.selectFrom('conversations').select('id').where('product_id', '=', product.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('accepts the caller listed among the participants and a product id as a string', async () => {
    const buyer = await createUser(t);
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    const product = await insertProduct(t, supplier.user.id);
    const res = await create(buyer.token, { product: String(product.id), participants: [buyer.user.id, supplier.user.id] });
    expect(res.status).toBe(201);
  });

  it('needs a signed-in user (401) with a verified email (403)', async () => {
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    const product = await insertProduct(t, supplier.user.id);
    const guest = await t.api.post('/api/conversations/', { product: product.id, participants: [supplier.user.id] });
    expect(guest.status).toBe(401);
    const unverified = await createUser(t, { verified: false });
    const res = await create(unverified.token, { product: product.id, participants: [supplier.user.id] });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: 'Please verify your email address before doing this.' });
    expect(await t.db.selectFrom('conversations').select('id').where('product_id', '=', product.id).execute()).toEqual([]);
  });

  it('refuses messaging yourself', async () => {
    const buyer = await createUser(t);
    const res = await create(buyer.token, { participants: [buyer.user.id] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'You cannot message yourself.' });
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    const product = await insertProduct(t, supplier.user.id);
    const withProduct = await create(buyer.token, { product: product.id, participants: [buyer.user.id] });
    expect(withProduct.body).toEqual({ detail: 'You cannot message yourself.' });
  });

  it('refuses messaging about your own product', async () => {
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    const product = await insertProduct(t, supplier.user.id);
    const res = await create(supplier.token, { product: product.id, participants: [supplier.user.id] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'You cannot message about your own product.' });
  });

  it("requires the participant to be the product's supplier", async () => {
    const buyer = await createUser(t);
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    const otherSupplier = await createUser(t, { type: 'SUPPLIER' });
    const product = await insertProduct(t, supplier.user.id);
    const res = await create(buyer.token, { product: product.id, participants: [otherSupplier.user.id] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ participants: ["The participant must be the product's supplier."] });
  });

  it('answers unknown or malformed products and participants as field errors', async () => {
    const buyer = await createUser(t);
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    const unknown = await create(buyer.token, { product: 99999999, participants: [supplier.user.id] });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ product: ['Invalid pk "99999999" - object does not exist.'] });
    const huge = await create(buyer.token, { product: 1e12, participants: [supplier.user.id] });
    expect(huge.status).toBe(400);
    expect(Object.keys(huge.body)).toEqual(['product']);
    const word = await create(buyer.token, { product: 'abc', participants: [supplier.user.id] });
    expect(word.status).toBe(400);
    expect(word.body).toEqual({ product: ['Invalid pk "abc" - object does not exist.'] });
    const missing = await create(buyer.token, { product: null });
    expect(missing.body).toEqual({ participants: ['This field is required.'] });
    const empty = await create(buyer.token, { participants: [] });
    expect(empty.body).toEqual({ participants: ['This list may not be empty.'] });
    const nobody = await create(buyer.token, { participants: [99999999] });
    expect(nobody.body).toEqual({ participants: ['Invalid pk "99999999" - object does not exist.'] });
    const crowd = await create(buyer.token, { participants: [supplier.user.id, (await createUser(t, { type: 'SUPPLIER' })).user.id] });
    expect(crowd.status).toBe(400);
    expect(Object.keys(crowd.body)).toEqual(['participants']);
    const notJson = await t.api.post('/api/conversations/', '{oops', {
      token: buyer.token,
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
  });

  it('lets only buyers open a conversation about a product', async () => {
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    const anotherSupplier = await createUser(t, { type: 'SUPPLIER' });
    const product = await insertProduct(t, supplier.user.id);
    const res = await create(anotherSupplier.token, { product: product.id, participants: [supplier.user.id] });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: 'Only buyers can message a supplier about a product.' });
  });

  it('opens a conversation without a product from a buyer to a supplier, once; the supplier reopens it', async () => {
    const buyer = await createUser(t);
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    const first = await create(buyer.token, { participants: [supplier.user.id] });
    expect(first.status).toBe(201);
    expect(first.body.product).toBeNull();
    const fromSupplier = await create(supplier.token, { product: null, participants: [buyer.user.id] });
    expect(fromSupplier.status).toBe(200);
    expect(fromSupplier.body.id).toBe(first.body.id);
    // Anyone but a supplier answers like an id that does not exist (privacy.test.ts).
    const otherBuyer = (await createUser(t)).user.id;
    const twoBuyers = await create(buyer.token, { participants: [otherBuyer] });
    expect(twoBuyers.status).toBe(400);
    expect(twoBuyers.body).toEqual({ participants: [`Invalid pk "${otherBuyer}" - object does not exist.`] });
  });
});

describe('GET /api/conversations/', () => {
  it('lists only my conversations, newest message first, then newest created', async () => {
    const buyer = await createUser(t);
    const s1 = await createUser(t, { type: 'SUPPLIER' });
    const s2 = await createUser(t, { type: 'SUPPLIER' });
    const s3 = await createUser(t, { type: 'SUPPLIER' });
    const c1 = await openConversation(t, buyer, s1.user.id, (await insertProduct(t, s1.user.id)).id);
    const c2 = await openConversation(t, buyer, s2.user.id, (await insertProduct(t, s2.user.id)).id);
    const c3 = await openConversation(t, buyer, s3.user.id, (await insertProduct(t, s3.user.id)).id);
    const unrelated = await chatPair(t);
    await send(t, s1, c1.id, { text: 'older' });
    await send(t, s2, c2.id, { text: 'newest' });
    const res = await t.api.get('/api/conversations/', { token: buyer.token });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(3);
    expect(res.body.results.map((c: any) => c.id)).toEqual([c2.id, c1.id, c3.id]);
    expect(res.body.results.map((c: any) => c.id)).not.toContain(unrelated.conversation.id);
    const top = res.body.results[0];
    expect(top.unread_messages_count).toBe(1);
    expect(top.last_message).toEqual({
      text: 'newest',
      price: null,
      image_url: null,
      timestamp: top.last_message_timestamp,
      sender: { id: s2.user.id },
    });
  });

  it('pages with limit and offset', async () => {
    const buyer = await createUser(t);
    for (let i = 0; i < 3; i += 1) {
      const s = await createUser(t, { type: 'SUPPLIER' });
      await openConversation(t, buyer, s.user.id, (await insertProduct(t, s.user.id)).id);
    }
    const first = await t.api.get('/api/conversations/?limit=2', { token: buyer.token });
    expect(first.body.count).toBe(3);
    expect(first.body.results).toHaveLength(2);
    expect(first.body.next).toContain('offset=2');
    const second = await t.api.get('/api/conversations/?limit=2&offset=2', { token: buyer.token });
    expect(second.body.results).toHaveLength(1);
    expect(second.body.next).toBeNull();
    const bad = await t.api.get('/api/conversations/?limit=-1', { token: buyer.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ limit: ['A valid non-negative integer is required.'] });
  });

  it('needs a signed-in user', async () => {
    expect((await t.api.get('/api/conversations/')).status).toBe(401);
  });

  it('keeps the conversation readable, with product null, when its product is deleted', async () => {
    const { buyer, supplier, product, conversation } = await chatPair(t);
    await send(t, buyer, conversation.id, { text: 'Is it still available?' });
    await t.db.deleteFrom('products').where('id', '=', product.id).execute();
    const list = await t.api.get('/api/conversations/', { token: supplier.token });
    expect(list.body.results[0]).toMatchObject({ id: conversation.id, product: null, unread_messages_count: 1 });
    const messages = await t.api.get(`/api/conversations/${conversation.id}/messages/`, { token: supplier.token });
    expect(messages.body.results.map((m: any) => m.text)).toEqual(['Is it still available?']);
  });
});

describe('GET /api/conversations/{id}/', () => {
  it('answers one conversation to its participants and 404 to everyone else', async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    for (const user of [buyer, supplier]) {
      const res = await t.api.get(`/api/conversations/${conversation.id}/`, { token: user.token });
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(conversation.id);
    }
    const stranger = await createUser(t);
    const res = await t.api.get(`/api/conversations/${conversation.id}/`, { token: stranger.token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not found.' });
    expect((await t.api.get('/api/conversations/99999999/', { token: buyer.token })).status).toBe(404);
    expect((await t.api.get('/api/conversations/abc/', { token: buyer.token })).status).toBe(404);
    expect((await t.api.get('/api/conversations/99999999999/', { token: buyer.token })).status).toBe(404);
  });
});

describe('account deletion', () => {
  it('through POST /api/me/delete-account/ leaves the other participant no conversation to open', async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    await send(t, supplier, conversation.id, { text: 'Thanks for asking' });
    const res = await t.api.post('/api/me/delete-account/', { password: supplier.password }, { token: supplier.token });
    expect(res.status).toBeLessThan(300);
    expect((await t.api.get('/api/conversations/', { token: buyer.token })).body.count).toBe(0);
    expect((await t.api.get(`/api/conversations/${conversation.id}/messages/`, { token: buyer.token })).status).toBe(404);
    expect((await t.api.get('/api/me/counts/', { token: buyer.token })).body).toMatchObject({
      notifications_unread: 0,
      messages_unread: 0,
    });
  });

  it('removes the conversation, its messages and its notifications for the other participant', async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    await send(t, buyer, conversation.id, { text: 'Hello' });
    expect((await t.api.get('/api/notifications/', { token: supplier.token })).body.count).toBe(1);
    const before = await t.db
      .selectFrom('tombstones')
      .select(({ fn }) => fn.max('seq').as('max'))
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom('users').where('id', '=', buyer.user.id).execute();

    const list = await t.api.get('/api/conversations/', { token: supplier.token });
    expect(list.body.results.map((c: any) => c.id)).not.toContain(conversation.id);
    expect((await t.api.get(`/api/conversations/${conversation.id}/`, { token: supplier.token })).status).toBe(404);
    expect((await t.api.get('/api/notifications/', { token: supplier.token })).body.count).toBe(0);
    expect((await t.api.get('/api/me/counts/', { token: supplier.token })).body.messages_unread).toBe(0);

    const tombstones = await t.db
      .selectFrom('tombstones')
      .selectAll()
      .where('seq', '>', Number(before.max ?? 0))
      .execute();
    const gone = tombstones.find((x) => x.collection === 'conversations' && x.row_id === conversation.id);
    expect(gone?.audience).toContain(supplier.user.id);
    expect(tombstones.some((x) => x.collection === 'notifications' && x.audience?.includes(supplier.user.id))).toBe(true);
  });
});

describe('access matrix: nobody reaches another pair’s chat or notifications', () => {
  it('refuses every outsider every call on every other conversation, message and notification', async () => {
    const pairs = [await chatPair(t), await chatPair(t)];
    for (const p of pairs) {
      await send(t, p.buyer, p.conversation.id, { text: 'from buyer' });
      await send(t, p.supplier, p.conversation.id, { text: 'from supplier' });
    }
    const outsiders = [await createUser(t), await createUser(t, { type: 'SUPPLIER' })];
    const snapshot = async () => ({
      messages: (await t.db.selectFrom('messages').select('id').execute()).length,
      unread: (await t.db.selectFrom('notifications').select('id').where('is_read', '=', false).execute()).length,
    });
    const before = await snapshot();

    for (const [index, pair] of pairs.entries()) {
      const other = pairs[1 - index];
      const intruders = [...outsiders, other.buyer, other.supplier];
      const theirNotes = await t.db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', 'in', [pair.buyer.user.id, pair.supplier.user.id])
        .execute();
      expect(theirNotes.length).toBeGreaterThan(0);
      for (const intruder of intruders) {
        const opts = { token: intruder.token };
        const id = pair.conversation.id;
        const list = await t.api.get('/api/conversations/', opts);
        expect(list.body.results.map((c: any) => c.id)).not.toContain(id);
        expect((await t.api.get(`/api/conversations/${id}/`, opts)).status).toBe(404);
        expect((await t.api.get(`/api/conversations/${id}/messages/`, opts)).status).toBe(404);
        expect((await t.api.post(`/api/conversations/${id}/messages/`, { text: 'intrusion' }, opts)).status).toBe(404);
        const notes = await t.api.get('/api/notifications/', opts);
        for (const note of theirNotes) {
          expect(notes.body.results.map((n: any) => n.id)).not.toContain(note.id);
          expect((await t.api.post(`/api/notifications/${note.id}/mark-as-read/`, undefined, opts)).status).toBe(404);
        }
      }
    }
    for (const outsider of outsiders) {
      await t.api.post('/api/notifications/mark-all-as-read/', undefined, { token: outsider.token });
      expect(await t.api.get('/api/me/counts/', { token: outsider.token }).then((r) => r.body)).toEqual({
        notifications_unread: 0,
        messages_unread: 0,
        favorites: 0,
      });
    }
    expect(await snapshot()).toEqual(before);
  });
});
