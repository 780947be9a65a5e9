import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProducts } from '../fixtures/catalogue';
import { createUser, fileBlob, SAMPLE_FILES, startTestApp, type TestApp } from '../helpers';

/** Absolute URLs come from PUBLIC_URL or are relative: never from the Host header a client wrote (docs/operations.md#configuration, PUBLIC_URL). */

/** A GET with a Host header of our choosing (fetch does not let one set it). */
function getWithHost(baseUrl: string, path: string, host: string): Promise<any> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let text = '';
      res.on('data', (c) => {
        text += c;
      });
      res.on('end', () => resolve(JSON.parse(text)));
    });
    req.on('error', reject);
    req.end();
  });
}

function uploadForm() {
  const form = new FormData();
  form.append('file', fileBlob(SAMPLE_FILES.png), 'a.png');
  return form;
}

describe('without PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    await insertProducts(t, supplier.user.id, [{}, {}, {}]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('pages with relative links whatever the Host header says, and caches nothing from it', async () => {
    const spoofed = await getWithHost(t.baseUrl, '/api/products/?limit=1', 'evil.example');
    expect(spoofed.next).toBe('/api/products/?limit=1&offset=1');
    const forwarded = await t.api.get('/api/products/?limit=1', { headers: { 'x-forwarded-host': 'evil.example' } });
    expect(forwarded.body.next).toBe('/api/products/?limit=1&offset=1');
    const second = await t.api.get(forwarded.body.next);
    expect(second.body.previous).toBe('/api/products/?limit=1');
  });

  it('answers an upload with a path on this origin', async () => {
    const user = await createUser(t);
    const res = await t.api.post('/api/media/upload/', uploadForm(), {
      token: user.token,
      headers: { 'x-forwarded-host': 'evil.example' },
    });
    expect(res.status).toBe(200);
    expect(res.body.secure_url).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
  });
});

describe('with PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ publicUrl: 'https://market.example/' });
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    await insertProducts(t, supplier.user.id, [{}, {}]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('builds paging links and upload URLs from it', async () => {
    const res = await getWithHost(t.baseUrl, '/api/products/?limit=1', 'evil.example');
    expect(res.next).toBe('https://market.example/api/products/?limit=1&offset=1');
    const user = await createUser(t);
    const up = await t.api.post('/api/media/upload/', uploadForm(), { token: user.token, headers: { 'x-forwarded-host': 'evil.example' } });
    expect(up.body.secure_url).toMatch(/^https:\/\/market\.example\/media\/[0-9a-f]{64}\.png$/);
  });
});
