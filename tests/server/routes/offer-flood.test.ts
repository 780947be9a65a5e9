import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES_PER_CONVERSATION_PER_MINUTE, MESSAGES_PER_USER_PER_MINUTE } from '@/shared/messaging';
import { startTestApp, type TestApp } from '../helpers';
import { chatPair, send } from '../messaging-helpers';

/** A burst of offers or messages: one notification for the recipient, and a rate a script runs into but a person does not. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('offers', () => {
  it('50 offers make one notification: "50 new offers from …", with the newest price', async () => {
    const { buyer, supplier, conversation, product } = await chatPair(t);
    for (let i = 1; i <= 50; i++) {
      // Every price within the one-click offers' band of the listed 20.00: 18.08 to 22.00.
      const res = await send(t, buyer, conversation.id, { price: (18 + i * 0.08).toFixed(2), client_id: randomUUID() });
      expect(res.status, `offer ${i}`).toBe(201);
    }
    const notes = (await t.api.get('/api/notifications/', { token: supplier.token })).body;
    expect(notes.count).toBe(1);
    expect(notes.results[0]).toMatchObject({
      kind: 'new_offer',
      params: { sender: buyer.user.first_name, count: 50, price: '22.00', product: product.name, conversation: conversation.id },
      message: `50 new offers from ${buyer.user.first_name}.`,
    });
    // The offers themselves are all in the conversation.
    const list = await t.api.get(`/api/conversations/${conversation.id}/messages/`, { token: supplier.token });
    expect(list.body.count).toBe(50);
  });
});

describe('message rates', () => {
  it(`takes ${MESSAGES_PER_CONVERSATION_PER_MINUTE} messages a minute in one conversation, then 429 with a detail; a repeat is free`, async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    const sent = await Promise.all(
      Array.from({ length: MESSAGES_PER_CONVERSATION_PER_MINUTE }, (_, i) =>
        send(t, buyer, conversation.id, { text: `line ${i}`, client_id: randomUUID() }),
      ),
    );
    expect(sent.every((r) => r.status === 201)).toBe(true);
    const flood = await send(t, buyer, conversation.id, { text: 'one more', client_id: randomUUID() });
    expect(flood.status).toBe(429);
    expect(flood.body.detail).toMatch(/^You are sending messages too fast\. Please wait \d+ seconds?\.$/);
    // The outbox's retry of a message that went through still answers it.
    const repeat = await send(t, buyer, conversation.id, { text: 'line 0', client_id: sent[0].body.client_id });
    expect(repeat.status).toBe(200);
    expect(repeat.body.id).toBe(sent[0].body.id);
    // The other side of the conversation is not held back by the sender's rate.
    expect((await send(t, supplier, conversation.id, { text: 'slow down', client_id: randomUUID() })).status).toBe(201);
  });

  it(`takes ${MESSAGES_PER_USER_PER_MINUTE} messages a minute over all of a sender's conversations`, async () => {
    const first = await chatPair(t);
    await t.db
      .insertInto('rate_events')
      .values(Array.from({ length: MESSAGES_PER_USER_PER_MINUTE }, () => ({ key: `message:user:${first.buyer.user.id}`, at: new Date() })))
      .execute();
    const res = await send(t, first.buyer, first.conversation.id, { text: 'hello', client_id: randomUUID() });
    expect(res.status).toBe(429);
  });
});
