import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestApp, type TestApp, type TestUser } from '../helpers';
import { createProduct } from '../fixtures/catalogue';

let t: TestApp;
let supplier: TestUser;
let buyer: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  supplier = await createUser(t, { type: 'SUPPLIER' });
  buyer = await createUser(t, { type: 'BUYER' });
  other = await createUser(t, { type: 'BUYER' });
});
afterAll(async () => {
  await t.close();
});

type Changes = Record<string, { upserted: Array<{ id: number } & Record<string, unknown>>; deleted: number[] }>;
const pull = async (since?: string, token?: string, limit?: number) => {
  const q = new URLSearchParams();
  if (since) q.set('since', since);
  if (limit) q.set('limit', String(limit));
  const res = await t.api.get(`/api/sync/?${q}`, { token });
  expect(res.status).toBe(200);
  return res.body as { cursor: string; has_more: boolean; reset: boolean; changes: Changes };
};
/** Follows has_more to the end, merging pages. */
const pullAll = async (since?: string, token?: string, limit?: number) => {
  let answer = await pull(since, token, limit);
  const pages = [answer];
  while (answer.has_more) {
    answer = await pull(answer.cursor, token, limit);
    pages.push(answer);
  }
  return { cursor: answer.cursor, pages };
};
const ids = (changes: Changes, collection: string) => (changes[collection]?.upserted ?? []).map((i) => i.id);

describe('GET /api/sync/', () => {
  let cursor: string;
  let productId: number;

  it("first pull: everything public, in the resources' own shapes", async () => {
    const product = await createProduct(t, supplier);
    productId = product.id;
    await t.db.insertInto('banners').values({ image_url: '/media/banner.png', title: 'Harvest sale', link: '/flash-deals' }).execute();
    const answer = await pull();
    expect(answer.cursor).toMatch(/^v2\.\d+\.\d+\.\d+$/);
    expect(answer.has_more).toBe(false);
    expect(answer.reset).toBe(false);
    expect(answer.changes.categories.upserted.length).toBeGreaterThanOrEqual(12);
    // position: the display order of GET /api/categories/ and /api/banners/, for devices that sort what they hold.
    // names / titles: every language, so a device switches language offline (docs/api.md#content-languages).
    expect(answer.changes.categories.upserted[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      names: { en: expect.any(String), fr: expect.any(String), tr: expect.any(String) },
      position: expect.any(Number),
    });
    // A banner without translations shows its own (English) title in every language.
    const harvest = { en: 'Harvest sale', fr: 'Harvest sale', tr: 'Harvest sale' };
    expect(answer.changes.banners.upserted).toEqual([
      {
        id: expect.any(Number),
        image_url: '/media/banner.png',
        title: 'Harvest sale',
        titles: harvest,
        link: '/flash-deals',
        position: expect.any(Number),
      },
    ]);
    const detail = (await t.api.get(`/api/products/${product.id}/`)).body;
    expect(answer.changes.products.upserted).toEqual([detail]);
    expect(answer.changes.favorites).toBeUndefined();
    cursor = answer.cursor;
  });

  it('an empty pull is one small answer', async () => {
    const res = await t.api.get(`/api/sync/?since=${cursor}`, { token: buyer.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ cursor, has_more: false, reset: false, changes: {} });
    expect(JSON.stringify(res.body).length).toBeLessThan(1024);
  });

  it('pull after another user creates, updates and deletes', async () => {
    const created = await createProduct(t, supplier, { name: 'Fresh yams' });
    let answer = await pull(cursor, buyer.token);
    expect(ids(answer.changes, 'products')).toEqual([created.id]);
    cursor = answer.cursor;

    await t.api.patch(`/api/products/${created.id}/`, { name: 'Fresh yams, 10 kg' }, { token: supplier.token });
    answer = await pull(cursor, buyer.token);
    expect(answer.changes.products.upserted.map((p) => p.name)).toEqual(['Fresh yams, 10 kg']);
    cursor = answer.cursor;

    await t.api.delete(`/api/products/${created.id}/`, { token: supplier.token });
    answer = await pull(cursor, buyer.token);
    expect(answer.changes.products).toEqual({ upserted: [], deleted: [created.id] });
    cursor = answer.cursor;
  });

  it("sends a product again when its supplier's profile or its rating changes", async () => {
    await t.db.updateTable('supplier_profiles').set({ company_name: 'Renamed Ltd' }).where('user_id', '=', supplier.user.id).execute();
    let answer = await pull(cursor);
    expect(
      answer.changes.products.upserted.map(
        (p) => (p.supplier as { supplier_profile: { company_name: string } }).supplier_profile.company_name,
      ),
    ).toEqual(['Renamed Ltd']);
    cursor = answer.cursor;
    await t.api.post(`/api/products/${productId}/reviews/`, { rating: 5 }, { token: other.token });
    answer = await pull(cursor);
    expect(answer.changes.products.upserted).toEqual([expect.objectContaining({ id: productId, reviews_count: 1, average_rating: 5 })]);
  });

  it('scopes favourites and reviews to their owner, tombstones too', async () => {
    const start = (await pull()).cursor;
    const mine = await t.api.post('/api/favorites/', { product: productId }, { token: buyer.token });
    await t.api.post('/api/favorites/', { product: productId }, { token: other.token });
    const review = await t.api.post(`/api/products/${productId}/reviews/`, { rating: 4, comment: 'Nice' }, { token: buyer.token });

    const forBuyer = (await pullAll(start, buyer.token)).pages.map((p) => p.changes);
    const favs = forBuyer.flatMap((c) => c.favorites?.upserted ?? []);
    // Favourites carry the product as it is now (here: with the buyer's review counted).
    expect(favs).toEqual([{ ...mine.body, product: expect.objectContaining({ id: productId, reviews_count: 2, is_favorited: true }) }]);
    expect(forBuyer.flatMap((c) => c.reviews?.upserted ?? [])).toEqual([review.body]);

    const forOther = (await pullAll(start, other.token)).pages.map((p) => p.changes);
    expect(forOther.flatMap((c) => c.favorites?.upserted ?? []).map((f) => f.id)).not.toContain(mine.body.id);
    expect(forOther.flatMap((c) => c.reviews?.upserted ?? [])).toEqual([]);

    const forGuest = await pull(start);
    expect(forGuest.changes.favorites).toBeUndefined();
    expect(forGuest.changes.reviews).toBeUndefined();

    const beforeDelete = (await pull(undefined, buyer.token, 1000)).cursor;
    await t.api.delete(`/api/favorites/by-product/${productId}/`, { token: buyer.token });
    expect((await pull(beforeDelete, buyer.token)).changes.favorites).toEqual({ upserted: [], deleted: [mine.body.id] });
    expect((await pull(beforeDelete, other.token)).changes.favorites).toBeUndefined();
    expect((await pull(beforeDelete)).changes).toEqual({});
  });

  it('pages with has_more and a cursor, losing nothing', async () => {
    for (let i = 0; i < 4; i++) await createProduct(t, supplier, { name: `Paged ${i}` });
    const everything = await pull(undefined, undefined, 1000);
    const { pages } = await pullAll(undefined, undefined, 3);
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.slice(0, -1).every((p) => p.has_more)).toBe(true);
    expect(pages.every((p) => Object.values(p.changes).reduce((n, c) => n + c.upserted.length + c.deleted.length, 0) <= 3)).toBe(true);
    const paged = pages
      .flatMap((p) => p.changes.products?.upserted ?? [])
      .map((p) => p.id)
      .sort();
    expect(paged).toEqual(ids(everything.changes, 'products').sort());
    expect(pages.at(-1)!.cursor).toBe(everything.cursor);
  });

  it('rejects a malformed cursor or limit', async () => {
    const res = await t.api.get('/api/sync/?since=banana');
    expect(res.status).toBe(400);
    expect(res.body.since).toEqual([expect.any(String)]);
    expect((await t.api.get('/api/sync/?limit=0')).status).toBe(400);
    expect((await t.api.get('/api/sync/?limit=1001')).status).toBe(400);
  });

  it('answers reset with a full snapshot for a cursor older than the pruned tombstones', async () => {
    const old = (await pull()).cursor;
    const doomed = await createProduct(t, supplier);
    await t.api.delete(`/api/products/${doomed.id}/`, { token: supplier.token });
    // The deletion happened more than 90 days ago, as far as pruning can tell.
    await t.db
      .updateTable('tombstones')
      .set({ deleted_at: new Date(Date.now() - 91 * 86_400_000) })
      .execute();
    const { pruneTombstones } = await import('@server/sync/tombstones');
    await pruneTombstones(t.db);
    expect(await t.db.selectFrom('tombstones').selectAll().execute()).toEqual([]);

    const answer = await pull(old, undefined, 1000);
    expect(answer.reset).toBe(true);
    expect(answer.changes.categories.upserted.length).toBeGreaterThanOrEqual(12);
    expect(ids(answer.changes, 'products')).not.toContain(doomed.id);

    // A cursor from after the pruning is still fine, and one from the future starts over too.
    expect((await pull(answer.cursor)).reset).toBe(false);
    const { rows } = await sql<{ n: number }>`select (pg_current_xact_id()::text::bigint + 1000)::bigint as n`.execute(t.db);
    expect((await pull(`v2.${rows[0].n}.0.0`)).reset).toBe(true);
    // Paging through the snapshot after a reset never resets again.
    const { pages } = await pullAll(old, undefined, 2);
    expect(pages[0].reset).toBe(true);
    expect(pages.slice(1).every((p) => !p.reset)).toBe(true);
  });
});

describe('cursors of the first format (v1, ordered by seq under the old global lock)', () => {
  it('answer reset with a full snapshot, then continue normally', async () => {
    const answer = await pull('v1.5.0', undefined, 1000);
    expect(answer.reset).toBe(true);
    expect(answer.changes.categories.upserted.length).toBeGreaterThanOrEqual(12);
    expect(answer.cursor).toMatch(/^v2\./);
    expect((await pull(answer.cursor)).reset).toBe(false);
  });
});

describe('GET /api/sync/?collections= (a stream per set of collections)', () => {
  it('answers only the named collections, with a cursor of their own', async () => {
    const product = await createProduct(t, supplier, { name: 'Stream Product' });
    await t.api.post('/api/favorites/', { product: product.id }, { token: buyer.token });
    const mine = await t.api.get('/api/sync/?collections=favorites,categories', { token: buyer.token });
    expect(mine.status).toBe(200);
    expect(Object.keys(mine.body.changes).sort()).toEqual(['categories', 'favorites']);
    const catalogue = await t.api.get('/api/sync/?collections=products', { token: buyer.token });
    expect(Object.keys(catalogue.body.changes)).toEqual(['products']);

    // Each stream moves on from its own cursor: a new product is news to the catalogue stream only.
    await createProduct(t, supplier, { name: 'Later Product' });
    const again = await t.api.get(`/api/sync/?collections=favorites,categories&since=${mine.body.cursor}`, { token: buyer.token });
    expect(again.body.changes).toEqual({});
    const more = await t.api.get(`/api/sync/?collections=products&since=${catalogue.body.cursor}`, { token: buyer.token });
    expect(more.body.changes.products.upserted.map((p: { name: string }) => p.name)).toEqual(['Later Product']);
  });

  it("the catalogue stream is made once for every device, never older than the last change, and favourites stay the viewer's own", async () => {
    const product = await createProduct(t, supplier, { name: 'Shared Page Product' });
    await t.api.post('/api/favorites/', { product: product.id }, { token: buyer.token });
    const first = await t.api.get('/api/sync/?collections=products&limit=1000');
    const second = await t.api.get('/api/sync/?collections=products&limit=1000');
    expect(second.body).toEqual(first.body);
    const shown = (body: { changes: Changes }) => body.changes.products.upserted.find((p) => p.id === product.id);
    expect(shown(first.body)).toMatchObject({ name: 'Shared Page Product', is_favorited: false });
    const mine = await t.api.get('/api/sync/?collections=products&limit=1000', { token: buyer.token });
    expect(shown(mine.body)).toMatchObject({ is_favorited: true });
    const theirs = await t.api.get('/api/sync/?collections=products&limit=1000', { token: other.token });
    expect(shown(theirs.body)).toMatchObject({ is_favorited: false });

    // An edit is in the very next pull of the same page, for guests and signed-in users alike.
    await t.api.patch(`/api/products/${product.id}/`, { name: 'Renamed Page Product' }, { token: supplier.token });
    for (const token of [undefined, buyer.token]) {
      const after = await t.api.get('/api/sync/?collections=products&limit=1000', { token });
      expect(shown(after.body)).toMatchObject({ name: 'Renamed Page Product' });
    }
    const next = await t.api.get(`/api/sync/?collections=products&limit=1000&since=${first.body.cursor}`);
    expect(next.body.changes.products.upserted.map((p: { name: string }) => p.name)).toEqual(['Renamed Page Product']);
  });

  it('a guest asking for a user collection gets nothing of it', async () => {
    const res = await t.api.get('/api/sync/?collections=favorites');
    expect(res.status).toBe(200);
    expect(res.body.changes).toEqual({});
  });

  it('an unknown collection is a 400 naming it', async () => {
    const res = await t.api.get('/api/sync/?collections=products,passwords');
    expect(res.status).toBe(400);
    expect(res.body.collections[0]).toContain('passwords');
  });
});
