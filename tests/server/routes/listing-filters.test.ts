import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestApp, type TestApp } from '../helpers';
import { insertProducts } from '../fixtures/catalogue';

let t: TestApp;
let ids: Record<string, number>;

beforeAll(async () => {
  t = await startTestApp();
  const badge = await createUser(t, { type: 'SUPPLIER', badge: true });
  const plain = await createUser(t, { type: 'SUPPLIER' });
  const soon = new Date(Date.now() + 3_600_000);
  const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));
  const [rice, phone, fabric] = await insertProducts(t, badge.user.id, [
    { name: 'Rice 50 kg', min_price: '30.00', max_price: '35.00', created_at: at(1) },
    { name: 'Phone', min_price: '120.00', max_price: '150.00', created_at: at(2), price: '90.00', flash_deal_ends_at: soon },
    { name: 'Fabric roll', min_price: '8.00', max_price: '9.00', created_at: at(3) },
  ]);
  const [generator, bag] = await insertProducts(t, plain.user.id, [
    { name: 'Generator', min_price: '450.00', max_price: '600.00', created_at: at(4) },
    { name: 'Rice bag', min_price: '12.00', max_price: '14.00', created_at: at(5) },
  ]);
  ids = { rice: rice.id, phone: phone.id, fabric: fabric.id, generator: generator.id, bag: bag.id };
  await t.db.updateTable('products').set({ minimum_order_quantity: 50, quantity_in_stock: 40 }).where('id', '=', fabric.id).execute();
  await t.db.updateTable('products').set({ minimum_order_quantity: 10, quantity_in_stock: 100 }).where('id', '=', generator.id).execute();
  await t.db.updateTable('products').set({ average_rating: '4.50', reviews_count: 2 }).where('id', '=', rice.id).execute();
  await t.db.updateTable('products').set({ average_rating: '3.00', reviews_count: 1 }).where('id', '=', bag.id).execute();
});
afterAll(async () => {
  await t.close();
});

const names = async (query: string, path = '/api/products/') => {
  const res = await t.api.get(`${path}?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const byId = new Map(Object.entries(ids).map(([k, v]) => [v, k]));
  return res.body.results.map((p: { id: number }) => byId.get(p.id));
};

describe('sorting and filtering listings', () => {
  it('sorts by the price paid now (a running deal counts), newest and rating', async () => {
    expect(await names('ordering=price')).toEqual(['fabric', 'bag', 'rice', 'phone', 'generator']);
    expect(await names('ordering=-price')).toEqual(['generator', 'phone', 'rice', 'bag', 'fabric']);
    expect(await names('ordering=-created_at')).toEqual(['bag', 'generator', 'fabric', 'phone', 'rice']);
    expect(await names('ordering=-average_rating')).toEqual(['rice', 'bag', 'generator', 'fabric', 'phone']);
    // Without an ordering (or relevance) the listing keeps its own order.
    expect(await names('')).toEqual(await names('ordering=relevance'));
    expect(await names('search=rice&ordering=price')).toEqual(['bag', 'rice']);
  });

  it('filters by price range, minimum order, rating, verified supplier and stock', async () => {
    expect(await names('price_min=10&price_max=100&ordering=price')).toEqual(['bag', 'rice', 'phone']);
    expect(await names('moq_max=5&ordering=price')).toEqual(['bag', 'rice', 'phone']);
    expect(await names('rating_min=4')).toEqual(['rice']);
    expect(await names('verified=true&ordering=price')).toEqual(['fabric', 'rice', 'phone']);
    expect(await names('in_stock=1&ordering=price')).toEqual(['bag', 'rice', 'phone', 'generator']);
    expect(await names('verified=false&in_stock=0&price_min=')).toHaveLength(5);
    const res = await t.api.get('/api/products/?verified=true&limit=1');
    expect(res.body.count).toBe(3);
  });

  it('applies to the sections too: flash deals keep only running deals', async () => {
    expect(await names('ordering=-price', '/api/products/flash-deals/')).toEqual(['phone']);
    expect(await names('price_max=50', '/api/products/flash-deals/')).toEqual([]);
    expect(await names('verified=true&ordering=price', '/api/products/new-arrivals/')).toEqual(['fabric', 'rice', 'phone']);
  });

  it('refuses bad values with field errors', async () => {
    for (const [query, field] of [
      ['ordering=cheapest', 'ordering'],
      ['price_min=abc', 'price_min'],
      ['price_max=-1', 'price_max'],
      ['moq_max=0', 'moq_max'],
      ['rating_min=6', 'rating_min'],
      ['verified=maybe', 'verified'],
    ]) {
      const res = await t.api.get(`/api/products/?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body[field], query).toBeDefined();
    }
  });

  it('documents the parameters in OpenAPI', async () => {
    const doc = (await t.api.get('/api/docs/json')).body;
    const params = doc.paths['/api/products/'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(['ordering', 'price_min', 'price_max', 'moq_max', 'rating_min', 'verified', 'in_stock']));
  });
});
