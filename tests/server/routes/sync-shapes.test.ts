import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestApp, type TestApp, type TestUser } from '../helpers';
import { createProduct } from '../fixtures/catalogue';

/** GET /api/sync/?shape= (docs/api.md#shapes): one category's or one supplier's products, with a cursor of their own. */

let t: TestApp;
let supplier: TestUser;
let otherSupplier: TestUser;
let buyer: TestUser;
let tools: number;
let seeds: number;

beforeAll(async () => {
  t = await startTestApp();
  supplier = await createUser(t, { type: 'SUPPLIER' });
  otherSupplier = await createUser(t, { type: 'SUPPLIER' });
  buyer = await createUser(t, { type: 'BUYER' });
  const made = await t.db
    .insertInto('categories')
    .values([
      { name: 'Shape Tools', position: 900 },
      { name: 'Shape Seeds', position: 901 },
    ])
    .returning('id')
    .execute();
  [tools, seeds] = made.map((c) => c.id);
});
afterAll(async () => {
  await t.close();
});

interface Answer {
  cursor: string;
  has_more: boolean;
  reset: boolean;
  changes: Record<string, { upserted: Array<{ id: number; name: string; category: number | null }>; deleted: number[] }>;
}

const pullShape = async (shape: string, since?: string, limit?: number, token?: string) => {
  const q = new URLSearchParams({ shape });
  if (since) q.set('since', since);
  if (limit) q.set('limit', String(limit));
  const res = await t.api.get(`/api/sync/?${q}`, { token });
  expect({ q: String(q), status: res.status, body: res.status === 200 ? 'ok' : res.body }).toEqual({
    q: String(q),
    status: 200,
    body: 'ok',
  });
  return res.body as Answer;
};

/** Follows has_more to the end: the products the shape holds and those it lost, in order. */
const follow = async (shape: string, since?: string, limit?: number) => {
  const upserted: number[] = [];
  const deleted: number[] = [];
  let answer = await pullShape(shape, since, limit);
  for (;;) {
    upserted.push(...(answer.changes.products?.upserted.map((p) => p.id) ?? []));
    deleted.push(...(answer.changes.products?.deleted ?? []));
    if (!answer.has_more) return { upserted, deleted, cursor: answer.cursor };
    answer = await pullShape(shape, answer.cursor, limit);
  }
};

describe('GET /api/sync/?shape=', () => {
  it("pulls only the shape's products, page by page, in the resources' own shape", async () => {
    const a = await createProduct(t, supplier, { name: 'Spade', category_id: String(tools) });
    const b = await createProduct(t, supplier, { name: 'Rake', category_id: String(tools) });
    const c = await createProduct(t, otherSupplier, { name: 'Hoe', category_id: String(tools) });
    const d = await createProduct(t, supplier, { name: 'Maize seed', category_id: String(seeds) });

    const first = await pullShape(`category:${tools}`);
    expect(first.reset).toBe(false);
    expect(Object.keys(first.changes)).toEqual(['products']);
    expect(first.changes.products.upserted.map((p) => p.id)).toEqual([a.id, b.id, c.id]);
    expect(first.changes.products.upserted[0]).toEqual((await t.api.get(`/api/products/${a.id}/`)).body);

    const paged = await follow(`category:${tools}`, undefined, 2);
    expect(paged.upserted).toEqual([a.id, b.id, c.id]);

    const bySupplier = await follow(`supplier:${supplier.user.id}`);
    expect(bySupplier.upserted).toEqual([a.id, b.id, d.id]);
  });

  it('a later pull brings only what changed in the shape; an edit elsewhere is not news to it', async () => {
    const start = await follow(`category:${seeds}`);
    const again = await pullShape(`category:${seeds}`, start.cursor);
    expect(again.changes).toEqual({});
    const tool = await createProduct(t, supplier, { name: 'Sickle', category_id: String(tools) });
    expect((await pullShape(`category:${seeds}`, start.cursor)).changes.products).toBeUndefined();
    const seed = await createProduct(t, supplier, { name: 'Millet seed', category_id: String(seeds) });
    await t.api.patch(`/api/products/${tool.id}/`, { name: 'Sharp sickle' }, { token: supplier.token });
    const next = await follow(`category:${seeds}`, start.cursor);
    expect(next).toMatchObject({ upserted: [seed.id], deleted: [] });
  });

  it('a product moved to another category leaves the old shape as a tombstone and joins the new one', async () => {
    const product = await createProduct(t, supplier, { name: 'Trowel', category_id: String(tools) });
    const toolsAt = (await follow(`category:${tools}`)).cursor;
    const seedsAt = (await follow(`category:${seeds}`)).cursor;
    const moved = await t.api.patch(`/api/products/${product.id}/`, { category_id: seeds }, { token: supplier.token });
    expect(moved.status).toBe(200);

    expect(await follow(`category:${tools}`, toolsAt)).toMatchObject({ upserted: [], deleted: [product.id] });
    expect(await follow(`category:${seeds}`, seedsAt)).toMatchObject({ upserted: [product.id], deleted: [] });
    // Its supplier did not change: the supplier's shape sees an edit, not a departure.
    const mine = await follow(`supplier:${supplier.user.id}`);
    expect(mine.deleted).not.toContain(product.id);

    // Moved back within one pull: the shape holds it, it is not also deleted.
    await t.api.patch(`/api/products/${product.id}/`, { category_id: tools }, { token: supplier.token });
    await t.api.patch(`/api/products/${product.id}/`, { category_id: seeds }, { token: supplier.token });
    await t.api.patch(`/api/products/${product.id}/`, { category_id: tools }, { token: supplier.token });
    expect(await follow(`category:${tools}`, toolsAt)).toMatchObject({ upserted: [product.id], deleted: [] });

    // The classic feed never sees a departure as a deletion.
    const classic = await t.api.get('/api/sync/?collections=products&limit=1000');
    expect(classic.body.changes.products.deleted).not.toContain(product.id);
    expect(classic.body.changes.products.upserted.map((p: { id: number }) => p.id)).toContain(product.id);
  });

  it('a deleted product, or one whose category goes, is a tombstone of the shapes it was in', async () => {
    const doomed = await createProduct(t, supplier, { name: 'Broken fork', category_id: String(tools) });
    const toolsAt = (await follow(`category:${tools}`)).cursor;
    const supplierAt = (await follow(`supplier:${supplier.user.id}`)).cursor;
    expect((await t.api.delete(`/api/products/${doomed.id}/`, { token: supplier.token })).status).toBe(204);
    expect(await follow(`category:${tools}`, toolsAt)).toMatchObject({ upserted: [], deleted: [doomed.id] });
    expect(await follow(`supplier:${supplier.user.id}`, supplierAt)).toMatchObject({ upserted: [], deleted: [doomed.id] });

    const [gone] = await t.db.insertInto('categories').values({ name: 'Shape Gone', position: 902 }).returning('id').execute();
    const orphan = await createProduct(t, supplier, { name: 'Lonely item', category_id: String(gone.id) });
    const goneAt = (await follow(`category:${gone.id}`)).cursor;
    await t.db.deleteFrom('categories').where('id', '=', gone.id).execute();
    // The category is gone: its shape is refused, so a device leaves it (docs/api.md#shapes).
    const refused = await t.api.get(`/api/sync/?shape=category:${gone.id}&since=${goneAt}`);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ shape: [expect.stringContaining(`category ${gone.id}`)] });
    // The product lives on, in its supplier's shape.
    expect((await follow(`supplier:${supplier.user.id}`, supplierAt)).upserted).toContain(orphan.id);
    const tombstones = await t.db.selectFrom('tombstones').select(['collection', 'category_id']).where('row_id', '=', orphan.id).execute();
    expect(tombstones).toEqual([{ collection: 'products:exit', category_id: gone.id }]);
  });

  it('a signed-in device sees its own favourites in a shared shape page', async () => {
    const product = await createProduct(t, supplier, { name: 'Watering can', category_id: String(seeds) });
    await t.api.post('/api/favorites/', { product: product.id }, { token: buyer.token });
    const guest = await pullShape(`category:${seeds}`, undefined, 1000);
    const mine = await pullShape(`category:${seeds}`, undefined, 1000, buyer.token);
    const shown = (a: Answer) => a.changes.products.upserted.find((p) => p.id === product.id);
    expect(shown(guest)).toMatchObject({ is_favorited: false });
    expect(shown(mine)).toMatchObject({ is_favorited: true });
  });

  it('a bad or unknown shape, or one asked with other collections, is a 400 naming the shape', async () => {
    for (const shape of ['colour:red', 'category:', 'category:abc', 'category:0', 'supplier:99999999999', 'category:999999']) {
      const res = await t.api.get(`/api/sync/?shape=${encodeURIComponent(shape)}`);
      expect({ shape, status: res.status }).toEqual({ shape, status: 400 });
      expect(res.body).toEqual({ shape: [expect.any(String)] });
    }
    // A buyer is not a supplier: no shape of theirs.
    expect((await t.api.get(`/api/sync/?shape=supplier:${buyer.user.id}`)).status).toBe(400);
    const mixed = await t.api.get(`/api/sync/?shape=category:${tools}&collections=products,favorites`);
    expect(mixed.status).toBe(400);
    expect(mixed.body).toEqual({ shape: [expect.any(String)] });
    expect((await t.api.get(`/api/sync/?shape=category:${tools}&collections=products`)).status).toBe(200);
  });

  it('a shape cursor older than the pruned tombstones answers the whole shape again, with reset', async () => {
    const at = (await follow(`category:${seeds}`)).cursor;
    const doomed = await createProduct(t, supplier, { name: 'Old seed', category_id: String(seeds) });
    await t.api.delete(`/api/products/${doomed.id}/`, { token: supplier.token });
    await t.db
      .updateTable('tombstones')
      .set({ deleted_at: new Date(Date.now() - 91 * 86_400_000) })
      .execute();
    const { pruneTombstones } = await import('@server/sync/tombstones');
    await pruneTombstones(t.db);

    const answer = await pullShape(`category:${seeds}`, at, 1000);
    expect(answer.reset).toBe(true);
    const inShape = await t.db.selectFrom('products').select('id').where('category_id', '=', seeds).orderBy('id').execute();
    expect(answer.changes.products.upserted.map((p) => p.id).sort((a, b) => a - b)).toEqual(inShape.map((p) => p.id));
    expect((await pullShape(`category:${seeds}`, answer.cursor)).reset).toBe(false);
  });

  it('the classic call without a shape still answers every collection', async () => {
    const res = await t.api.get('/api/sync/?limit=1000');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.changes)).toEqual(expect.arrayContaining(['categories', 'products']));
    expect(Object.keys(res.body.changes)).not.toContain('products:exit');
  });
});
