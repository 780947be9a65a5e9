import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestApp, type TestApp, type TestUser } from '../helpers';
import { createProduct, firstCategoryId, productForm } from '../fixtures/catalogue';
import { SERVER_MESSAGES } from '@/shared/messages';

/** Quantity tiers and samples (docs/api.md#quantity-tiers-and-samples): the product form, Buy now by tier, samples, sorting by price at the minimum order. */

let t: TestApp;
let supplier: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  supplier = await createUser(t, { type: 'SUPPLIER' });
  buyer = await createUser(t, { type: 'BUYER' });
});
afterAll(async () => {
  await t.close();
});

// The form's product: 12.50..20.00, minimum order 5, stock 100.
const TIERS = [
  { min_quantity: 5, unit_price: '20.00' },
  { min_quantity: 50, unit_price: '15.00' },
  { min_quantity: 200, unit_price: '12.50' },
];

describe('price_tiers and sample_price on the product form', () => {
  it('takes tiers as a JSON string in a multipart form and reads them back everywhere; [] and null when none', async () => {
    const product = await createProduct(t, supplier, { price_tiers: JSON.stringify(TIERS), sample_price: '25' });
    expect(product.price_tiers).toEqual(TIERS);
    expect(product.sample_price).toBe('25.00');
    expect((await t.api.get(`/api/products/${product.id}/`)).body).toMatchObject({ price_tiers: TIERS, sample_price: '25.00' });
    const listed = (await t.api.get(`/api/products/?supplier=${supplier.user.id}`)).body.results;
    expect(listed.find((p: { id: number }) => p.id === product.id)).toMatchObject({ price_tiers: TIERS });
    const plain = await createProduct(t, supplier);
    expect(plain).toMatchObject({ price_tiers: [], sample_price: null });
    const synced = (await t.api.get('/api/sync/?collections=products&limit=500')).body.changes.products.upserted;
    expect(synced.find((p: { id: number }) => p.id === product.id)).toMatchObject({ price_tiers: TIERS, sample_price: '25.00' });
  });

  it('takes tiers as a JSON array, and PATCH replaces or clears them', async () => {
    const res = await t.api.post(
      '/api/products/',
      {
        name: 'Solar panel',
        description: '300 W.',
        min_price: '80',
        max_price: '100',
        quantity_in_stock: 1000,
        minimum_order_quantity: 10,
        category_id: await firstCategoryId(t),
        thumbnail: (await createProduct(t, supplier)).thumbnail_url,
        price_tiers: [
          { min_quantity: 10, unit_price: 100 },
          { min_quantity: 100, unit_price: '90.5' },
        ],
      },
      { token: supplier.token },
    );
    expect(res.status).toBe(201);
    expect(res.body.price_tiers).toEqual([
      { min_quantity: 10, unit_price: '100.00' },
      { min_quantity: 100, unit_price: '90.50' },
    ]);
    const patched = await t.api.patch(
      `/api/products/${res.body.id}/`,
      { price_tiers: [{ min_quantity: 10, unit_price: '95.00' }] },
      { token: supplier.token },
    );
    expect(patched.status).toBe(200);
    expect(patched.body.price_tiers).toEqual([{ min_quantity: 10, unit_price: '95.00' }]);
    // A new minimum order leaves the tiers that no longer start at it refused, until they are sent again.
    const moved = await t.api.patch(`/api/products/${res.body.id}/`, { minimum_order_quantity: 20 }, { token: supplier.token });
    expect(moved.status).toBe(400);
    expect(moved.body.price_tiers).toEqual([SERVER_MESSAGES.TIERS_START_AT_MINIMUM_ORDER]);
    const cleared = await t.api.patch(`/api/products/${res.body.id}/`, { price_tiers: [], sample_price: '' }, { token: supplier.token });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ price_tiers: [], sample_price: null });
  });

  it.each([
    [[{ min_quantity: 6, unit_price: '20.00' }], SERVER_MESSAGES.TIERS_START_AT_MINIMUM_ORDER],
    [
      [
        { min_quantity: 5, unit_price: '20.00' },
        { min_quantity: 5, unit_price: '19.00' },
      ],
      SERVER_MESSAGES.TIERS_QUANTITIES_ASCENDING,
    ],
    [
      [
        { min_quantity: 5, unit_price: '15.00' },
        { min_quantity: 10, unit_price: '16.00' },
      ],
      SERVER_MESSAGES.TIERS_PRICES_NOT_INCREASING,
    ],
    [[{ min_quantity: 5, unit_price: '20.01' }], SERVER_MESSAGES.TIERS_PRICE_IN_RANGE],
    [[{ min_quantity: 5, unit_price: '12.49' }], SERVER_MESSAGES.TIERS_PRICE_IN_RANGE],
    [Array.from({ length: 6 }, (_, i) => ({ min_quantity: 5 + i, unit_price: '15.00' })), SERVER_MESSAGES.TIERS_TOO_MANY],
    ['not json', SERVER_MESSAGES.TIERS_NOT_A_LIST],
  ])('refuses the tiers %j with 400 on price_tiers', async (tiers, message) => {
    const form = await productForm(t, { price_tiers: typeof tiers === 'string' ? tiers : JSON.stringify(tiers) });
    const res = await t.api.post('/api/products/', form, { token: supplier.token });
    expect(res.status).toBe(400);
    expect(res.body.price_tiers).toContain(message);
  });

  it('takes a new minimum order with its tiers, then clears them and the sample price, in multipart forms as the product form sends them', async () => {
    const product = await createProduct(t, supplier, { price_tiers: JSON.stringify(TIERS), sample_price: '25' });
    const moved = new FormData();
    moved.append('minimum_order_quantity', '10');
    moved.append('price_tiers', JSON.stringify([{ min_quantity: 10, unit_price: '18.00' }]));
    const res = await t.api.patch(`/api/products/${product.id}/`, moved, { token: supplier.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      minimum_order_quantity: 10,
      price_tiers: [{ min_quantity: 10, unit_price: '18.00' }],
      sample_price: '25.00',
    });
    const clear = new FormData();
    clear.append('price_tiers', '[]');
    clear.append('sample_price', '');
    const cleared = await t.api.patch(`/api/products/${product.id}/`, clear, { token: supplier.token });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ price_tiers: [], sample_price: null });
  });

  it('refuses a sample price of 0 or not a number', async () => {
    for (const sample_price of ['0', 'abc']) {
      const res = await t.api.post('/api/products/', await productForm(t, { sample_price }), { token: supplier.token });
      expect(res.status).toBe(400);
      expect(res.body.sample_price).toHaveLength(1);
    }
  });
});

describe('Buy now by tier, and samples', () => {
  const buy = (body: Record<string, unknown>) => t.api.post('/api/orders/', body, { token: buyer.token });

  it('prices each quantity at its tier: the order carries the unit price and the total', async () => {
    const product = await createProduct(t, supplier, { price_tiers: JSON.stringify(TIERS) });
    for (const [quantity, unit, total] of [
      [5, '20.00', '100.00'],
      [49, '20.00', '980.00'],
      [50, '15.00', '750.00'],
      [100, '15.00', '1500.00'],
    ] as const) {
      const res = await buy({ product: product.id, quantity });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ quantity, unit_price: unit, total });
    }
  });

  it('a running flash deal below the tier wins; the tier again once it ends', async () => {
    const product = await createProduct(t, supplier, { price_tiers: JSON.stringify(TIERS) });
    await t.db
      .updateTable('products')
      .set({ price: '10.00', flash_deal_ends_at: new Date(Date.now() + 3_600_000) })
      .where('id', '=', product.id)
      .execute();
    expect((await buy({ product: product.id, quantity: 60 })).body.unit_price).toBe('10.00');
    await t.db
      .updateTable('products')
      .set({ flash_deal_ends_at: new Date(Date.now() - 1000) })
      .where('id', '=', product.id)
      .execute();
    expect((await buy({ product: product.id, quantity: 60 })).body.unit_price).toBe('15.00');
  });

  it('orders one sample at the sample price below the minimum order; 400 without a sample price; idempotent by client_id', async () => {
    const product = await createProduct(t, supplier, { price_tiers: JSON.stringify(TIERS), sample_price: '25.00' });
    const client_id = randomUUID();
    const res = await buy({ product: product.id, sample: true, client_id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'requested', quantity: 1, unit_price: '25.00', total: '25.00', client_id });
    expect((await buy({ product: product.id, sample: true, client_id })).status).toBe(200);
    const without = await createProduct(t, supplier);
    const refused = await buy({ product: without.id, sample: true });
    expect(refused.status).toBe(400);
    expect(refused.body.sample).toEqual([SERVER_MESSAGES.NO_SAMPLE]);
    // Buy now still needs a quantity.
    expect((await buy({ product: without.id })).body.quantity).toEqual([SERVER_MESSAGES.REQUIRED]);
  });

  it('prices the buyer’s offers by the tier of their quantity (±10 % of it)', async () => {
    const product = await createProduct(t, supplier, { price_tiers: JSON.stringify(TIERS) });
    const conversation = await t.api.post(
      '/api/conversations/',
      { product: product.id, participants: [supplier.user.id] },
      { token: buyer.token },
    );
    const offer = (price: string, quantity: number) =>
      t.api.post(`/api/conversations/${conversation.body.id}/messages/`, { text: '', price, quantity }, { token: buyer.token });
    // 10 % below the 50+ tier (15.00) is 13.50: fine for 50, out of range for 5 (tier 20.00).
    expect((await offer('13.50', 50)).status).toBe(201);
    expect((await offer('13.50', 5)).status).toBe(400);
  });
});

describe('sorting and filtering by price use the price at the minimum order', () => {
  it('orders a tiered product by its first tier, not its minimum price, on the server', async () => {
    const seller = await createUser(t, { type: 'SUPPLIER' });
    const cheapMin = await createProduct(t, seller, {
      min_price: '5.00',
      max_price: '50.00',
      price_tiers: JSON.stringify([{ min_quantity: 5, unit_price: '50.00' }]),
    });
    const middle = await createProduct(t, seller, { min_price: '20.00', max_price: '30.00' });
    const ids = async (query: string) =>
      (await t.api.get(`/api/products/?supplier=${seller.user.id}&${query}`)).body.results.map((p: { id: number }) => p.id);
    expect(await ids('ordering=price')).toEqual([middle.id, cheapMin.id]);
    expect(await ids('ordering=-price')).toEqual([cheapMin.id, middle.id]);
    expect(await ids('price_max=30')).toEqual([middle.id]);
  });
});
