import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/db/db';
import { deviceList } from '@/db/queries';
import type { ListQuery } from '@/db/listQuery';
import { pullStream } from '@/sync/pull/streams';
import { claimDevice } from '@/sync/session/deviceUser';
import { listingFilterParams, type ListingFilters } from '@/shared/listing-filters';
import { createUser, startTestApp, type TestApp } from '@tests/server/helpers';
import { insertProducts } from '@tests/server/fixtures/catalogue';
import { connectDevice, resetDevice } from '../device';

/**
 * Sorting and filtering give the same products online and offline: the server's answer for a
 * query against the device's own list over the catalogue it pulled (src/shared/listing-filters.ts).
 */
let t: TestApp;
let category: number;

beforeAll(async () => {
  t = await startTestApp();
  connectDevice(t);
  const badge = await createUser(t, { type: 'SUPPLIER', badge: true });
  const plain = await createUser(t, { type: 'SUPPLIER' });
  const categories = await t.db.selectFrom('categories').select('id').orderBy('id').limit(2).execute();
  category = categories[1].id;
  // A varied catalogue from a fixed seed: prices, deals, minimum orders, stock, ratings, two suppliers, two categories.
  let seed = 7;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const rows = Array.from({ length: 48 }, (_, i) => {
    const min = 1 + rand(300) + rand(100) / 100;
    const deal = rand(5) === 0;
    return {
      name: `${['Rice', 'Phone', 'Fabric', 'Generator'][i % 4]} lot ${i}`,
      min_price: min.toFixed(2),
      max_price: (min + 10).toFixed(2),
      category_id: categories[i % 2].id,
      created_at: new Date(Date.UTC(2026, 0, 1 + rand(20), rand(24))),
      price: deal ? (min * 0.8).toFixed(2) : null,
      flash_deal_ends_at: deal ? new Date(Date.now() + (rand(2) ? 86_400_000 : -86_400_000)) : null,
    };
  });
  const inserted = [
    ...(await insertProducts(t, badge.user.id, rows.slice(0, 24))),
    ...(await insertProducts(t, plain.user.id, rows.slice(24))),
  ];
  for (const p of inserted) {
    const moq = 1 + rand(60);
    await t.db
      .updateTable('products')
      .set({
        minimum_order_quantity: moq,
        quantity_in_stock: Math.max(1, moq + rand(40) - 10),
        average_rating: rand(3) === 0 ? '0.00' : (1 + rand(400) / 100).toFixed(2),
        reviews_count: rand(5),
      })
      .where('id', '=', p.id)
      .execute();
  }
  await resetDevice();
  await claimDevice(null);
  await pullStream('catalogue');
}, 60_000);
afterAll(async () => t?.close());

async function serverIds(query: ListQuery): Promise<number[]> {
  const section = query.section && query.section !== 'all' ? `${query.section}/` : '';
  const params = new URLSearchParams({ limit: '200', ...listingFilterParams(query.filters) });
  if (query.search) params.set('search', query.search);
  if (query.category) params.set('category', String(query.category));
  const res = await t.api.get(`/api/products/${section}?${params}`);
  expect(res.status).toBe(200);
  return res.body.results.map((p: { id: number }) => p.id);
}

const deviceIds = async (query: ListQuery) => (await deviceList(query, 200)).rows.map((p) => p.id);

const FILTERS: ListingFilters[] = [
  { ordering: 'price' },
  { ordering: '-price' },
  { ordering: '-created_at' },
  { ordering: '-average_rating' },
  { ordering: 'price', price_min: 50, price_max: 150 },
  { ordering: '-price', moq_max: 20 },
  { ordering: '-average_rating', rating_min: 3 },
  { ordering: 'price', verified: true, in_stock: true },
  { ordering: '-created_at', price_max: 100, rating_min: 2, in_stock: true },
];

describe('listing filters online and offline', () => {
  it('the device holds the whole catalogue', async () => {
    expect(await db.products.count()).toBe(48);
  });

  for (const filters of FILTERS) {
    for (const base of [{}, { section: 'new-arrivals' }, { section: 'flash-deals' }, { search: 'rice' }] as ListQuery[]) {
      it(`${JSON.stringify(base)} ${JSON.stringify(filters)}: the same products in the same order`, async () => {
        const query = { ...base, filters };
        const online = await serverIds(query);
        expect(await deviceIds(query)).toEqual(online);
      });
    }
    it(`a category with ${JSON.stringify(filters)}`, async () => {
      const query = { category, filters };
      const online = await serverIds(query);
      expect(online.length).toBeGreaterThan(0);
      expect(await deviceIds(query)).toEqual(online);
    });
  }

  it('filters without an ordering keep the listing order and select the same products', async () => {
    const query: ListQuery = { search: 'phone', filters: { price_max: 200, in_stock: true } };
    const online = await serverIds(query);
    expect(new Set(await deviceIds(query))).toEqual(new Set(online));
  });
});
