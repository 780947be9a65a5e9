import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestApp, type TestApp, type TestUser } from '../helpers';
import { createProduct } from '../fixtures/catalogue';

let t: TestApp;
let supplier: TestUser;
let buyer: TestUser;
let product: { id: number };

beforeAll(async () => {
  t = await startTestApp();
  supplier = await createUser(t, { type: 'SUPPLIER' });
  buyer = await createUser(t, { type: 'BUYER', firstName: 'Chioma' });
  product = await createProduct(t, supplier);
});
afterAll(async () => {
  await t.close();
});

const url = (id: number) => `/api/products/${id}/reviews/`;

describe('POST /api/products/{id}/reviews/', () => {
  it('adds a buyer review, updates the rating and notifies the supplier', async () => {
    const res = await t.api.post(url(product.id), { rating: 4, comment: 'Good quality, fast delivery.' }, { token: buyer.token });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      rating: 4,
      comment: 'Good quality, fast delivery.',
      created_at: expect.any(String),
      updated_at: expect.any(String),
      reviewer: expect.objectContaining({ id: buyer.user.id, first_name: 'Chioma' }),
      product: product.id,
    });
    const other = await createUser(t, { type: 'BUYER' });
    await t.api.post(url(product.id), { rating: '5' }, { token: other.token });
    const after = (await t.api.get(`/api/products/${product.id}/`)).body;
    expect(after).toMatchObject({ average_rating: 4.5, reviews_count: 2 });
    const notes = await t.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', supplier.user.id)
      .where('kind', '=', 'new_review')
      .execute();
    expect(notes).toHaveLength(2);
    expect(notes[0].link).toBe(`/products/${product.id}`);
  });

  it('allows one review per buyer per product', async () => {
    const res = await t.api.post(url(product.id), { rating: 2 }, { token: buyer.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'You have already submitted a review for this product.' });
    expect((await t.api.get(`/api/products/${product.id}/`)).body.reviews_count).toBe(2);
  });

  it.each([[{}], [{ rating: 0 }], [{ rating: 6 }], [{ rating: '' }], [{ rating: 'five' }], [{ rating: 3.5 }]])(
    'requires a star rating 1-5: %o',
    async (body) => {
      const fresh = await createUser(t, { type: 'BUYER' });
      const res = await t.api.post(url(product.id), body, { token: fresh.token });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ rating: ['Please select a star rating.'] });
    },
  );

  it('accepts a multipart form without a comment', async () => {
    const fresh = await createUser(t, { type: 'BUYER' });
    const form = new FormData();
    form.append('rating', '3');
    const res = await t.api.post(url(product.id), form, { token: fresh.token });
    expect(res.status).toBe(201);
    expect(res.body.comment).toBe('');
  });

  it('answers a repeated client_id with the first review (200) and creates nothing', async () => {
    const otherProduct = await createProduct(t, supplier);
    const fresh = await createUser(t, { type: 'BUYER' });
    const clientId = randomUUID();
    const first = await t.api.post(url(otherProduct.id), { rating: 5, client_id: clientId }, { token: fresh.token });
    expect(first.status).toBe(201);
    const again = await t.api.post(url(otherProduct.id), { rating: 1, client_id: clientId }, { token: fresh.token });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await t.api.get(`/api/products/${otherProduct.id}/`)).body.reviews_count).toBe(1);
    const badId = await t.api.post(url(otherProduct.id), { rating: 1, client_id: 'nope' }, { token: fresh.token });
    expect(badId.status).toBe(400);
    expect(Object.keys(badId.body)).toEqual(['client_id']);
  });

  it('authorization matrix: only verified buyers review, never the supplier', async () => {
    const unverified = await createUser(t, { type: 'BUYER', verified: false });
    const otherSupplier = await createUser(t, { type: 'SUPPLIER' });
    expect((await t.api.post(url(product.id), { rating: 5 })).status).toBe(401);
    expect((await t.api.post(url(product.id), { rating: 5 }, { token: supplier.token })).status).toBe(403);
    expect((await t.api.post(url(product.id), { rating: 5 }, { token: otherSupplier.token })).status).toBe(403);
    expect((await t.api.post(url(product.id), { rating: 5 }, { token: unverified.token })).status).toBe(403);
    expect((await t.api.post(url(999999), { rating: 5 }, { token: buyer.token })).status).toBe(404);
  });
});

describe('GET /api/products/{id}/reviews/', () => {
  it('pages the reviews of one product, newest first, for anyone', async () => {
    const res = await t.api.get(`${url(product.id)}?limit=2`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(3);
    expect(res.body.results).toHaveLength(2);
    expect(res.body.next).toContain('offset=2');
    expect(res.body.results.every((r: { product: number }) => r.product === product.id)).toBe(true);
    expect((await t.api.get(url(999999))).status).toBe(404);
  });
});

describe('PATCH /api/products/{productId}/reviews/{reviewId}/', () => {
  it('lets the reviewer edit the comment only, and nobody else', async () => {
    const mine = (await t.api.get(url(product.id))).body.results.find((r: { reviewer: { id: number } }) => r.reviewer.id === buyer.user.id);
    const path = `/api/products/${product.id}/reviews/${mine.id}/`;
    const res = await t.api.patch(path, { comment: 'Second order was even better.', rating: 1 }, { token: buyer.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: mine.id, comment: 'Second order was even better.', rating: 4 });

    const other = await createUser(t, { type: 'BUYER' });
    expect((await t.api.patch(path, { comment: 'x' })).status).toBe(401);
    const denied = await t.api.patch(path, { comment: 'x' }, { token: other.token });
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toEqual(expect.any(String));
    expect((await t.api.patch(path, { comment: 'x' }, { token: supplier.token })).status).toBe(403);
    const elsewhere = await createProduct(t, supplier);
    expect((await t.api.patch(`/api/products/${elsewhere.id}/reviews/${mine.id}/`, { comment: 'x' }, { token: buyer.token })).status).toBe(
      404,
    );
    expect((await t.api.get(url(product.id))).body.results.find((r: { id: number }) => r.id === mine.id).comment).toBe(
      'Second order was even better.',
    );
  });
});

describe('ratings stay true to the reviews', () => {
  it('recomputes when a reviewer account is deleted, even with its own products going too', async () => {
    const p = await createProduct(t, supplier);
    const a = await createUser(t, { type: 'BUYER' });
    const b = await createUser(t, { type: 'BUYER' });
    await t.api.post(url(p.id), { rating: 5 }, { token: a.token });
    await t.api.post(url(p.id), { rating: 2 }, { token: b.token });
    expect((await t.api.get(`/api/products/${p.id}/`)).body).toMatchObject({ average_rating: 3.5, reviews_count: 2 });
    await t.db.deleteFrom('users').where('id', '=', a.user.id).execute();
    expect((await t.api.get(`/api/products/${p.id}/`)).body).toMatchObject({ average_rating: 2, reviews_count: 1 });
    // A supplier with reviewed products deleted at once: products, reviews and ratings go together.
    await t.db.deleteFrom('users').where('id', '=', supplier.user.id).execute();
    expect((await t.api.get(`/api/products/${p.id}/`)).status).toBe(404);
  });
});
