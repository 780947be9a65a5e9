import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestApp, type TestApp, type TestUser } from '../helpers';

/**
 * Bodies and queries written to hurt (docs/api.md#errors): each answers a small 400 in the
 * DRF shape. Forms are sent to the token refresh: sign-up, sign-in and codes take JSON alone
 * (auth-origin.test.ts).
 */
let t: TestApp;
let buyer: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  buyer = await createUser(t);
});
afterAll(async () => {
  await t.close();
});

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const JSON_TYPE = { 'content-type': 'application/json' };

describe('urlencoded bodies', () => {
  it('refuses 240 KB of one repeated field at once instead of parsing it in quadratic time', async () => {
    const body = 'a=b&'.repeat(60_000);
    const res = await t.api.post('/api/auth/token/refresh/', body, { headers: FORM });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'Too many fields in one request.' });
    // The server was never blocked: it still answers.
    expect((await t.api.get('/api/health/')).status).toBe(200);
  });

  it('keeps repeated fields as lists up to the limit', async () => {
    const ids = Array.from({ length: 50 }, (_, i) => `industry_ids=${i + 1}`).join('&');
    const res = await t.api.post('/api/auth/token/refresh/', `refresh=x&${ids}`, { headers: FORM });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ industry_ids: ['Unknown field.'] });
  });

  it('takes "__proto__", "constructor" and "toString" as plain (unknown) field names', async () => {
    const res = await t.api.post('/api/auth/token/refresh/', 'refresh=x&toString=1&constructor=2&__proto__=3', {
      headers: FORM,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(JSON.parse('{"toString":["Unknown field."],"constructor":["Unknown field."],"__proto__":["Unknown field."]}'));
  });
});

describe('JSON bodies', () => {
  it('refuses 5000-deep nesting with a 400, not a stack overflow', async () => {
    for (const body of ['['.repeat(5000) + ']'.repeat(5000), `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`]) {
      const res = await t.api.post('/api/auth/login/', body, { headers: JSON_TYPE });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'JSON parse error - the request body is nested too deeply.' });
    }
  });

  it('answers field errors, not an internal message, for keys named like Object methods', async () => {
    const res = await t.api.post('/api/auth/login/', {
      email: 'a@example.com',
      password: 'x',
      toString: 'x',
      constructor: 'y',
      valueOf: 1,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ toString: ['Unknown field.'], constructor: ['Unknown field.'], valueOf: ['Unknown field.'] });
  });

  it('refuses a "__proto__" key in the DRF shape', async () => {
    const res = await t.api.post('/api/auth/login/', '{"email":"a@example.com","password":"x","__proto__":{"is_verified":true}}', {
      headers: JSON_TYPE,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'JSON parse error - the keys "__proto__" and "constructor.prototype" are not allowed.' });
  });

  it('answers a choice error for an object whose "toString" is not a function', async () => {
    const res = await t.api.patch('/api/me/', { currency: { toString: 'x' } }, { token: buyer.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ currency: ['"object" is not a valid choice.'] });
  });

  it('answers an error of a few kilobytes for a 1 MB body of unknown keys', async () => {
    const body: Record<string, number> = {};
    for (let i = 0; i < 35_000; i++) body[`unknown_field_${i}`] = i;
    const text = JSON.stringify(body);
    expect(text.length).toBeGreaterThan(900_000);
    const res = await t.api.call('POST', '/api/auth/login/', text, { headers: JSON_TYPE });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).length).toBeLessThanOrEqual(20);
    const whole = res;
    expect(JSON.stringify(whole.body).length).toBeLessThan(8192);
  });

  it('quotes back at most 50 characters of a long wrong choice', async () => {
    const res = await t.api.patch('/api/me/', { currency: 'X'.repeat(100_000) }, { token: buyer.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ currency: [`"${'X'.repeat(50)}…" is not a valid choice.`] });
  });
});

describe('queries', () => {
  it('answers ?is_read=toString on notifications with a choice error, not a 500', async () => {
    for (const value of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      const res = await t.api.get(`/api/notifications/?is_read=${value}`, { token: buyer.token });
      expect(res.status, value).toBe(400);
      expect(res.body).toEqual({ is_read: ['Select a valid choice. That choice is not one of the available choices.'] });
    }
  });

  it('ignores query keys named like Object methods', async () => {
    const res = await t.api.get('/api/products/?toString=1&constructor=x&__proto__=y&hasOwnProperty=z');
    expect(res.status).toBe(200);
  });
});

describe('multipart and content types', () => {
  const multipartRoutes: Array<[string, string, boolean]> = [
    ['POST', '/api/auth/token/refresh/', false],
    ['POST', '/api/media/upload/', true],
    ['POST', '/api/products/', true],
    ['PATCH', '/api/me/', true],
    ['POST', '/api/favorites/', true],
  ];

  it('answers 400 for multipart without a boundary on every multipart route', async () => {
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    for (const [method, url, signedIn] of multipartRoutes) {
      const token = url === '/api/products/' ? supplier.token : signedIn ? buyer.token : undefined;
      const res = await t.api.call(method, url, 'garbage', { token, headers: { 'content-type': 'multipart/form-data' } });
      expect(res.status, url).toBe(400);
      expect(res.body, url).toEqual({ detail: 'Multipart form parse error - Invalid boundary in multipart: None' });
    }
  });

  it('answers 400 for a malformed or cut multipart body', async () => {
    const bodies = [
      'garbage',
      '--XX\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
      '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
    ];
    for (const [method, url, signedIn] of multipartRoutes.filter(([, u]) => u !== '/api/products/')) {
      for (const body of bodies) {
        const res = await t.api.call(method, url, body, {
          token: signedIn ? buyer.token : undefined,
          headers: { 'content-type': 'multipart/form-data; boundary=XX' },
        });
        expect(res.status, `${url} ${body}`).toBe(400);
        // A cut form is a parse error; a file sent where none is read is an unknown field: either way DRF's shape.
        const messages = Object.values(res.body as Record<string, unknown>).flat();
        expect(messages.length, `${url} ${body}`).toBeGreaterThan(0);
        expect(
          messages.every((m) => typeof m === 'string' && !/busboy|Error:|at /.test(m)),
          JSON.stringify(res.body),
        ).toBe(true);
      }
    }
  });

  it('answers 400 in the DRF shape for a content type the API does not read', async () => {
    const res = await t.api.call('POST', '/api/auth/token/refresh/', '<a/>', { headers: { 'content-type': 'application/xml' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'Unsupported media type "application/xml" in request.' });
    const text = await t.api.call('POST', '/api/auth/token/refresh/', 'hello', { headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(400);
    expect(text.body).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary.'] });
  });
});
