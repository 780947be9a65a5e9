import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localWrites } from '@server/db';
import { writesTo } from '@server/db/write-counter';
import { CATALOGUE_TABLES, PRODUCT_TABLES } from '@server/services/catalogue/cache';
import { createUser, startTestApp, type TestApp } from '../helpers';
import { firstCategoryId, insertProducts } from '../fixtures/catalogue';

/** Guest reads: one cache entry per meaning of a URL, kept until the catalogue itself changes, and load shed under lag. */
let t: TestApp;
let category: number;
beforeAll(async () => {
  // The production threshold: a loaded CI machine lagged this process past a low one, and the
  // cache's own reads were shed. The load-shedding test below has an app of its own.
  t = await startTestApp();
  const supplier = await createUser(t, { type: 'SUPPLIER' });
  category = await firstCategoryId(t);
  await insertProducts(
    t,
    supplier.user.id,
    Array.from({ length: 7 }, () => ({})),
  );
});
afterAll(async () => {
  await t.close();
});

describe('the cache key', () => {
  it('ignores unknown parameters and their order: the same answer and paging links for every spelling', async () => {
    const spellings = [
      `/api/products/?category=${category}&limit=2`,
      `/api/products/?limit=2&category=${category}&utm=${Math.random()}`,
      `/api/products/?limit=2&zzz=1&category=${category}&search=`,
    ];
    const answers = await Promise.all(spellings.map((url) => t.api.get(url)));
    for (const res of answers) expect(res.status).toBe(200);
    expect(new Set(answers.map((a) => a.headers.get('etag'))).size).toBe(1);
    expect(answers[1].body.next).toBe(`/api/products/?category=${category}&limit=2&offset=2`);
    expect(answers[2].body).toEqual(answers[0].body);
  });

  it('clamps limits: a limit above the largest page is the largest page', async () => {
    const big = await t.api.get('/api/products/?limit=100000');
    const max = await t.api.get('/api/products/?limit=100');
    expect(big.headers.get('etag')).toBe(max.headers.get('etag'));
  });
});

describe('what invalidates cached catalogue answers', () => {
  const catalogueWrites = () => writesTo(localWrites(t.db)!, CATALOGUE_TABLES);

  it('a failed sign-in, a sign-in or a wrong code changes nothing the catalogue is read from', async () => {
    const before = catalogueWrites();
    const user = await createUser(t);
    const after = catalogueWrites();
    const failed = await t.api.post('/api/auth/login/', { email: user.email, password: 'wrong password!' });
    expect(failed.status).toBe(401);
    const good = await t.api.post('/api/auth/login/', { email: user.email, password: user.password });
    expect(good.status).toBe(200);
    await t.api.post('/api/auth/otp/verify/', { email: user.email, otp: '000000' });
    expect(after).toBeGreaterThan(before); // a new user is a write to users, which products embed
    expect(catalogueWrites()).toBe(after);
  });

  it('a favourite tapped leaves product lists and details cached; hot selling, ordered by favourites, moves', async () => {
    const buyer = await createUser(t, { type: 'BUYER' });
    const productWrites = () => writesTo(localWrites(t.db)!, PRODUCT_TABLES);
    const product = (await t.api.get('/api/products/?limit=1')).body.results[0];
    const [lists, all] = [productWrites(), catalogueWrites()];
    const tapped = await t.api.post('/api/favorites/', { product: product.id }, { token: buyer.token });
    expect(tapped.status, JSON.stringify(tapped.body)).toBeLessThan(300);
    expect(productWrites()).toBe(lists);
    expect(catalogueWrites()).toBeGreaterThan(all);
    expect((await t.api.get('/api/products/hot-selling/?limit=1')).body.results[0].id).toBe(product.id);
  });

  it('a product written is seen at once', async () => {
    const before = await t.api.get('/api/products/?limit=1');
    const before2 = catalogueWrites();
    await t.db.updateTable('products').set({ name: 'Renamed just now' }).where('id', '=', before.body.results[0].id).execute();
    expect(catalogueWrites()).toBeGreaterThan(before2);
    expect((await t.api.get('/api/products/?limit=1')).body.results[0].name).toBe('Renamed just now');
  });
});

describe('load shedding', () => {
  let shedding: TestApp;
  beforeAll(async () => {
    shedding = await startTestApp({ maxEventLoopLagMs: 80 });
  });
  afterAll(async () => {
    await shedding.close();
  });

  it('answers reads 503 with Retry-After while the event loop lags, never health nor writes', async () => {
    const t = shedding;
    // Keep the event loop busy: 240 ms of work in every 250 ms, for about three seconds.
    const end = Date.now() + 3_000;
    const hog = setInterval(() => {
      const until = Date.now() + 240;
      while (Date.now() < until);
      if (Date.now() > end) clearInterval(hog);
    }, 10);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const [read, health, write] = await Promise.all([
      t.api.get('/api/products/'),
      t.api.get('/api/health/'),
      t.api.post('/api/auth/login/', { email: 'nobody@example.com', password: 'wrong password!' }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, end - Date.now()) + 1_200));
    expect(read.status).toBe(503);
    expect(read.headers.get('retry-after')).toBe('2');
    expect(read.body).toEqual({ detail: 'The server is busy. Please try again in a moment.' });
    expect(health.status).toBe(200);
    expect(write.status).toBe(401);
    // Once the lag is over, reads are answered again.
    expect((await t.api.get('/api/products/')).status).toBe(200);
  });
});
