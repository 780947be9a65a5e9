import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestApp, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('request bodies, as a DRF client sends them', () => {
  // Sign-up, sign-in and codes take JSON alone (auth-origin.test.ts); other routes take forms too.
  it('refreshes a token with an urlencoded body', async () => {
    const user = await createUser(t);
    const body = new URLSearchParams({ refresh: user.refresh }).toString();
    const res = await t.api.post('/api/auth/token/refresh/', body, { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ access: expect.any(String), refresh: expect.any(String) });
  });

  it('refreshes a token with a multipart body', async () => {
    const user = await createUser(t);
    const form = new FormData();
    form.set('refresh', user.refresh);
    const res = await t.api.post('/api/auth/token/refresh/', form);
    expect(res.status).toBe(200);
    expect(res.body.access).toEqual(expect.any(String));
  });

  it('answers field errors for a multipart body missing a field, as for JSON', async () => {
    const form = new FormData();
    form.set('old_password', 'x');
    form.set('new_password1', 'a new long password');
    const res = await t.api.post('/api/auth/password/change/', form, { token: (await createUser(t)).token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ new_password2: ['This field is required.'] });
  });
});

describe('null characters', () => {
  it('are refused in a JSON body, naming the field, and change nothing', async () => {
    const user = await createUser(t, { firstName: 'Ada' });
    const res = await t.api.patch('/api/me/', { first_name: 'A\u0000da' }, { token: user.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ first_name: ['Null characters are not allowed.'] });
    expect((await t.api.get('/api/me/', { token: user.token })).body.first_name).toBe('Ada');
  });

  it('are refused in a multipart field', async () => {
    const user = await createUser(t);
    const form = new FormData();
    form.set('currency', 'EUR\u0000');
    const res = await t.api.patch('/api/me/', form, { token: user.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ currency: ['Null characters are not allowed.'] });
  });

  it('are refused in a query', async () => {
    const res = await t.api.get('/api/products/?search=a%00b');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ search: ['Null characters are not allowed.'] });
  });
});

describe('paths and paging', () => {
  it('answers 404 for an id that is not plain digits', async () => {
    for (const id of ['0x10', '1e3', '-1', '0', '99999999999']) {
      const res = await t.api.get(`/api/products/${id}/`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ detail: 'Not found.' });
    }
  });

  it('refuses an offset too large to be a position, in the DRF shape', async () => {
    const res = await t.api.get('/api/products/?offset=100000000000000000000');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ offset: ['A valid non-negative integer is required.'] });
  });

  it('treats an empty filter as no filter', async () => {
    const res = await t.api.get('/api/products/?category=');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: expect.any(Number), results: expect.any(Array) });
  });
});
