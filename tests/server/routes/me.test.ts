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

const userRow = (id: number) => t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

function form(fields: Record<string, string | string[]>, files: Record<string, [Buffer, string]> = {}) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  for (const [name, [bytes, filename]] of Object.entries(files)) body.append(name, fileBlob(bytes), filename);
  return body;
}

describe('GET /api/me/', () => {
  it("answers the caller's own account with every field of its user", async () => {
    const { user, token } = await createUser(t, { type: 'SUPPLIER', country: 'CI' });
    const res = await t.api.get('/api/me/', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: user.id,
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      phone_number: user.phone_number,
      country: { code: 'CI', name: "Côte d'Ivoire" },
      user_type: 'SUPPLIER',
      is_first_login: false,
      is_verified: true,
      date_joined: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      currency: null,
      supplier_profile: { company_name: expect.any(String), about: '', logo_url: null, is_verified: false, industries: [] },
      buyer_profile: null,
      seller_average_rating: null,
      is_moderator: false,
    });
  });

  it('needs a valid token', async () => {
    expect((await t.api.get('/api/me/')).status).toBe(401);
    const bad = await t.api.get('/api/me/', { token: 'not.a.token' });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ detail: expect.any(String) });
    const { refresh } = await createUser(t);
    expect((await t.api.get('/api/me/', { token: refresh })).status).toBe(401);
  });
});

describe('PATCH /api/me/', () => {
  it('stores the currency from a form, as the web app sends it', async () => {
    const { user, token } = await createUser(t);
    const res = await t.api.patch('/api/me/', form({ currency: 'NGN' }), { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, currency: 'NGN' });
    expect((await userRow(user.id))!.currency).toBe('NGN');
  });

  it('changes names, phone and country from JSON', async () => {
    const { user, token } = await createUser(t);
    const res = await t.api.patch(
      '/api/me/',
      { first_name: ' Chidi ', last_name: 'Okafor', phone_number: '+90 555 000 1111', country: 'TR', currency: 'TRY' },
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      first_name: 'Chidi',
      last_name: 'Okafor',
      phone_number: '+90 555 000 1111',
      country: { code: 'TR', name: 'Türkiye' },
      currency: 'TRY',
    });
    expect((await userRow(user.id))!.first_name).toBe('Chidi');
  });

  it('rejects bad values and unknown fields and changes nothing', async () => {
    const { user, token } = await createUser(t);
    const before = await userRow(user.id);
    const cases: Array<[unknown, string]> = [
      [{ currency: 'GBP' }, 'currency'],
      [{ currency: 5 }, 'currency'],
      [{ first_name: '' }, 'first_name'],
      [{ first_name: 'x'.repeat(151) }, 'first_name'],
      [{ country: 'US' }, 'country'],
      [{ email: 'someone@else.com' }, 'email'],
      [{ is_verified: false }, 'is_verified'],
      [{ user_type: 'SUPPLIER' }, 'user_type'],
      [form({ currency: ['USD', 'EUR'] }), 'currency'],
      [form({ password: 'x' }), 'password'],
    ];
    for (const [body, field] of cases) {
      const res = await t.api.patch('/api/me/', body, { token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body[field], field).toEqual([expect.any(String)]);
    }
    const bad = await t.api.patch('/api/me/', form({}, { logo: [SAMPLE_FILES.png, 'a.png'] }), { token });
    expect(bad.status).toBe(400);
    const malformed = await t.api.call('PATCH', '/api/me/', '{"currency":', { token, headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(await userRow(user.id)).toEqual(before);
  });

  it('needs a signed-in user', async () => {
    expect((await t.api.patch('/api/me/', { currency: 'USD' })).status).toBe(401);
  });

  it("only ever changes the caller: another user's token changes its own account", async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const res = await t.api.patch('/api/me/', { currency: 'EUR', first_name: 'Mallory' }, { token: b.token });
    expect(res.body.id).toBe(b.user.id);
    expect(await userRow(a.user.id)).toEqual(a.user);
    expect((await t.api.get('/api/me/', { token: b.token })).body.email).toBe(b.email);
  });
});

describe('POST /api/me/set-account-type/', () => {
  it('makes a supplier with company, industries and a logo; no longer a first login', async () => {
    // A confirmed account: an unconfirmed one takes no files (upload-rights.test.ts).
    const { user, token } = await createUser(t, { type: null, verified: true });
    const res = await t.api.post(
      '/api/me/set-account-type/',
      form(
        {
          account_type: 'SUPPLIER',
          company_name: 'Lagos Textiles',
          industry_ids: [String(categoryIds[0]), String(categoryIds[1]), String(categoryIds[0])],
        },
        { logo: [SAMPLE_FILES.png, 'logo.png'] },
      ),
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: user.id,
      user_type: 'SUPPLIER',
      is_first_login: false,
      buyer_profile: null,
      supplier_profile: {
        company_name: 'Lagos Textiles',
        about: '',
        is_verified: false,
        industries: [
          { id: categoryIds[0], name: expect.any(String) },
          { id: categoryIds[1], name: expect.any(String) },
        ],
      },
    });
    const logo = await fetch(new URL(res.body.supplier_profile.logo_url, t.baseUrl));
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(await userRow(user.id)).toMatchObject({ user_type: 'SUPPLIER', is_first_login: false });
  });

  it('makes a buyer with a name and categories of interest, from JSON too', async () => {
    const { token } = await createUser(t, { type: null });
    const res = await t.api.post(
      '/api/me/set-account-type/',
      { account_type: 'BUYER', name: 'Awa Diop', category_ids: [categoryIds[2]] },
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      user_type: 'BUYER',
      is_first_login: false,
      supplier_profile: null,
      buyer_profile: { name: 'Awa Diop', logo_url: null, interested_categories: [{ id: categoryIds[2], name: expect.any(String) }] },
    });
  });

  it('requires a name and at least one category', async () => {
    const { user, token } = await createUser(t, { type: null });
    const message = 'Name and at least one category are required.';
    const cases: Array<[Record<string, string | string[]>, Record<string, string[]>]> = [
      [{ account_type: 'SUPPLIER', company_name: 'Only a name' }, { industry_ids: [message] }],
      [{ account_type: 'SUPPLIER', industry_ids: String(categoryIds[0]) }, { company_name: [message] }],
      [{ account_type: 'SUPPLIER', company_name: '  ', industry_ids: String(categoryIds[0]) }, { company_name: [message] }],
      [{ account_type: 'BUYER', name: 'A buyer' }, { category_ids: [message] }],
      [{ account_type: 'BUYER', category_ids: String(categoryIds[0]) }, { name: [message] }],
    ];
    for (const [fields, errors] of cases) {
      const res = await t.api.post('/api/me/set-account-type/', form(fields), { token });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body, JSON.stringify(fields)).toEqual(errors);
    }
    expect(await userRow(user.id)).toMatchObject({ user_type: null, is_first_login: true });
  });

  it('rejects unknown categories, bad ids, types and fields, and non-image logos, changing nothing', async () => {
    const { user, token } = await createUser(t, { type: null });
    const cases: Array<[FormData, string]> = [
      [form({ account_type: 'SUPPLIER', company_name: 'Co', industry_ids: ['999999'] }), 'industry_ids'],
      [form({ account_type: 'SUPPLIER', company_name: 'Co', industry_ids: ['abc'] }), 'industry_ids'],
      [form({ account_type: 'BUYER', name: 'B', category_ids: ['-1'] }), 'category_ids'],
      [form({ account_type: 'ADMIN', name: 'B', category_ids: [String(categoryIds[0])] }), 'account_type'],
      [form({ name: 'B', category_ids: [String(categoryIds[0])] }), 'account_type'],
      [form({ account_type: 'BUYER', name: 'B', category_ids: [String(categoryIds[0])], company_name: 'x' }), 'company_name'],
      [
        form({ account_type: 'BUYER', name: 'B', category_ids: [String(categoryIds[0])] }, { logo: [SAMPLE_FILES.htmlAsPng, 'logo.png'] }),
        'logo',
      ],
      [
        form({ account_type: 'BUYER', name: 'B', category_ids: [String(categoryIds[0])] }, { logo: [SAMPLE_FILES.pdf, 'logo.pdf'] }),
        'logo',
      ],
      [
        form({ account_type: 'BUYER', name: 'B', category_ids: [String(categoryIds[0])] }, { avatar: [SAMPLE_FILES.png, 'a.png'] }),
        'avatar',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await t.api.post('/api/me/set-account-type/', body, { token });
      expect(res.status, field).toBe(400);
      expect(res.body[field], field).toEqual([expect.any(String)]);
    }
    const missing = await t.api.post(
      '/api/me/set-account-type/',
      form({ account_type: 'SUPPLIER', company_name: 'Co', industry_ids: ['999999'] }),
      { token },
    );
    expect(missing.body).toEqual({ industry_ids: ['Invalid pk "999999" - object does not exist.'] });
    expect(await userRow(user.id)).toMatchObject({ user_type: null, is_first_login: true });
    expect(await t.db.selectFrom('buyer_profiles').selectAll().where('user_id', '=', user.id).executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom('supplier_profiles').selectAll().where('user_id', '=', user.id).executeTakeFirst()).toBeUndefined();
  });

  it('is done once', async () => {
    const { token } = await createUser(t, { type: 'BUYER' });
    const res = await t.api.post(
      '/api/me/set-account-type/',
      form({ account_type: 'SUPPLIER', company_name: 'Co', industry_ids: [String(categoryIds[0])] }),
      { token },
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'The account type is already set.' });
  });

  it('needs a signed-in user', async () => {
    expect(
      (await t.api.post('/api/me/set-account-type/', { account_type: 'BUYER', name: 'B', category_ids: [categoryIds[0]] })).status,
    ).toBe(401);
  });
});

describe('POST /api/me/delete-account/', () => {
  it('requires the password', async () => {
    const { user, token } = await createUser(t);
    for (const body of [{}, { password: '' }]) {
      const res = await t.api.post('/api/me/delete-account/', body, { token });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ password: ['Password is required to confirm deletion.'] });
    }
    expect(await userRow(user.id)).toBeDefined();
  });

  it('refuses a wrong password and counts it as a failed sign-in', async () => {
    const { user, token, email, password } = await createUser(t);
    const res = await t.api.post('/api/me/delete-account/', { password: 'not it' }, { token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ password: ['Incorrect password.'] });
    expect(await userRow(user.id)).toBeDefined();
    for (let i = 0; i < 9; i++) await t.api.post('/api/me/delete-account/', { password: `not it ${i}` }, { token });
    expect((await t.api.post('/api/auth/login/', { email, password })).status).toBe(429);
    const locked = await t.api.post('/api/me/delete-account/', { password }, { token });
    expect(locked.status).toBe(429);
    expect(await userRow(user.id)).toBeDefined();
  });

  it('deletes the account and everything of it; its tokens stop working', async () => {
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    const other = await createUser(t);
    await t.db.insertInto('supplier_industries').values({ user_id: supplier.user.id, category_id: categoryIds[0] }).execute();
    const res = await t.api.post('/api/me/delete-account/', { password: supplier.password }, { token: supplier.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: 'Account deleted successfully.' });
    expect(await userRow(supplier.user.id)).toBeUndefined();
    expect(
      await t.db.selectFrom('supplier_profiles').selectAll().where('user_id', '=', supplier.user.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await t.db.selectFrom('refresh_tokens').selectAll().where('user_id', '=', supplier.user.id).execute()).toEqual([]);
    expect((await t.api.get('/api/me/', { token: supplier.token })).status).toBe(401);
    expect((await t.api.post('/api/auth/token/refresh/', { refresh: supplier.refresh })).status).toBe(401);
    expect((await t.api.post('/api/auth/login/', { email: supplier.email, password: supplier.password })).status).toBe(401);
    expect((await t.api.get(`/api/users/${supplier.user.id}/`)).status).toBe(404);
    expect(await userRow(other.user.id)).toBeDefined();
  });

  it('needs a signed-in user, before looking at the body', async () => {
    expect((await t.api.post('/api/me/delete-account/', {})).status).toBe(401);
  });
});
