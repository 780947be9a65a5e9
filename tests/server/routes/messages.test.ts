import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_FILES, createUser, startTestApp, type TestApp } from '../helpers';
import { chatPair, insertProduct, openConversation, send, upload } from '../messaging-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const list = (token: string, id: number, query = '') => t.api.get(`/api/conversations/${id}/messages/${query}`, { token });
const conversationOf = async (token: string, id: number) => (await t.api.get(`/api/conversations/${id}/`, { token })).body;

describe('POST /api/conversations/{id}/messages/', () => {
  it('sends a text message (201) and reads it back in the documented shape', async () => {
    const { buyer, conversation } = await chatPair(t);
    const clientId = randomUUID();
    const res = await send(t, buyer, conversation.id, { text: '  Hello, is this in stock?  ', client_id: clientId });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      conversation: conversation.id,
      sender: { id: buyer.user.id },
      text: 'Hello, is this in stock?',
      image_url: null,
      file_name: null,
      file_size: null,
      price: null,
      timestamp: expect.any(String),
      client_id: clientId,
      // Offers and their answers (docs/api.md#offers-and-orders): none of that on a plain message.
      quantity: null,
      offer_state: null,
      expires_at: null,
      reply_to: null,
      event: null,
    });
    const after = await conversationOf(buyer.token, conversation.id);
    expect(after.last_message_timestamp).toBe(res.body.timestamp);
  });

  it('refuses a message without text or a file', async () => {
    const { buyer, conversation } = await chatPair(t);
    for (const body of [{}, { text: '' }, { text: '   \n ' }, { text: null, image: '' }]) {
      const res = await send(t, buyer, conversation.id, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ non_field_errors: ['A message needs text or a file.'] });
    }
    expect((await list(buyer.token, conversation.id)).body.count).toBe(0);
  });

  it('caps the text at 5000 characters and rejects unknown fields', async () => {
    const { buyer, conversation } = await chatPair(t);
    expect((await send(t, buyer, conversation.id, { text: 'x'.repeat(5000) })).status).toBe(201);
    const long = await send(t, buyer, conversation.id, { text: 'x'.repeat(5001) });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ text: ['Ensure this field has no more than 5000 characters.'] });
    const unknown = await send(t, buyer, conversation.id, { text: 'hi', sender: 1 });
    expect(unknown.body).toEqual({ sender: ['Unknown field.'] });
  });

  it("keeps a file's name from the sender's device, without path parts, and answers it in the list", async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    const url = await upload(t, supplier, SAMPLE_FILES.pdf, 'price-list.pdf');
    const res = await send(t, supplier, conversation.id, { image: url, file_name: '../Price list 2026.pdf' });
    expect(res.status).toBe(201);
    expect(res.body.file_name).toBe('..Price list 2026.pdf');
    const listed = await t.api.get(`/api/conversations/${conversation.id}/messages/`, { token: buyer.token });
    const found = (listed.body.results ?? listed.body).find((m: { id: number }) => m.id === res.body.id);
    expect(found.file_name).toBe('..Price list 2026.pdf');
    // Without a file there is no name; without a name the client shows the stored one.
    expect((await send(t, supplier, conversation.id, { text: 'hi', file_name: 'x.pdf' })).body.file_name).toBeNull();
    expect((await send(t, supplier, conversation.id, { image: url })).body.file_name).toBeNull();
    const long = await send(t, supplier, conversation.id, { image: url, file_name: 'x'.repeat(256) });
    expect(long.status).toBe(400);
  });

  it("answers a file's size in bytes beside its name, in the answer and the list", async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    const url = await upload(t, supplier, SAMPLE_FILES.pdf, 'price-list.pdf');
    const res = await send(t, supplier, conversation.id, { image: url, file_name: 'price-list.pdf' });
    expect(res.body.file_size).toBe(SAMPLE_FILES.pdf.length);
    const listed = await t.api.get(`/api/conversations/${conversation.id}/messages/`, { token: buyer.token });
    const found = (listed.body.results ?? listed.body).find((m: { id: number }) => m.id === res.body.id);
    expect(found.file_size).toBe(SAMPLE_FILES.pdf.length);
    // A message without a file has no size.
    expect((await send(t, supplier, conversation.id, { text: 'hi' })).body.file_size).toBeNull();
  });

  it('sends a file uploaded to the media store, with or without text, read back as our media path', async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    const url = await upload(t, supplier, SAMPLE_FILES.pdf, 'price-list.pdf');
    const path = new URL(url, t.baseUrl).pathname;
    const res = await send(t, supplier, conversation.id, { image: url });
    expect(res.status).toBe(201);
    expect(res.body.text).toBe('');
    expect(res.body.image_url).toBe(path);
    const file = await fetch(new URL(res.body.image_url, t.baseUrl));
    expect(file.status).toBe(200);
    // A URL of ours written with another host, or sent with another Host header, is stored as our path all the same.
    const foreign = await send(t, buyer, conversation.id, { text: 'same file', image: `https://evil.example${path}` });
    expect(foreign.status).toBe(201);
    expect(foreign.body.image_url).toBe(path);
    const spoofed = await t.api.post(
      `/api/conversations/${conversation.id}/messages/`,
      { image: url },
      { token: buyer.token, headers: { 'x-forwarded-host': 'evil.example' } },
    );
    expect(spoofed.body.image_url).toBe(path);
  });

  it('refuses an image that is not a file in our media store', async () => {
    const { buyer, conversation } = await chatPair(t);
    for (const image of ['https://example.com/cat.png', `/media/${'0'.repeat(64)}.png`, 'not a url']) {
      const res = await send(t, buyer, conversation.id, { text: 'look', image });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ image: ['Upload the file with /api/media/upload/ first and send the URL it answers.'] });
    }
    expect((await list(buyer.token, conversation.id)).body.count).toBe(0);
  });

  describe('price offers', () => {
    it('lets the buyer offer a price (two decimals) and tells the supplier', async () => {
      const { buyer, supplier, product, conversation } = await chatPair(t);
      const res = await send(t, buyer, conversation.id, { text: 'Would you take this?', price: '18.5' });
      expect(res.status).toBe(201);
      expect(res.body.price).toBe('18.50');
      const numeric = await send(t, buyer, conversation.id, { price: 22 });
      expect(numeric.status).toBe(201);
      expect(numeric.body.price).toBe('22.00');
      let offers = (await t.api.get('/api/notifications/', { token: supplier.token })).body.results.filter(
        (n: any) => n.kind === 'new_offer',
      );
      // The second unread offer is gathered into the first notification (offer-flood.test.ts).
      expect(offers).toHaveLength(1);
      expect(offers[0]).toMatchObject({
        link: `/chat/${conversation.id}`,
        is_read: false,
        params: { sender: buyer.user.first_name, price: '22.00', product: product.name, conversation: conversation.id, count: 2 },
        message: `2 new offers from ${buyer.user.first_name}.`,
      });
      await t.api.post(`/api/notifications/${offers[0].id}/mark-as-read/`, undefined, { token: supplier.token });
      await send(t, buyer, conversation.id, { price: '19.00' });
      offers = (await t.api.get('/api/notifications/?is_read=false', { token: supplier.token })).body.results;
      expect(offers).toHaveLength(1);
      expect(offers[0]).toMatchObject({
        params: { sender: buyer.user.first_name, price: '19.00', product: product.name, conversation: conversation.id, count: 1 },
        message: `${buyer.user.first_name} offered $19.00 for ${product.name}.`,
      });
    });

    it('refuses offers from the supplier', async () => {
      const { supplier, conversation } = await chatPair(t);
      const res = await send(t, supplier, conversation.id, { text: 'How about', price: '30.00' });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: 'Only the buyer can make a price offer.' });
    });

    it('refuses offers in a conversation without a product', async () => {
      const buyer = await createUser(t);
      const supplier = await createUser(t, { type: 'SUPPLIER' });
      const conversation = await openConversation(t, buyer, supplier.user.id, null);
      const res = await send(t, buyer, conversation.id, { text: 'offer', price: '10.00' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ price: ['Price offers can only be made in a conversation about a product.'] });
    });

    it('refuses prices that are not positive two-decimal amounts', async () => {
      const { buyer, conversation } = await chatPair(t);
      const cases: Array<[unknown, string]> = [
        ['abc', 'A valid number is required.'],
        ['-5', 'A valid number is required.'],
        ['0', 'Ensure this value is greater than or equal to 0.01.'],
        ['0.00', 'Ensure this value is greater than or equal to 0.01.'],
        ['1.234', 'Ensure that there are no more than 2 decimal places.'],
        ['12345678901', 'Ensure that there are no more than 10 digits before the decimal point.'],
        [true, 'A valid number is required.'],
      ];
      for (const [price, message] of cases) {
        const res = await send(t, buyer, conversation.id, { text: 'offer', price });
        expect(res.status, String(price)).toBe(400);
        expect(Object.keys(res.body)).toEqual(['price']);
        expect(res.body.price).toEqual([message]);
      }
      expect((await list(buyer.token, conversation.id)).body.count).toBe(0);
    });
  });

  describe('retries with client_id', () => {
    it('answers a repeat with the first message (200) and creates nothing', async () => {
      const { buyer, supplier, conversation } = await chatPair(t);
      const clientId = randomUUID();
      const first = await send(t, buyer, conversation.id, { text: 'Once', client_id: clientId });
      const again = await send(t, buyer, conversation.id, { text: 'Once', client_id: clientId });
      expect(first.status).toBe(201);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect((await list(buyer.token, conversation.id)).body.count).toBe(1);
      const notes = await t.api.get('/api/notifications/', { token: supplier.token });
      expect(notes.body.results[0].params.count).toBe(1);
    });

    it('makes exactly one message when the same send arrives many times at once', async () => {
      const { buyer, conversation } = await chatPair(t);
      const clientId = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => send(t, buyer, conversation.id, { text: 'Racing', client_id: clientId })),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(7);
      expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
      const rows = await t.db.selectFrom('messages').select('id').where('client_id', '=', clientId).execute();
      expect(rows).toHaveLength(1);
    });

    it('keeps client ids apart per sender and checks their format', async () => {
      const { buyer, supplier, conversation } = await chatPair(t);
      const clientId = randomUUID();
      expect((await send(t, buyer, conversation.id, { text: 'a', client_id: clientId })).status).toBe(201);
      expect((await send(t, supplier, conversation.id, { text: 'b', client_id: clientId })).status).toBe(201);
      const bad = await send(t, buyer, conversation.id, { text: 'c', client_id: 'not-a-uuid' });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ client_id: ['Must be a valid UUID.'] });
    });
  });

  it('serves sends and reads of one conversation at the same time without failing any', async () => {
    // On PostgreSQL a send and a read marking the conversation read both write its row, and
    // (under the old global lock of 0001/0005) used to deadlock; every call must succeed.
    const { buyer, supplier, conversation } = await chatPair(t);
    for (let round = 0; round < 5; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          i % 2
            ? send(t, buyer, conversation.id, { text: `r${round} m${i}`, client_id: randomUUID() })
            : list(supplier.token, conversation.id),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(answers.map((_, i) => (i % 2 ? 201 : 200)));
    }
    expect((await list(buyer.token, conversation.id)).body.count).toBe(40);
  });

  it('tells the recipient, gathering unread messages of one conversation in one notification', async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    await send(t, buyer, conversation.id, { text: 'one' });
    let notes = (await t.api.get('/api/notifications/', { token: supplier.token })).body.results;
    expect(notes).toEqual([
      expect.objectContaining({
        kind: 'new_message',
        link: `/chat/${conversation.id}`,
        is_read: false,
        params: { sender: buyer.user.first_name, count: 1, conversation: conversation.id },
        message: `New message from ${buyer.user.first_name}.`,
      }),
    ]);
    await send(t, buyer, conversation.id, { text: 'two' });
    notes = (await t.api.get('/api/notifications/', { token: supplier.token })).body.results;
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ params: { count: 2 }, message: `2 new messages from ${buyer.user.first_name}.` });
    await t.api.post(`/api/notifications/${notes[0].id}/mark-as-read/`, undefined, { token: supplier.token });
    await send(t, buyer, conversation.id, { text: 'three' });
    const unread = (await t.api.get('/api/notifications/?is_read=false', { token: supplier.token })).body.results;
    expect(unread).toHaveLength(1);
    expect(unread[0].params.count).toBe(1);
    // The sender is never notified of their own message.
    expect((await t.api.get('/api/notifications/', { token: buyer.token })).body.count).toBe(0);
  });

  it('needs a verified participant: 401 guest, 403 unverified, 404 for others and unknown conversations', async () => {
    const { conversation } = await chatPair(t);
    expect((await t.api.post(`/api/conversations/${conversation.id}/messages/`, { text: 'hi' })).status).toBe(401);
    const stranger = await createUser(t);
    const res = await send(t, stranger, conversation.id, { text: 'hi' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not found.' });
    expect((await send(t, stranger, 99999999, { text: 'hi' })).status).toBe(404);
    const unverified = await createUser(t, { verified: false });
    expect((await send(t, unverified, conversation.id, { text: 'hi' })).status).toBe(403);
  });
});

describe('GET /api/conversations/{id}/messages/', () => {
  it('lists messages oldest first, a chat window (100) per page, with offset', async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    const base = Date.parse('2025-01-01T00:00:00Z');
    await t.db
      .insertInto('messages')
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          conversation_id: conversation.id,
          sender_id: i % 2 ? buyer.user.id : supplier.user.id,
          text: `m${i}`,
          timestamp: new Date(base + i * 1000).toISOString(),
        })),
      )
      .execute();
    const first = await list(buyer.token, conversation.id);
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(120);
    expect(first.body.results).toHaveLength(100);
    expect(first.body.results[0].text).toBe('m0');
    expect(first.body.results[99].text).toBe('m99');
    expect(first.body.next).toContain('offset=100');
    const second = await list(buyer.token, conversation.id, '?offset=100');
    expect(second.body.results.map((m: any) => m.text)).toEqual(Array.from({ length: 20 }, (_, i) => `m${100 + i}`));
  });

  it('marks the conversation read for the reader only', async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    await send(t, buyer, conversation.id, { text: 'one' });
    await send(t, buyer, conversation.id, { text: 'two' });
    expect((await conversationOf(supplier.token, conversation.id)).unread_messages_count).toBe(2);
    expect((await conversationOf(buyer.token, conversation.id)).unread_messages_count).toBe(0);
    await list(supplier.token, conversation.id);
    expect((await conversationOf(supplier.token, conversation.id)).unread_messages_count).toBe(0);
    await send(t, supplier, conversation.id, { text: 'reply' });
    expect((await conversationOf(buyer.token, conversation.id)).unread_messages_count).toBe(1);
    expect((await conversationOf(supplier.token, conversation.id)).unread_messages_count).toBe(0);
  });

  it('does not write when nothing new was read, so polling does not resync the conversation', async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    await send(t, buyer, conversation.id, { text: 'hello' });
    await list(supplier.token, conversation.id);
    const seq = async () =>
      (await t.db.selectFrom('conversations').select('seq').where('id', '=', conversation.id).executeTakeFirstOrThrow()).seq;
    const before = await seq();
    await list(supplier.token, conversation.id);
    await list(buyer.token, conversation.id);
    expect(await seq()).toBe(before);
  });

  it('answers 404 to non-participants and 401 to guests', async () => {
    const { conversation } = await chatPair(t);
    const stranger = await createUser(t, { type: 'SUPPLIER' });
    expect((await list(stranger.token, conversation.id)).status).toBe(404);
    expect((await t.api.get(`/api/conversations/${conversation.id}/messages/`)).status).toBe(401);
  });

  it('refuses offers once the product is gone', async () => {
    const buyer = await createUser(t);
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    const product = await insertProduct(t, supplier.user.id);
    const conversation = await openConversation(t, buyer, supplier.user.id, product.id);
    await t.db.deleteFrom('products').where('id', '=', product.id).execute();
    expect((await send(t, buyer, conversation.id, { text: 'offer', price: '5.00' })).status).toBe(400);
    expect((await send(t, buyer, conversation.id, { text: 'still here?' })).status).toBe(201);
  });
});
