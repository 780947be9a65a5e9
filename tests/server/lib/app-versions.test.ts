import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMinAppVersion } from '@server/config';
import { APP_VERSION_NOT_A_NUMBER } from '@server/lib/app-versions';
import { APP_VERSION, MIN_APP_VERSION } from '@/shared/app-version';
import { SERVER_MESSAGES } from '@/shared/messages';
import { createProduct } from '../fixtures/catalogue';
import { createUser, startTestApp, type TestApp, type TestUser } from '../helpers';

/** The app versions the API serves (docs/api.md#app-versions). */
let t: TestApp;
let buyer: TestUser;
let productId: number;
const RANGE = `${MIN_APP_VERSION}-${APP_VERSION}`;
const stating = (version: string) => ({ headers: { 'X-App-Version': version } });

beforeAll(async () => {
  t = await startTestApp();
  buyer = await createUser(t, { type: 'BUYER' });
  productId = (await createProduct(t, await createUser(t, { type: 'SUPPLIER' }), { name: 'Versioned Kettle' })).id;
});
afterAll(async () => t?.close());

describe('the app versions the API serves', () => {
  it('names the range on every API answer, errors included', async () => {
    const list = await t.api.get('/api/products/');
    expect(list.status).toBe(200);
    expect(list.headers.get('x-supported-app-versions')).toBe(RANGE);
    const missing = await t.api.get('/api/products/999999/');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-supported-app-versions')).toBe(RANGE);
  });

  it('serves clients that state no version, the current one, or a newer one (a deploy half done)', async () => {
    for (const options of [{}, stating(String(APP_VERSION)), stating(String(APP_VERSION + 1))]) {
      const answer = await t.api.get('/api/me/', { token: buyer.token, ...options });
      expect(answer.status).toBe(200);
      expect(answer.body.email).toBe(buyer.email);
    }
  });

  it('refuses an app below the minimum with 426 and a detail, and changes nothing', async () => {
    const old = String(MIN_APP_VERSION - 1);
    const read = await t.api.get('/api/products/', stating(old));
    expect(read.status).toBe(426);
    expect(read.body).toEqual({ detail: SERVER_MESSAGES.APP_OUTDATED });
    expect(read.headers.get('x-supported-app-versions')).toBe(RANGE);

    const write = await t.api.post(
      '/api/favorites/',
      { product: productId, client_id: crypto.randomUUID() },
      {
        token: buyer.token,
        ...stating(old),
      },
    );
    expect(write.status).toBe(426);
    expect(write.body).toEqual({ detail: SERVER_MESSAGES.APP_OUTDATED });
    const favorites = await t.api.get('/api/favorites/', { token: buyer.token });
    expect(favorites.body.results).toEqual([]);

    // Refused before the token is read: an outdated app is told to update, not to sign in again.
    const badToken = await t.api.get('/api/me/', { token: 'not-a-token', ...stating(old) });
    expect(badToken.status).toBe(426);
  });

  it('answers an outdated app health checks, so it still knows the server is there', async () => {
    const health = await t.api.get('/api/health/', stating(String(MIN_APP_VERSION - 1)));
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
  });

  it('answers 400 to a version that is not a whole number', async () => {
    for (const bad of ['abc', '1.5', '-1', '']) {
      const answer = await t.api.get('/api/products/', stating(bad));
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ detail: APP_VERSION_NOT_A_NUMBER });
    }
  });
});

describe('MIN_APP_VERSION', () => {
  it('defaults to the code minimum and may raise it up to this build, never past it', () => {
    expect(readMinAppVersion(undefined)).toBe(MIN_APP_VERSION);
    expect(readMinAppVersion(String(APP_VERSION))).toBe(APP_VERSION);
    for (const bad of [String(APP_VERSION + 1), String(MIN_APP_VERSION - 1), 'two', '1.5']) {
      expect(() => readMinAppVersion(bad)).toThrow(/MIN_APP_VERSION must be a whole number/);
    }
  });
});
