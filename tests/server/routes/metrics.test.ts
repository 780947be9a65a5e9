import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestApp, type TestApp } from '../helpers';
import { chatPair, insertProduct, send } from '../messaging-helpers';

/**
 * GET /metrics (docs/operations.md#metrics): Prometheus' text for whoever holds METRICS_TOKEN,
 * a 404 without the variable. Counters are the process's own and other test apps of this file
 * add to them, so the tests compare a value before and after.
 */
const TOKEN = 'scrape-token-of-the-tests';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ metricsToken: TOKEN });
});
afterAll(async () => {
  await t.close();
});

async function scrape(): Promise<string> {
  const res = await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return res.text();
}

/** The value of one sample (name with its labels exactly as printed), 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const bare = await startTestApp();
    try {
      const res = await bare.api.get('/metrics', { token: TOKEN });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'Not found.' });
    } finally {
      await bare.close();
    }
  });

  it('refuses a scrape without the token or with another one', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer not-the-token' },
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
    ]) {
      const res = await t.api.get('/metrics', { headers });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: 'Authentication credentials were not provided.' });
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
  });

  it('answers request durations by route template, never by raw path or query', async () => {
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    const product = await insertProduct(t, supplier.user.id);
    expect((await t.api.get(`/api/products/${product.id}/`)).status).toBe(200);
    expect((await t.api.get('/api/products/?search=secret-term-741')).status).toBe(200);
    expect((await t.api.get('/api/products/987654321/')).status).toBe(404);

    const res = await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/products/:id/",status="200"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/products/:id/",status="404"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/products/",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(`/api/products/${product.id}/`);
    expect(text).not.toContain('987654321');
    expect(text).not.toContain('secret-term-741');
  });

  it('answers the process: memory, event-loop lag, GC, and the database query times', async () => {
    const text = await scrape();
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(1_000_000);
    expect(text).toContain('# TYPE nodejs_eventloop_lag_p99_seconds gauge');
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
    expect(sample(text, 'db_query_duration_seconds_count{outcome="ok"}')).toBeGreaterThan(0);
    if (t.dbKind === 'postgres') expect(text).toMatch(/^db_pool_connections\{state="idle"\} \d+$/m);
  });

  it('counts sign-ins, pulls and their size, and writes queued by devices', async () => {
    const before = await scrape();
    const user = await createUser(t, { type: 'BUYER' });
    expect((await t.api.post('/api/auth/login/', { email: user.email, password: user.password })).status).toBe(200);
    const pulled = await t.api.get('/api/sync/?collections=products', { token: user.token });
    expect(pulled.status).toBe(200);
    const { buyer, conversation } = await chatPair(t);
    expect((await send(t, buyer, conversation.id, { text: 'From the outbox', client_id: crypto.randomUUID() })).status).toBe(201);
    expect((await send(t, buyer, conversation.id, { text: 'Typed online' })).status).toBe(201);

    const after = await scrape();
    const delta = (series: string) => sample(after, series) - sample(before, series);
    expect(delta('marketplace_sign_ins_total{method="password"}')).toBe(1);
    expect(delta('marketplace_sync_pull_rows_count')).toBe(1);
    const rows = Object.values(pulled.body.changes as Record<string, { upserted: unknown[]; deleted: unknown[] }>).reduce(
      (n, c) => n + c.upserted.length + c.deleted.length,
      0,
    );
    expect(delta('marketplace_sync_pull_rows_sum')).toBe(rows);
    expect(delta('marketplace_outbox_writes_total{route="/api/conversations/:id/messages/"}')).toBe(1);
  });

  it('counts open event streams and the moderation queue', async () => {
    const user = await createUser(t, { type: 'BUYER' });
    const before = await scrape();
    const abort = new AbortController();
    const stream = await fetch(`${t.baseUrl}/api/events/`, { headers: { authorization: `Bearer ${user.token}` }, signal: abort.signal });
    expect(stream.status).toBe(200);
    const report = await t.api.post(
      '/api/reports/',
      { target_type: 'user', target_id: user.user.id, reason: 'spam' },
      { token: (await createUser(t)).token },
    );
    expect(report.status).toBe(201);
    const open = await scrape();
    expect(sample(open, 'marketplace_event_streams_open') - sample(before, 'marketplace_event_streams_open')).toBe(1);
    expect(sample(open, 'marketplace_moderation_queue{queue="reports"}')).toBe(
      sample(before, 'marketplace_moderation_queue{queue="reports"}') + 1,
    );
    abort.abort();
    await expect
      .poll(async () => sample(await scrape(), 'marketplace_event_streams_open'))
      .toBe(sample(before, 'marketplace_event_streams_open'));
  });

  it('counts a file body while it is received', async () => {
    const user = await createUser(t, { type: 'SUPPLIER' });
    const before = sample(await scrape(), 'marketplace_uploads_in_progress');
    // A form whose body is still on its way: the request has begun, its file has not all arrived.
    const body = new TransformStream<Uint8Array, Uint8Array>();
    const writer = body.writable.getWriter();
    const boundary = 'metrics-boundary';
    const sent = fetch(`${t.baseUrl}/api/media/upload/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: body.readable,
      duplex: 'half',
    } as RequestInit);
    await writer.write(new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n`));
    await expect.poll(async () => sample(await scrape(), 'marketplace_uploads_in_progress')).toBe(before + 1);
    await writer.write(new TextEncoder().encode(`not a picture\r\n--${boundary}--\r\n`));
    await writer.close();
    expect((await sent).status).toBe(400);
    await expect.poll(async () => sample(await scrape(), 'marketplace_uploads_in_progress')).toBe(before);
  });
});
