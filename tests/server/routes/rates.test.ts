import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FALLBACK_RATES } from '@/shared/currency';
import { startTestApp, type TestApp } from '../helpers';

describe('GET /api/rates/latest/{base}/ without RATES_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the fallback rates (docs/product.md#currency) in the rates service shape', async () => {
    const res = await t.api.get('/api/rates/latest/USD/');
    expect(res.status).toBe(200);
    expect(res.body.base_code).toBe('USD');
    expect(res.body.conversion_rates).toEqual(FALLBACK_RATES);
  });

  it('derives rates for another base currency', async () => {
    const res = await t.api.get('/api/rates/latest/EUR/');
    expect(res.status).toBe(200);
    expect(res.body.base_code).toBe('EUR');
    expect(res.body.conversion_rates.EUR).toBe(1);
    expect(res.body.conversion_rates.USD).toBeCloseTo(1 / 0.92, 6);
  });

  it('answers 404 in the DRF shape for an unknown currency', async () => {
    const res = await t.api.get('/api/rates/latest/XYZ/');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Unknown currency: XYZ.' });
  });
});

describe('GET /api/rates/latest/USD/ with RATES_URL', () => {
  let t: TestApp;
  let upstream: Server;
  let calls = 0;
  const live = { USD: 1, EUR: 0.9, TRY: 40.1, NGN: 1550, XOF: 590, GBP: 0.79 };

  beforeAll(async () => {
    upstream = createServer((_req, res) => {
      calls += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ result: 'success', base_code: 'USD', conversion_rates: live }));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as { port: number };
    t = await startTestApp({ ratesUrl: `http://127.0.0.1:${port}/v6/latest/USD` });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => upstream.close(() => resolve()));
  });

  it('serves the upstream rates and asks upstream once within the hour', async () => {
    const first = await t.api.get('/api/rates/latest/USD/');
    const second = await t.api.get('/api/rates/latest/USD/');
    expect(first.body.conversion_rates).toEqual(live);
    expect(second.body.conversion_rates).toEqual(live);
    expect(calls).toBe(1);
  });
});

describe('GET /api/rates/latest/USD/ when the upstream service is down', () => {
  let t: TestApp;
  let upstream: Server;

  beforeAll(async () => {
    upstream = createServer((_req, res) => {
      res.writeHead(503).end();
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as { port: number };
    t = await startTestApp({ ratesUrl: `http://127.0.0.1:${port}/latest/USD` });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => upstream.close(() => resolve()));
  });

  it('falls back to the configured rates instead of failing', async () => {
    const res = await t.api.get('/api/rates/latest/USD/');
    expect(res.status).toBe(200);
    expect(res.body.conversion_rates).toEqual(FALLBACK_RATES);
  });
});
