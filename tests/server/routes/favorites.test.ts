import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestApp, type TestApp, type TestUser } from '../helpers';
import { createProduct } from '../fixtures/catalogue';

let t: TestApp;
let supplier: TestUser;
let buyer: TestUser;
let products: Array<{ id: number }>;

beforeAll(async () => {
  t = await startTestApp();
  supplier = await createUser(t, { type: 'SUPPLIER' });
  buyer = await createUser(t, { type: 'BUYER' });
  products = [await createProduct(t, supplier), await createProduct(t, supplier), await createProduct(t, supplier)];
});
afterAll(async () => {
  await t.close();
});

describe('favourites', () => {
  it('adds a favourite (201), notifies the supplier and lists it with the full product', async () => {
    const res = await t.api.post('/api/favorites/', { product: products[0].id }, { token: buyer.token });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      product: expect.objectContaining({ id: products[0].id, is_favorited: true }),
      created_at: expect.any(String),
    });
    const list = await t.api.get('/api/favorites/', { token: buyer.token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 1, next: null, previous: null });
    expect(list.body.results[0]).toEqual(res.body);
    const notes = await t.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', supplier.user.id)
      .where('kind', '=', 'new_favorite')
      .execute();
    expect(notes).toHaveLength(1);
    expect(notes[0].link).toBe(`/products/${products[0].id}`);
  });

  it('answers an existing favourite again with 200 and creates nothing', async () => {
    const again = await t.api.post('/api/favorites/', { product: products[0].id }, { token: buyer.token });
    expect(again.status).toBe(200);
    expect((await t.api.get('/api/favorites/', { token: buyer.token })).body.count).toBe(1);
  });

  it('answers a repeated client_id with the first result', async () => {
    const clientId = randomUUID();
    const form = new FormData();
    form.append('product', String(products[1].id));
    form.append('client_id', clientId);
    const first = await t.api.post('/api/favorites/', form, { token: buyer.token });
    expect(first.status).toBe(201);
    const repeat = await t.api.post('/api/favorites/', { product: products[1].id, client_id: clientId }, { token: buyer.token });
    expect(repeat.status).toBe(200);
    expect(repeat.body.id).toBe(first.body.id);
  });

  it('rejects an unknown or missing product with a field error', async () => {
    const unknown = await t.api.post('/api/favorites/', { product: 999999 }, { token: buyer.token });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ product: ['Invalid pk "999999" - object does not exist.'] });
    const missing = await t.api.post('/api/favorites/', {}, { token: buyer.token });
    expect(missing.body).toEqual({ product: ['This field is required.'] });
  });

  it("lists only the caller's own favourites", async () => {
    const other = await createUser(t, { type: 'BUYER' });
    await t.api.post('/api/favorites/', { product: products[2].id }, { token: other.token });
    const mine = await t.api.get('/api/favorites/', { token: buyer.token });
    expect(mine.body.results.map((f: { product: { id: number } }) => f.product.id).sort()).toEqual([products[0].id, products[1].id].sort());
    const theirs = await t.api.get('/api/favorites/', { token: other.token });
    expect(theirs.body.results.map((f: { product: { id: number } }) => f.product.id)).toEqual([products[2].id]);
    // Removing someone else's favourite is not possible: it is looked up among the caller's own.
    expect((await t.api.delete(`/api/favorites/by-product/${products[2].id}/`, { token: buyer.token })).status).toBe(404);
    expect((await t.api.get('/api/favorites/', { token: other.token })).body.count).toBe(1);
  });

  it('removes by product (204), then 404', async () => {
    const res = await t.api.delete(`/api/favorites/by-product/${products[0].id}/`, { token: buyer.token });
    expect(res.status).toBe(204);
    expect((await t.api.get(`/api/products/${products[0].id}/`, { token: buyer.token })).body.is_favorited).toBe(false);
    expect((await t.api.delete(`/api/favorites/by-product/${products[0].id}/`, { token: buyer.token })).status).toBe(404);
  });

  it('authorization matrix: guests 401, unverified 403, suppliers may favourite', async () => {
    const unverified = await createUser(t, { type: 'BUYER', verified: false });
    const guest = await t.api.post('/api/favorites/', { product: products[0].id });
    expect(guest.status).toBe(401);
    expect((await t.api.get('/api/favorites/')).status).toBe(401);
    expect((await t.api.delete(`/api/favorites/by-product/${products[0].id}/`)).status).toBe(401);
    expect((await t.api.post('/api/favorites/', { product: products[0].id }, { token: unverified.token })).status).toBe(403);
    const otherSupplier = await createUser(t, { type: 'SUPPLIER' });
    expect((await t.api.post('/api/favorites/', { product: products[0].id }, { token: otherSupplier.token })).status).toBe(201);
  });
});

describe('favourite notifications collapse', () => {
  const notesOf = (productId: number) =>
    t.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', supplier.user.id)
      .where('kind', '=', 'new_favorite')
      .where('link', '=', `/products/${productId}`)
      .execute();

  it('makes one notification per buyer and product a day, however often it is toggled, and removes it on unfavourite', async () => {
    const product = await createProduct(t, supplier);
    const fan = await createUser(t, { type: 'BUYER' });
    expect((await t.api.post('/api/favorites/', { product: product.id }, { token: fan.token })).status).toBe(201);
    expect(await notesOf(product.id)).toHaveLength(1);
    for (let i = 0; i < 3; i++) {
      expect((await t.api.delete(`/api/favorites/by-product/${product.id}/`, { token: fan.token })).status).toBe(204);
      expect(await notesOf(product.id)).toHaveLength(0);
      expect((await t.api.post('/api/favorites/', { product: product.id }, { token: fan.token })).status).toBe(201);
      expect(await notesOf(product.id)).toHaveLength(0);
    }
    // Another buyer of the same product is news.
    const other = await createUser(t, { type: 'BUYER' });
    await t.api.post('/api/favorites/', { product: product.id }, { token: other.token });
    expect(await notesOf(product.id)).toHaveLength(1);
    // A day later the first buyer's favourite is news again.
    await t.api.delete(`/api/favorites/by-product/${product.id}/`, { token: fan.token });
    await t.db
      .updateTable('favorite_notices')
      .set({ notified_at: new Date(Date.now() - 25 * 60 * 60_000) })
      .where('user_id', '=', fan.user.id)
      .execute();
    await t.api.post('/api/favorites/', { product: product.id }, { token: fan.token });
    expect(await notesOf(product.id)).toHaveLength(2);
  });

  it('leaves the notification of another buyer in place on unfavourite', async () => {
    const product = await createProduct(t, supplier);
    const [a, b] = [await createUser(t, { type: 'BUYER' }), await createUser(t, { type: 'BUYER' })];
    await t.api.post('/api/favorites/', { product: product.id }, { token: a.token });
    await t.api.post('/api/favorites/', { product: product.id }, { token: b.token });
    await t.api.delete(`/api/favorites/by-product/${product.id}/`, { token: a.token });
    const left = await notesOf(product.id);
    expect(left).toHaveLength(1);
    expect(left[0].params).toMatchObject({ user_id: b.user.id });
  });
});
