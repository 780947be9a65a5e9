import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestApp, type TestApp, type TestUser } from '../helpers';
import { insertProduct } from '../messaging-helpers';

/** What guests and strangers learn of a buyer: a display name and a picture, nothing more. */
let t: TestApp;
let buyer: TestUser;
let supplier: TestUser;
let categoryId: number;
beforeAll(async () => {
  t = await startTestApp();
  buyer = await createUser(t, { type: 'BUYER', firstName: 'Awa' });
  supplier = await createUser(t, { type: 'SUPPLIER' });
  categoryId = (await t.db.selectFrom('categories').select('id').executeTakeFirstOrThrow()).id;
  // The buyer's interests: profile data for the buyer and the people they chose to tell.
  await t.db.insertInto('buyer_categories').values({ user_id: buyer.user.id, category_id: categoryId }).execute();
});
afterAll(async () => {
  await t.close();
});

describe("reviews' reviewers", () => {
  it('show a guest the buyer name and picture, never their categories of interest', async () => {
    const product = await insertProduct(t, supplier.user.id);
    const review = await t.api.post(`/api/products/${product.id}/reviews/`, { rating: 5, comment: 'Great' }, { token: buyer.token });
    expect(review.status).toBe(201);
    for (const token of [undefined, supplier.token]) {
      const list = await t.api.get(`/api/products/${product.id}/reviews/`, { token });
      expect(list.status).toBe(200);
      const reviewer = list.body.results[0].reviewer;
      expect(reviewer.buyer_profile).toEqual({ name: expect.any(String), logo_url: null, interested_categories: [] });
      expect(reviewer.profile).toEqual(reviewer.buyer_profile);
      expect(JSON.stringify(list.body)).not.toContain('email');
    }
    // The buyer's own account still has them.
    const me = await t.api.get('/api/me/', { token: buyer.token });
    expect(me.body.buyer_profile.interested_categories).toEqual([{ id: categoryId, name: expect.any(String) }]);
  });
});

describe('opening a conversation', () => {
  it("answers a supplier asking for a buyer's id like an id that does not exist, and shows no profile", async () => {
    const missing = 987_654;
    const probe = await t.api.post('/api/conversations/', { participants: [buyer.user.id] }, { token: supplier.token });
    const none = await t.api.post('/api/conversations/', { participants: [missing] }, { token: supplier.token });
    expect(probe.status).toBe(400);
    expect(probe.body).toEqual({ participants: [`Invalid pk "${buyer.user.id}" - object does not exist.`] });
    expect(none.body).toEqual({ participants: [`Invalid pk "${missing}" - object does not exist.`] });
    const otherBuyer = await createUser(t, { type: 'BUYER' });
    const buyerProbe = await t.api.post('/api/conversations/', { participants: [buyer.user.id] }, { token: otherBuyer.token });
    expect(buyerProbe.body).toEqual(probe.body);
  });

  it("opens one with a supplier, showing each participant's public face only", async () => {
    const res = await t.api.post('/api/conversations/', { participants: [supplier.user.id] }, { token: buyer.token });
    expect(res.status).toBe(201);
    const me = res.body.participants.find((p: { id: number }) => p.id === buyer.user.id);
    expect(me.buyer_profile.interested_categories).toEqual([]);
    // The supplier can now answer in it (and reopen it), having been asked.
    const again = await t.api.post('/api/conversations/', { participants: [buyer.user.id] }, { token: supplier.token });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(res.body.id);
  });
});
