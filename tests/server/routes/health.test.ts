import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t.close(); });

describe('GET /api/health/', () => {
  it('answers ok once the database answers', async () => {
    const res = await t.api.get('/api/health/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('answers unknown API paths with a DRF 404', async () => {
    const res = await t.api.get('/api/no-such-thing/');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not found.' });
  });

  it('describes the API as OpenAPI at /api/docs', async () => {
    const res = await t.api.get('/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toContain('/api/health/');
  });
});

describe('GET /api/categories/', () => {
  it('lists id and name of every category', async () => {
    const res = await t.api.get('/api/categories/');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(10);
    expect(res.body[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });
  });
});
