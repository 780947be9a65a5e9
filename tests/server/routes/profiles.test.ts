import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, fileBlob, SAMPLE_FILES, startTestApp, type TestApp } from '../helpers';

let t: TestApp;
let categoryIds: number[];
beforeAll(async () => {
  t = await startTestApp();
  categoryIds = (await t.db.selectFrom('categories').select('id').orderBy('id').execute()).map((c) => c.id);
});
afterAll(async () => {
  await t.close();
});

function form(fields: Record<string, string | string[]>, files: Record<string, [Buffer, string]> = {}) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  for (const [name, [bytes, filename]] of Object.entries(files)) body.append(name, fileBlob(bytes), filename);
  return body;
}

const supplierRow = (id: number) => t.db.selectFrom('supplier_profiles').selectAll().where('user_id', '=', id).executeTakeFirst();
const buyerRow = (id: number) => t.db.selectFrom('buyer_profiles').selectAll().where('user_id', '=', id).executeTakeFirst();
const industries = async (id: number) =>
  (await t.db.selectFrom('supplier_industries').select('category_id').where('user_id', '=', id).orderBy('category_id').execute()).map(
    (r) => r.category_id,
  );

describe('/api/profile/supplier/', () => {
  it("answers the supplier's own profile in the shape of GET /api/me/", async () => {
    const supplier = await createUser(t, { type: 'SUPPLIER', badge: true });
    const res = await t.api.get('/api/profile/supplier/', { token: supplier.token });
    expect(res.status).toBe(200);
    const me = await t.api.get('/api/me/', { token: supplier.token });
    expect(res.body).toEqual(me.body.supplier_profile);
    expect(res.body.is_verified).toBe(true);
  });

  it('is for suppliers only', async () => {
    const buyer = await createUser(t, { type: 'BUYER' });
    const res = await t.api.get('/api/profile/supplier/', { token: buyer.token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: expect.any(String) });
    expect((await t.api.patch('/api/profile/supplier/', form({ company_name: 'Taken over' }), { token: buyer.token })).status).toBe(403);
    expect((await t.api.get('/api/profile/supplier/')).status).toBe(401);
    const fresh = await createUser(t, { type: null });
    expect((await t.api.get('/api/profile/supplier/', { token: fresh.token })).status).toBe(403);
  });

  it('edits company name, about, logo and replaces the industries', async () => {
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    await t.db.insertInto('supplier_industries').values({ user_id: supplier.user.id, category_id: categoryIds[0] }).execute();
    const res = await t.api.patch(
      '/api/profile/supplier/',
      form(
        { company_name: 'Dakar Foods', about: 'Fresh produce since 1999', industry_ids: [String(categoryIds[1]), String(categoryIds[2])] },
        { logo: [SAMPLE_FILES.gif, 'logo.gif'] },
      ),
      { token: supplier.token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      company_name: 'Dakar Foods',
      about: 'Fresh produce since 1999',
      logo_url: expect.stringMatching(/^\/media\/[0-9a-f]{64}\.gif$/),
      industries: [
        { id: categoryIds[1], name: expect.any(String) },
        { id: categoryIds[2], name: expect.any(String) },
      ],
    });
    expect(await industries(supplier.user.id)).toEqual([categoryIds[1], categoryIds[2]]);
  });

  it('leaves what is not sent as it was', async () => {
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    await t.db.insertInto('supplier_industries').values({ user_id: supplier.user.id, category_id: categoryIds[3] }).execute();
    const before = await supplierRow(supplier.user.id);
    const res = await t.api.patch('/api/profile/supplier/', { about: 'Only the about' }, { token: supplier.token });
    expect(res.status).toBe(200);
    expect(await supplierRow(supplier.user.id)).toEqual({ ...before, about: 'Only the about' });
    expect(await industries(supplier.user.id)).toEqual([categoryIds[3]]);
  });

  it('keeps the name required and rejects bad input, changing nothing', async () => {
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    await t.db.insertInto('supplier_industries').values({ user_id: supplier.user.id, category_id: categoryIds[0] }).execute();
    const before = await supplierRow(supplier.user.id);
    const cases: Array<[unknown, string]> = [
      [form({ company_name: '' }), 'company_name'],
      [form({ company_name: '   ' }), 'company_name'],
      [{ company_name: null }, 'company_name'],
      [form({ company_name: 'x'.repeat(151) }), 'company_name'],
      [form({ about: 'x'.repeat(2001) }), 'about'],
      [form({ company_name: 'New', industry_ids: ['424242'] }), 'industry_ids'],
      [{ company_name: 'New', industry_ids: [] }, 'industry_ids'],
      [form({ name: 'Buyer field' }), 'name'],
      [form({ company_name: 'New' }, { logo: [SAMPLE_FILES.htmlAsPng, 'logo.png'] }), 'logo'],
      [form({ company_name: 'New' }, { logo: [SAMPLE_FILES.mp4, 'logo.mp4'] }), 'logo'],
    ];
    for (const [body, field] of cases) {
      const res = await t.api.patch('/api/profile/supplier/', body, { token: supplier.token });
      expect(res.status, field).toBe(400);
      expect(res.body[field], field).toEqual([expect.any(String)]);
    }
    expect(await supplierRow(supplier.user.id)).toEqual(before);
    expect(await industries(supplier.user.id)).toEqual([categoryIds[0]]);
  });

  it("never changes another supplier's profile", async () => {
    const a = await createUser(t, { type: 'SUPPLIER' });
    const b = await createUser(t, { type: 'SUPPLIER' });
    const before = await supplierRow(a.user.id);
    await t.api.patch('/api/profile/supplier/', form({ company_name: 'B Corp' }), { token: b.token });
    expect(await supplierRow(a.user.id)).toEqual(before);
    expect((await supplierRow(b.user.id))!.company_name).toBe('B Corp');
  });
});

describe('/api/profile/buyer/', () => {
  it("answers and edits the buyer's own profile", async () => {
    const buyer = await createUser(t, { type: 'BUYER' });
    const got = await t.api.get('/api/profile/buyer/', { token: buyer.token });
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ name: expect.any(String), logo_url: null, interested_categories: [] });

    const res = await t.api.patch(
      '/api/profile/buyer/',
      form({ name: 'Ayşe Yılmaz', category_ids: [String(categoryIds[4])] }, { logo: [SAMPLE_FILES.jpeg, 'me.jpg'] }),
      { token: buyer.token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      name: 'Ayşe Yılmaz',
      logo_url: expect.stringMatching(/\/media\/[0-9a-f]{64}\.jpg$/),
      interested_categories: [{ id: categoryIds[4], name: expect.any(String) }],
    });
    expect((await t.api.get('/api/me/', { token: buyer.token })).body.buyer_profile).toEqual(res.body);
  });

  it('is for buyers only and keeps the name required', async () => {
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    expect((await t.api.get('/api/profile/buyer/', { token: supplier.token })).status).toBe(403);
    const buyer = await createUser(t, { type: 'BUYER' });
    const before = await buyerRow(buyer.user.id);
    const blank = await t.api.patch('/api/profile/buyer/', form({ name: ' ' }), { token: buyer.token });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ name: ['This field may not be blank.'] });
    const wrongField = await t.api.patch('/api/profile/buyer/', form({ company_name: 'x' }), { token: buyer.token });
    expect(wrongField.body).toEqual({ company_name: ['Unknown field.'] });
    expect(await buyerRow(buyer.user.id)).toEqual(before);
  });
});
