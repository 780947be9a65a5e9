import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestApp, type TestApp, type TestUser } from '../helpers';
import { chatPair, insertProduct, send } from '../messaging-helpers';
import { REPORTS_PER_DAY } from '@/shared/trust';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const report = (user: TestUser, body: Record<string, unknown>) => t.api.post('/api/reports/', body, { token: user.token });

describe('POST /api/reports/', () => {
  it('reports a product: 201 with the report, open', async () => {
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    const product = await insertProduct(t, supplier.user.id);
    const buyer = await createUser(t);
    const res = await report(buyer, { target_type: 'product', target_id: product.id, reason: 'scam', details: 'Asked me to pay outside.' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      target_type: 'product',
      target_id: product.id,
      reason: 'scam',
      status: 'open',
      created_at: expect.any(String),
    });
  });

  it('answers the first report for a repeated client_id, and for the same target while it is open (200)', async () => {
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    const product = await insertProduct(t, supplier.user.id);
    const buyer = await createUser(t);
    const client_id = randomUUID();
    const first = await report(buyer, { target_type: 'product', target_id: product.id, reason: 'counterfeit', client_id });
    expect(first.status).toBe(201);
    const again = await report(buyer, { target_type: 'product', target_id: product.id, reason: 'counterfeit', client_id });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const sameTarget = await report(buyer, { target_type: 'product', target_id: product.id, reason: 'spam' });
    expect(sameTarget.status).toBe(200);
    expect(sameTarget.body.id).toBe(first.body.id);
    // Parallel repeats make one report.
    const other = await insertProduct(t, supplier.user.id);
    const id = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => report(buyer, { target_type: 'product', target_id: other.id, reason: 'spam', client_id: id })),
    );
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
  });

  it('reports users and messages the reporter can see', async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    const sent = await send(t, supplier, conversation.id, { text: 'Pay me by gift card' });
    expect((await report(buyer, { target_type: 'message', target_id: sent.body.id, reason: 'scam' })).status).toBe(201);
    expect((await report(buyer, { target_type: 'user', target_id: supplier.user.id, reason: 'offensive' })).status).toBe(201);
    // A message outside one's conversations does not exist for the reporter.
    const stranger = await createUser(t);
    expect((await report(stranger, { target_type: 'message', target_id: sent.body.id, reason: 'scam' })).status).toBe(404);
    // Nor do unknown targets.
    for (const target_type of ['product', 'user', 'message']) {
      const res = await report(buyer, { target_type, target_id: 99999999, reason: 'spam' });
      expect(res.status, target_type).toBe(404);
    }
  });

  it("refuses reporting oneself, one's own product or message (400)", async () => {
    const { buyer, supplier, conversation, product } = await chatPair(t);
    const self = await report(buyer, { target_type: 'user', target_id: buyer.user.id, reason: 'spam' });
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ detail: 'You cannot report yourself.' });
    const own = await report(supplier, { target_type: 'product', target_id: product.id, reason: 'spam' });
    expect(own.status).toBe(400);
    expect(own.body).toEqual({ detail: 'You cannot report your own product.' });
    const mine = await send(t, buyer, conversation.id, { text: 'hello' });
    expect((await report(buyer, { target_type: 'message', target_id: mine.body.id, reason: 'spam' })).status).toBe(400);
  });

  it('checks the type, the reason and the details (400, DRF field errors)', async () => {
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    const product = await insertProduct(t, supplier.user.id);
    const buyer = await createUser(t);
    const unknownType = await report(buyer, { target_type: 'review', target_id: product.id, reason: 'spam' });
    expect(unknownType.status).toBe(400);
    expect(unknownType.body).toHaveProperty('target_type');
    const unknownReason = await report(buyer, { target_type: 'product', target_id: product.id, reason: 'ugly' });
    expect(unknownReason.status).toBe(400);
    expect(unknownReason.body).toHaveProperty('reason');
    const other = await report(buyer, { target_type: 'product', target_id: product.id, reason: 'other' });
    expect(other.status).toBe(400);
    expect(other.body).toEqual({ details: ['Please describe the problem.'] });
    const long = await report(buyer, { target_type: 'product', target_id: product.id, reason: 'other', details: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ details: ['Ensure this field has no more than 1000 characters.'] });
    const ok = await report(buyer, { target_type: 'product', target_id: product.id, reason: 'other', details: 'x'.repeat(1000) });
    expect(ok.status).toBe(201);
  });

  it('needs a confirmed account', async () => {
    expect((await t.api.post('/api/reports/', { target_type: 'user', target_id: 1, reason: 'spam' })).status).toBe(401);
    const unconfirmed = await createUser(t, { verified: false });
    const other = await createUser(t);
    const res = await report(unconfirmed, { target_type: 'user', target_id: other.user.id, reason: 'spam' });
    expect(res.status).toBe(403);
  });

  it(`answers 429 past ${REPORTS_PER_DAY} reports a day; repeats stay free`, async () => {
    const reporter = await createUser(t);
    const targets = await Promise.all(Array.from({ length: REPORTS_PER_DAY + 1 }, () => createUser(t)));
    for (const target of targets.slice(0, REPORTS_PER_DAY)) {
      expect((await report(reporter, { target_type: 'user', target_id: target.user.id, reason: 'spam' })).status).toBe(201);
    }
    const over = await report(reporter, { target_type: 'user', target_id: targets[REPORTS_PER_DAY].user.id, reason: 'spam' });
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ detail: 'You have sent too many reports today. Please try again tomorrow.' });
    expect((await report(reporter, { target_type: 'user', target_id: targets[0].user.id, reason: 'spam' })).status).toBe(200);
  });

  it('never shows the reporter to the reported', async () => {
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    const product = await insertProduct(t, supplier.user.id);
    const buyer = await createUser(t, { firstName: 'Whistle' });
    await report(buyer, { target_type: 'product', target_id: product.id, reason: 'scam' });
    for (const url of ['/api/notifications/', `/api/products/${product.id}/`, '/api/me/', '/api/sync/']) {
      const res = await t.api.get(url, { token: supplier.token });
      expect(JSON.stringify(res.body), url).not.toContain('Whistle');
      expect(JSON.stringify(res.body), url).not.toContain(buyer.email);
    }
  });
});
