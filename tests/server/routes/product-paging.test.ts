import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestApp, type TestApp, type TestUser } from '../helpers';
import { insertProducts } from '../fixtures/catalogue';

/**
 * Product lists at size (docs/api.md#data-formats-and-paging): `next` links seek past the
 * last product, deep offsets answer a clear 400, broad matches are counted up to a limit and
 * estimated beyond it, and a search ranks its best candidates, then lists the rest.
 */
let t: TestApp;
let supplier: TestUser;
const TOTAL = 1_250;

beforeAll(async () => {
  // Paging, not load shedding, is tested here: the embedded database's long scans count as
  // event-loop lag on a busy machine, so shedding is off.
  t = await startTestApp({ maxEventLoopLagMs: 0 });
  supplier = await createUser(t, { type: 'SUPPLIER' });
  const start = Date.UTC(2026, 0, 1);
  // Every product's name holds "lamp"; one in five also names "brass".
  await insertProducts(
    t,
    supplier.user.id,
    Array.from({ length: TOTAL }, (_, i) => ({
      name: `${i % 5 === 0 ? 'Brass ' : ''}Lamp ${i}`,
      description: i % 7 === 0 ? 'Glass shade.' : 'A product.',
      created_at: new Date(start + i * 60_000),
    })),
  );
});
afterAll(async () => {
  await t.close();
});

/** Every page of a list, following `next` links to the end. */
async function walk(path: string) {
  const ids: number[] = [];
  let url: string | null = path;
  let pages = 0;
  while (url) {
    const res: { status: number; body: { next: string | null; results: Array<{ id: number }> } } = await t.api.get(url);
    expect(res.status).toBe(200);
    ids.push(...res.body.results.map((p) => p.id));
    url = res.body.next;
    pages++;
    expect(pages).toBeLessThan(100);
  }
  return ids;
}

describe('GET /api/products/ at size', () => {
  it('walks every product once through the next links', async () => {
    const first = await t.api.get('/api/products/?limit=100');
    // Within the offset window the links are plain DRF ones.
    expect(first.body.next).toBe('/api/products/?limit=100&offset=100');
    const ids = await walk('/api/products/?limit=100');
    expect(ids).toHaveLength(TOTAL);
    expect(new Set(ids).size).toBe(TOTAL);
  });

  it('counts up to 1000 matches exactly and estimates above, saying so', async () => {
    const broad = await t.api.get('/api/products/?limit=5');
    expect(broad.body.count).toBeGreaterThan(1000);
    expect(broad.body.count_estimated).toBe(true);
    const narrow = await t.api.get('/api/products/?search=brass&limit=5');
    expect(narrow.body.count).toBe(TOTAL / 5);
    expect(narrow.body).not.toHaveProperty('count_estimated');
  });

  it('refuses a bare offset past the window with a field error, and still serves one within it', async () => {
    const deep = await t.api.get('/api/products/?offset=10001');
    expect(deep.status).toBe(400);
    expect(deep.body).toEqual({ offset: [expect.stringContaining('next')] });
    const within = await t.api.get('/api/products/?offset=1200&limit=100');
    expect(within.status).toBe(200);
    expect(within.body.results).toHaveLength(TOTAL - 1200);
    expect(within.body.next).toBeNull();
  });

  it('answers a page past the last match empty, with the count and a link back', async () => {
    const res = await t.api.get('/api/products/?search=brass&limit=10&offset=5000');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: TOTAL / 5, next: null, previous: '/api/products/?limit=10&offset=4990&search=brass', results: [] });
  });

  it('answers 400 for a cursor that is not a product id', async () => {
    const res = await t.api.get('/api/products/?after=abc');
    expect(res.status).toBe(400);
    expect(res.body).toHaveProperty('after');
  });

  it('ranks name matches first, then lists every other match once, through the next links', async () => {
    const page = await t.api.get('/api/products/?search=lamp%20glass&limit=20');
    // Both words in the name of none: all matches have "glass" in the description only.
    expect(page.body.count).toBe(Math.ceil(TOTAL / 7));
    const ids = await walk('/api/products/?search=lamp&limit=100');
    expect(ids).toHaveLength(TOTAL);
    expect(new Set(ids).size).toBe(TOTAL);
    const brass = await t.api.get('/api/products/?search=brass%20lamp&limit=100');
    expect(brass.body.results.every((p: { name: string }) => p.name.startsWith('Brass'))).toBe(true);
  });

  it('pages a search by offset the same way as by the links', async () => {
    const byLinks = await walk('/api/products/?search=lamp&limit=100');
    const byOffset: number[] = [];
    for (let offset = 0; offset < TOTAL; offset += 100) {
      const res = await t.api.get(`/api/products/?search=lamp&limit=100&offset=${offset}`);
      byOffset.push(...res.body.results.map((p: { id: number }) => p.id));
    }
    expect(byOffset).toEqual(byLinks);
  });

  it('shows a product as it is now on any page read after it changed, however often its pages were read before', async () => {
    // Pages of the list and of a search's deeper matches, read so their order and cards are kept.
    const page = await t.api.get('/api/products/?limit=10&offset=30');
    const deep = await t.api.get('/api/products/?search=lamp&limit=10&offset=300');
    const [listed, found] = [page.body.results[0], deep.body.results[0]];
    for (const product of [listed, found]) {
      const res = await t.api.patch(`/api/products/${product.id}/`, { name: `${product.name} renamed` }, { token: supplier.token });
      expect(res.status).toBe(200);
    }
    // Other limits: not the answers cached for the first two URLs.
    const again = await t.api.get('/api/products/?limit=11&offset=30');
    expect(again.body.results[0]).toMatchObject({ id: listed.id, name: `${listed.name} renamed` });
    const deepAgain = await t.api.get('/api/products/?search=lamp&limit=11&offset=300');
    expect(deepAgain.body.results[0]).toMatchObject({ id: found.id, name: `${found.name} renamed` });
  });

  it('links pages past the offset window by their last product, which a bare offset cannot reach', async () => {
    const more = 9_000;
    await sql`
      insert into products (supplier_id, category_id, name, description, min_price, max_price, thumbnail_url,
                            minimum_order_quantity, quantity_in_stock, created_at)
      select ${supplier.user.id}, null, 'Old stock ' || g, 'A product.', 1, 2, '/media/none.png', 1, 10,
             timestamptz '2025-01-01' - make_interval(mins => g)
      from generate_series(1, ${more}) g`.execute(t.db);
    const all = TOTAL + more;
    const near = await t.api.get('/api/products/?limit=100&offset=9950');
    expect(near.status).toBe(200);
    expect(near.body.next).toMatch(/^\/api\/products\/\?limit=100&offset=10050&after=\d+$/);
    const ids = [...near.body.results.map((p: { id: number }) => p.id), ...(await walk(near.body.next))];
    expect(ids).toHaveLength(all - 9950);
    expect(new Set(ids).size).toBe(all - 9950);
    expect((await t.api.get('/api/products/?limit=100&offset=10050')).status).toBe(400);
  });
});
