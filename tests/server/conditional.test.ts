import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestApp, type TestApp } from './helpers';
import { chatPair, insertProduct, send } from './messaging-helpers';
import { rawGet } from './raw-http';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** GET as the browser revalidates: with the ETag it holds, accepting brotli. */
async function get(url: string, token?: string, etag?: string) {
  const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (etag) headers['if-none-match'] = etag;
  return rawGet(`${t.baseUrl}${url}`, headers);
}

async function expectRevalidation(url: string, token?: string) {
  const first = await get(url, token);
  expect(first.status, url).toBe(200);
  const etag = first.headers.etag as string;
  expect(etag, url).toMatch(/^W\/".+"$/);
  // Signed-in answers are never stored (docs/api.md#compression-and-etags: no-store); guests' may be kept and revalidated.
  expect(first.headers['cache-control'], url).toBe(token ? 'no-store' : 'no-cache');
  const again = await get(url, token, etag);
  expect(again.status, url).toBe(304);
  expect(again.body.length, url).toBe(0);
  expect(again.headers.etag, url).toBe(etag);
  // Another validator, or none, gets the whole answer.
  expect((await get(url, token, 'W/"something-else"')).status, url).toBe(200);
  return etag;
}

describe('conditional requests on polled answers', () => {
  it('GET /api/me/counts/ answers 304 while the counts are unchanged, 200 once they move', async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    const etag = await expectRevalidation('/api/me/counts/', supplier.token);
    await send(t, buyer, conversation.id, { text: 'is it still available?' });
    const changed = await get('/api/me/counts/', supplier.token, etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.headers['cache-control']).toBe('no-store');
  });

  it("a user's validator never matches another user's counts", async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const { headers } = await get('/api/me/counts/', a.token);
    await t.db
      .insertInto('favorites')
      .values({ user_id: b.user.id, product_id: (await insertProduct(t, (await createUser(t, { type: 'SUPPLIER' })).user.id)).id })
      .execute();
    expect((await get('/api/me/counts/', b.token, headers.etag as string)).status).toBe(200);
  });

  it('GET /api/notifications/ answers 304 until a notification arrives or is read', async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    await send(t, buyer, conversation.id, { text: 'hello' });
    const etag = await expectRevalidation('/api/notifications/', supplier.token);
    await t.api.post('/api/notifications/mark-all-as-read/', undefined, { token: supplier.token });
    expect((await get('/api/notifications/', supplier.token, etag)).status).toBe(200);
  });

  it('section pages answer 304 to guests and signed-in users until the catalogue changes', async () => {
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    await insertProduct(t, supplier.user.id, { name: 'Kente cloth' });
    const buyer = await createUser(t);
    for (const section of [
      '/api/products/',
      '/api/products/new-arrivals/',
      '/api/products/flash-deals/',
      '/api/products/top-rated/',
      '/api/products/hot-selling/',
    ]) {
      await expectRevalidation(section);
      await expectRevalidation(section, buyer.token);
    }
    const guestTag = (await get('/api/products/new-arrivals/')).headers.etag as string;
    const buyerTag = (await get('/api/products/new-arrivals/', buyer.token)).headers.etag as string;
    await insertProduct(t, supplier.user.id, { name: 'Adire fabric' });
    expect((await get('/api/products/new-arrivals/', undefined, guestTag)).status).toBe(200);
    expect((await get('/api/products/new-arrivals/', buyer.token, buyerTag)).status).toBe(200);
  });

  it('writes and errors never answer 304', async () => {
    const me = await createUser(t);
    const res = await rawGet(`${t.baseUrl}/api/notifications/?is_read=maybe`, {
      authorization: `Bearer ${me.token}`,
      'if-none-match': '*',
    });
    expect(res.status).toBe(400);
    expect((await rawGet(`${t.baseUrl}/api/me/counts/`, { 'if-none-match': '*' })).status).toBe(401);
  });
});
