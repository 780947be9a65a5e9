import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestApp, type TestApp } from '../helpers';
import { chatPair, send } from '../messaging-helpers';

/** Answers to price offers (docs/api.md#offers-and-orders): who may do what, each state change, idempotency. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function offerIn(pair: Awaited<ReturnType<typeof chatPair>>, body: Record<string, unknown> = { price: '18.00', quantity: 3 }) {
  const res = await send(t, pair.buyer, pair.conversation.id, body);
  expect(res.status).toBe(201);
  return res.body as { id: number; [key: string]: any };
}

const answer = (id: number, action: string, token: string, body: Record<string, unknown> = {}) =>
  t.api.post(`/api/offers/${id}/${action}/`, body, { token });

const notificationsOf = (userId: number) =>
  t.db.selectFrom('notifications').select(['kind', 'link', 'message']).where('user_id', '=', userId).orderBy('id').execute();

describe('offers', () => {
  it('a new offer is pending with its quantity and an end seven days later', async () => {
    const pair = await chatPair(t);
    const offer = await offerIn(pair);
    expect(offer).toMatchObject({ price: '18.00', quantity: 3, offer_state: 'pending', reply_to: null, event: null });
    const days = (Date.parse(offer.expires_at) - Date.parse(offer.timestamp)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    const plain = await send(t, pair.buyer, pair.conversation.id, { text: 'hello' });
    expect(plain.body).toMatchObject({ offer_state: null, expires_at: null, quantity: null });
  });

  it('refuses an offer quantity below the minimum order or above the stock, and a quantity without a price', async () => {
    const pair = await chatPair(t);
    const above = await send(t, pair.buyer, pair.conversation.id, { price: '18.00', quantity: 11 });
    expect(above.status).toBe(400);
    expect(above.body).toEqual({ quantity: ['The quantity cannot be more than the quantity in stock.'] });
    await t.db.updateTable('products').set({ minimum_order_quantity: 5 }).where('id', '=', pair.product.id).execute();
    const below = await send(t, pair.buyer, pair.conversation.id, { price: '18.00', quantity: 2 });
    expect(below.body).toEqual({ quantity: ['The quantity must be at least the minimum order quantity.'] });
    const bare = await send(t, pair.buyer, pair.conversation.id, { text: 'hi', quantity: 2 });
    expect(bare.status).toBe(400);
    expect(bare.body).toEqual({ quantity: ['A quantity goes with an offer price.'] });
  });

  it('the supplier accepts: the offer is accepted, an answer message and a requested order appear, the buyer is told', async () => {
    const pair = await chatPair(t);
    const offer = await offerIn(pair);
    const res = await answer(offer.id, 'accept', pair.supplier.token, { client_id: randomUUID() });
    expect(res.status).toBe(201);
    expect(res.body.offer).toMatchObject({ id: offer.id, offer_state: 'accepted' });
    expect(res.body.message).toMatchObject({ reply_to: offer.id, event: 'accepted', sender: { id: pair.supplier.user.id }, price: null });
    expect(res.body.order).toMatchObject({
      status: 'requested',
      quantity: 3,
      unit_price: '18.00',
      total: '54.00',
      offer: offer.id,
      conversation: pair.conversation.id,
      product: { id: pair.product.id, name: pair.product.name },
      buyer: { id: pair.buyer.user.id },
      supplier: { id: pair.supplier.user.id },
    });
    expect(res.body.order.events).toEqual([
      { status: 'requested', at: expect.any(String), by: { id: pair.supplier.user.id }, reason: null },
    ]);
    const messages = await t.api.get(`/api/conversations/${pair.conversation.id}/messages/`, { token: pair.buyer.token });
    expect(messages.body.results.map((m: any) => m.event ?? null)).toEqual([null, 'accepted']);
    expect((await notificationsOf(pair.buyer.user.id)).map((n) => n.kind)).toEqual(['offer_accepted']);
  });

  it('an offer of an old client (no quantity) is accepted for the minimum order', async () => {
    const pair = await chatPair(t);
    const offer = await offerIn(pair, { price: '18.00' });
    expect(offer.quantity).toBeNull();
    const res = await answer(offer.id, 'accept', pair.supplier.token);
    expect(res.body.order).toMatchObject({ quantity: 1, total: '18.00' });
  });

  it('the supplier declines; a second answer is refused with the reason', async () => {
    const pair = await chatPair(t);
    const offer = await offerIn(pair);
    const res = await answer(offer.id, 'decline', pair.supplier.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ offer: { offer_state: 'declined' }, message: { event: 'declined' }, order: null });
    const again = await answer(offer.id, 'accept', pair.supplier.token);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ detail: 'This offer has already been declined.' });
    expect((await notificationsOf(pair.buyer.user.id)).map((n) => n.kind)).toEqual(['offer_declined']);
  });

  it('the supplier counters with any price (no ±10 %) and a quantity; the buyer accepts the counter into an order', async () => {
    const pair = await chatPair(t);
    const offer = await offerIn(pair);
    const counter = await answer(offer.id, 'counter', pair.supplier.token, { price: '2.50', quantity: 4 });
    expect(counter.status).toBe(201);
    expect(counter.body.offer.offer_state).toBe('countered');
    expect(counter.body.message).toMatchObject({
      reply_to: offer.id,
      event: 'countered',
      price: '2.50',
      quantity: 4,
      offer_state: 'pending',
    });
    expect((await notificationsOf(pair.buyer.user.id)).map((n) => n.kind)).toEqual(['offer_countered']);
    const accepted = await answer(counter.body.message.id, 'accept', pair.buyer.token);
    expect(accepted.status).toBe(201);
    expect(accepted.body.order).toMatchObject({
      status: 'requested',
      quantity: 4,
      unit_price: '2.50',
      total: '10.00',
      offer: counter.body.message.id,
    });
    expect((await notificationsOf(pair.supplier.user.id)).map((n) => n.kind)).toEqual(['new_offer', 'offer_accepted']);
  });

  it('a counter must fit the stock and needs a price and quantity', async () => {
    const pair = await chatPair(t);
    const offer = await offerIn(pair);
    const tooMany = await answer(offer.id, 'counter', pair.supplier.token, { price: '20.00', quantity: 11 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ quantity: ['The quantity cannot be more than the quantity in stock.'] });
    const missing = await answer(offer.id, 'counter', pair.supplier.token, {});
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body).sort()).toEqual(['price', 'quantity']);
    const still = await t.db.selectFrom('messages').select('offer_state').where('id', '=', offer.id).executeTakeFirstOrThrow();
    expect(still.offer_state).toBe('pending');
  });

  it('the buyer declines a counter, or withdraws a pending offer; the supplier is told', async () => {
    const pair = await chatPair(t);
    const first = await offerIn(pair);
    const counter = await answer(first.id, 'counter', pair.supplier.token, { price: '25.00', quantity: 2 });
    const declined = await answer(counter.body.message.id, 'decline', pair.buyer.token);
    expect(declined.body.offer.offer_state).toBe('declined');
    const second = await offerIn(pair);
    const withdrawn = await answer(second.id, 'withdraw', pair.buyer.token);
    expect(withdrawn.status).toBe(201);
    expect(withdrawn.body).toMatchObject({ offer: { offer_state: 'withdrawn' }, message: { event: 'withdrawn' } });
    const late = await answer(second.id, 'accept', pair.supplier.token);
    expect(late.body).toEqual({ detail: 'This offer was withdrawn.' });
    // The two offers gather in one unread bell entry (docs/product.md#notifications).
    expect((await notificationsOf(pair.supplier.user.id)).map((n) => n.kind)).toEqual(['new_offer', 'offer_declined', 'offer_withdrawn']);
  });

  it('only the right side may answer: 403 with a reason, 404 for outsiders, 401 without a token', async () => {
    const pair = await chatPair(t);
    const offer = await offerIn(pair);
    expect((await answer(offer.id, 'accept', pair.buyer.token)).body).toEqual({ detail: 'Only the other side can answer this offer.' });
    expect((await answer(offer.id, 'counter', pair.buyer.token, { price: '1.00', quantity: 1 })).status).toBe(403);
    expect((await answer(offer.id, 'withdraw', pair.supplier.token)).body).toEqual({
      detail: 'Only the one who made an offer can withdraw it.',
    });
    const counter = await answer(offer.id, 'counter', pair.supplier.token, { price: '19.00', quantity: 2 });
    expect((await answer(counter.body.message.id, 'counter', pair.supplier.token, { price: '18.50', quantity: 2 })).body).toEqual({
      detail: 'Only the other side can answer this offer.',
    });
    const stranger = await createUser(t, { type: 'SUPPLIER' });
    expect((await answer(counter.body.message.id, 'accept', stranger.token)).status).toBe(404);
    expect((await t.api.post(`/api/offers/${counter.body.message.id}/accept/`, {})).status).toBe(401);
    const unverified = await createUser(t, { verified: false });
    expect((await answer(counter.body.message.id, 'accept', unverified.token)).status).toBe(403);
    const plain = await send(t, pair.buyer, pair.conversation.id, { text: 'just words' });
    expect((await answer(plain.body.id, 'accept', pair.supplier.token)).body).toEqual({ detail: 'This message is not an offer.' });
    expect((await answer(999999, 'accept', pair.supplier.token)).status).toBe(404);
  });

  it('the buyer counters a counter within ±10 % of the listed price; the supplier accepts it into an order', async () => {
    // Listed at min_price 20.00 (no fixed price): a buyer's counter runs from 18.00 to 22.00.
    const pair = await chatPair(t);
    const offer = await offerIn(pair);
    const counter = await answer(offer.id, 'counter', pair.supplier.token, { price: '21.50', quantity: 4 });
    const tooLow = await answer(counter.body.message.id, 'counter', pair.buyer.token, { price: '17.99', quantity: 4 });
    expect(tooLow.status).toBe(400);
    expect(tooLow.body).toEqual({ price: ["A buyer's counter-offer must be within 10% of the listed price."] });
    expect((await answer(counter.body.message.id, 'counter', pair.buyer.token, { price: '22.01', quantity: 4 })).status).toBe(400);
    expect((await answer(counter.body.message.id, 'counter', pair.buyer.token, { price: '18.00', quantity: 11 })).body).toEqual({
      quantity: [expect.any(String)],
    });
    // The refusals changed nothing: the supplier's counter still waits.
    const waiting = await t.db
      .selectFrom('messages')
      .select(['offer_state'])
      .where('id', '=', counter.body.message.id)
      .executeTakeFirstOrThrow();
    expect(waiting.offer_state).toBe('pending');

    const back = await answer(counter.body.message.id, 'counter', pair.buyer.token, { price: '18.00', quantity: 5 });
    expect(back.status).toBe(201);
    expect(back.body.offer.offer_state).toBe('countered');
    expect(back.body.message).toMatchObject({
      event: 'countered',
      price: '18.00',
      quantity: 5,
      offer_state: 'pending',
      reply_to: counter.body.message.id,
    });
    expect((await notificationsOf(pair.supplier.user.id)).map((n) => n.kind)).toContain('offer_countered');
    // The buyer may withdraw their counter; here the supplier accepts it, at the buyer's price.
    expect((await answer(back.body.message.id, 'accept', pair.buyer.token)).status).toBe(403);
    const accepted = await answer(back.body.message.id, 'accept', pair.supplier.token);
    expect(accepted.status).toBe(201);
    expect(accepted.body.order).toMatchObject({ status: 'requested', quantity: 5, unit_price: '18.00', total: '90.00' });
  });

  it('a buyer may withdraw their own counter', async () => {
    const pair = await chatPair(t);
    const counter = await answer((await offerIn(pair)).id, 'counter', pair.supplier.token, { price: '25.00', quantity: 2 });
    const back = await answer(counter.body.message.id, 'counter', pair.buyer.token, { price: '21.00', quantity: 2 });
    expect((await answer(back.body.message.id, 'withdraw', pair.supplier.token)).status).toBe(403);
    const withdrawn = await answer(back.body.message.id, 'withdraw', pair.buyer.token);
    expect(withdrawn.status).toBe(201);
    expect(withdrawn.body.offer.offer_state).toBe('withdrawn');
  });

  it('an offer unanswered for seven days reads as expired and cannot be accepted', async () => {
    const pair = await chatPair(t);
    const offer = await offerIn(pair);
    await t.db.updateTable('messages').set({ expires_at: sql<Date>`now() - interval '1 second'` }).where('id', '=', offer.id).execute();
    const res = await answer(offer.id, 'accept', pair.supplier.token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'This offer has expired.' });
    const messages = await t.api.get(`/api/conversations/${pair.conversation.id}/messages/`, { token: pair.buyer.token });
    expect(messages.body.results[0].offer_state).toBe('expired');
    const orders = await t.db.selectFrom('orders').select('id').where('offer_id', '=', offer.id).execute();
    expect(orders).toEqual([]);
  });

  it('a repeated acceptance with its client_id answers the first (200) and makes no second order or message', async () => {
    const pair = await chatPair(t);
    const offer = await offerIn(pair);
    const clientId = randomUUID();
    const [a, b] = await Promise.all([
      answer(offer.id, 'accept', pair.supplier.token, { client_id: clientId }),
      answer(offer.id, 'accept', pair.supplier.token, { client_id: clientId }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.order.id).toBe(b.body.order.id);
    const again = await answer(offer.id, 'accept', pair.supplier.token, { client_id: clientId });
    expect(again.status).toBe(200);
    expect(again.body.order.id).toBe(a.body.order.id);
    const count = await t.db
      .selectFrom('orders')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('offer_id', '=', offer.id)
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(1);
    const answers = await t.db.selectFrom('messages').select('id').where('reply_to', '=', offer.id).execute();
    expect(answers).toHaveLength(1);
  });

  it('an acceptance and a withdrawal that cross end with exactly one of them', async () => {
    const pair = await chatPair(t);
    const offer = await offerIn(pair);
    const [accept, withdraw] = await Promise.all([
      answer(offer.id, 'accept', pair.supplier.token),
      answer(offer.id, 'withdraw', pair.buyer.token),
    ]);
    expect([accept.status, withdraw.status].sort()).toEqual([201, 400]);
    const state = (await t.db.selectFrom('messages').select('offer_state').where('id', '=', offer.id).executeTakeFirstOrThrow())
      .offer_state;
    const orders = await t.db.selectFrom('orders').select('id').where('offer_id', '=', offer.id).execute();
    expect(orders).toHaveLength(state === 'accepted' ? 1 : 0);
  });

  it('a product deleted meanwhile cannot be accepted or countered', async () => {
    const pair = await chatPair(t);
    const offer = await offerIn(pair);
    await t.db.deleteFrom('products').where('id', '=', pair.product.id).execute();
    expect((await answer(offer.id, 'accept', pair.supplier.token)).body).toEqual({ detail: 'This product is no longer available.' });
    expect((await answer(offer.id, 'decline', pair.supplier.token)).status).toBe(201);
  });
});
