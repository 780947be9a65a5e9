import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { openPostgres, type DatabaseHandle } from '@server/db';
import { hashPassword } from '@server/services/accounts/passwords';
import { PROJECT_ROOT } from '@server/web';
import { SAMPLE_FILES, fileBlob, startSmtpSink, type SmtpSink } from './helpers';
import { sharedDatabase, startServerProcess, tinyDist, type ServerProcess } from './processes';
import { startS3 } from './s3-setup';

/**
 * Three API processes (`npm start`, each its own DATA_DIR) on one PostgreSQL database and one
 * S3-compatible bucket, as behind a load balancer (docs/operations.md#scale-out): what one process does, the
 * others see at once. The embedded PGlite belongs to one process, so this runs only with
 * DATABASE_URL (CI's PostgreSQL run).
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
if (!onPostgres) console.log('multi-process tests SKIPPED: they need DATABASE_URL (the embedded PGlite serves one process)');

const PASSWORD = 'correct horse battery';

describe.skipIf(!onPostgres)('three API processes on one PostgreSQL and one bucket', () => {
  let database: Awaited<ReturnType<typeof sharedDatabase>>;
  let handle: DatabaseHandle;
  let s3: Awaited<ReturnType<typeof startS3>>;
  let s3Dir: string;
  let smtp: SmtpSink;
  let servers: ServerProcess[];

  beforeAll(async () => {
    database = await sharedDatabase();
    handle = openPostgres(database.url);
    s3Dir = await mkdtemp(path.join(inject('tmpDir'), 's3-'));
    s3 = await startS3(s3Dir);
    smtp = await startSmtpSink();
    const dist = await tinyDist();
    const env = {
      DATABASE_URL: database.url,
      WEB_CONCURRENCY: '1',
      WEB_DIST_DIR: dist,
      SMTP_URL: smtp.url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      MEDIA_S3_BUCKET: s3.config.bucket,
      MEDIA_S3_ENDPOINT: s3.config.endpoint!,
      MEDIA_S3_ACCESS_KEY_ID: 'S3RVER',
      MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER',
      MEDIA_S3_PREFIX: 'media/',
    };
    servers = await Promise.all([0, 1, 2].map(() => startServerProcess(env)));
    const supplier = await handle.db
      .insertInto('users')
      .values({
        email: 'supplier@multi.test',
        first_name: 'Ada',
        last_name: 'Supplier',
        phone_number: '+2348000000000',
        country: 'NG',
        password_hash: await hashPassword(PASSWORD),
        user_type: 'SUPPLIER',
        is_first_login: false,
        is_verified: true,
        currency: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto('supplier_profiles')
      .values({ user_id: supplier.id, company_name: 'Multi Foods', is_verified: false, logo_url: null })
      .execute();
  }, 90_000);

  afterAll(async () => {
    for (const server of servers ?? []) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await handle?.close();
    await database?.drop();
    await smtp?.close();
    await s3?.close();
    if (s3Dir) await rm(s3Dir, { recursive: true, force: true });
  });

  const [a, b, c] = [0, 1, 2].map((i) => () => servers[i].api);

  async function signIn(api: ServerProcess['api'], email: string) {
    const res = await api.post('/api/auth/login/', { email, password: PASSWORD });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { access: string; refresh: string };
  }

  async function newBuyer(name: string) {
    const email = `${name}-${randomBytes(3).toString('hex')}@multi.test`;
    const user = await handle.db
      .insertInto('users')
      .values({
        email,
        first_name: name,
        last_name: 'Buyer',
        phone_number: '+2348000000001',
        country: 'NG',
        password_hash: await hashPassword(PASSWORD),
        user_type: 'BUYER',
        is_first_login: false,
        is_verified: true,
        currency: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await handle.db.insertInto('buyer_profiles').values({ user_id: user.id, name, logo_url: null }).execute();
    return email;
  }

  async function newProduct(api: ServerProcess['api'], token: string, name: string) {
    const category = await handle.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow();
    const form = new FormData();
    for (const [key, value] of Object.entries({
      name,
      description: 'Made by many processes.',
      min_price: '3.00',
      max_price: '5.00',
      quantity_in_stock: '10',
      minimum_order_quantity: '1',
      category_id: String(category.id),
    }))
      form.append(key, value);
    form.append('thumbnail', fileBlob(SAMPLE_FILES.png, 'image/png'), 'thumb.png');
    const res = await api.post('/api/products/', form, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: number; name: string };
  }

  it('every process answers liveness and readiness', async () => {
    for (const server of servers) {
      expect((await server.api.get('/api/health/')).body).toEqual({ status: 'ok' });
      expect((await server.api.get('/api/health/ready/')).body).toEqual({ status: 'ok' });
    }
    // Not a terminal: JSON, one line per answered request.
    const line = await servers[0].waitForLog((line) => line.url === '/api/health/ready/');
    expect(line).toMatchObject({
      level: 30,
      method: 'GET',
      status: 200,
      msg: expect.stringMatching(/^GET \/api\/health\/ready\/ 200 [\d.]+ ms$/),
    });
    expect(servers[0].logs.filter((line) => line.url === '/api/health/')).toHaveLength(1);
  });

  it('a write through one process is in a sync pull through another at once', async () => {
    const supplier = await signIn(a(), 'supplier@multi.test');
    const product = await newProduct(a(), supplier.access, 'Synced Everywhere');
    const buyer = await signIn(b(), await newBuyer('sync'));
    const first = await c().get('/api/sync/?collections=favorites', { token: buyer.access });
    expect(first.status).toBe(200);

    const favourite = await a().post('/api/favorites/', { product: product.id }, { token: buyer.access });
    expect(favourite.status).toBe(201);
    const pulled = await c().get(`/api/sync/?collections=favorites&since=${first.body.cursor}`, { token: buyer.access });
    expect(pulled.body.changes.favorites.upserted.map((f: { id: number }) => f.id)).toEqual([favourite.body.id]);
    const fromB = await b().get(`/api/sync/?collections=favorites&since=${first.body.cursor}`, { token: buyer.access });
    expect(fromB.body.changes.favorites.upserted).toHaveLength(1);
  });

  it("the others' catalogue caches are invalidated by a write (LISTEN/NOTIFY)", async () => {
    const supplier = await signIn(a(), 'supplier@multi.test');
    // Cached on B and C: the same answer twice.
    for (const api of [b(), c()]) {
      const once = await api.get('/api/products/?limit=50');
      expect((await api.get('/api/products/?limit=50')).headers.get('etag')).toBe(once.headers.get('etag'));
    }
    // The notification reaches the other processes a moment after the write's answer
    // (docs/operations.md#scale-out): each is given a second, and never serves the old answer after.
    const within = { timeout: 1_000, interval: 20 };
    const product = await newProduct(a(), supplier.access, 'Fresh Off Process A');
    for (const api of [b(), c()]) {
      await vi.waitFor(async () => {
        const list = await api.get('/api/products/?limit=50');
        expect(list.body.results.map((p: { name: string }) => p.name)).toContain('Fresh Off Process A');
      }, within);
    }
    const renamed = await a().patch(`/api/products/${product.id}/`, { name: 'Renamed On A' }, { token: supplier.access });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    for (const api of [c(), b()]) {
      await vi.waitFor(async () => expect((await api.get(`/api/products/${product.id}/`)).body.name).toBe('Renamed On A'), within);
      await vi.waitFor(async () => {
        const names = (await api.get('/api/products/?limit=50')).body.results.map((p: { name: string }) => p.name);
        expect(names).toContain('Renamed On A');
        expect(names).not.toContain('Fresh Off Process A');
      }, within);
    }
  });

  it("an account's sign-in limit holds across processes", async () => {
    const email = await newBuyer('limited');
    const apis = [a(), b(), c()];
    for (let i = 0; i < 10; i++) {
      const res = await apis[i % 3].post('/api/auth/login/', { email, password: 'wrong password!' });
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    for (const api of apis) {
      const res = await api.post('/api/auth/login/', { email, password: PASSWORD });
      expect(res.status).toBe(429);
      expect(res.body.detail).toMatch(/^Too many failed attempts\. Please try again in /);
    }
  });

  it("a code's wrong tries count across processes", async () => {
    const email = `otp-${randomBytes(3).toString('hex')}@multi.test`;
    const signUp = await a().post('/api/auth/registration/', {
      first_name: 'Otp',
      last_name: 'Tester',
      email,
      phone_number: '+2348000000002',
      country: 'NG',
      password1: PASSWORD,
      password2: PASSWORD,
    });
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(201);
    const code = /verification code: (\d{6})/.exec((await smtp.waitFor(email)).raw)![1];
    const wrong = code === '000000' ? '111111' : '000000';
    const apis = [b(), c(), a(), b(), c()];
    for (const [i, api] of apis.entries()) {
      const res = await api.post('/api/auth/otp/verify/', { email, otp: wrong });
      expect(res.body, `wrong try ${i + 1}`).toEqual({ otp: ['The code is incorrect.'] });
    }
    // Five wrong tries on three processes burn the code: the right one is refused everywhere
    // (and the client that signed up, sending its registration token, is told why).
    const registration_token = signUp.body.registration_token;
    for (const api of [a(), b(), c()]) {
      expect((await api.post('/api/auth/otp/verify/', { email, otp: code, registration_token })).body).toEqual({
        otp: ['Too many wrong attempts. Request a new code.'],
      });
    }
  });

  it('a refresh token rotated on one process is refused as reused on another, and its sign-in ends everywhere', async () => {
    const first = await signIn(a(), await newBuyer('refresh'));
    const second = await b().post('/api/auth/token/refresh/', { refresh: first.refresh });
    expect(second.status).toBe(200);
    const third = await c().post('/api/auth/token/refresh/', { refresh: second.body.refresh });
    expect(third.status).toBe(200);
    // The first token again, after its successor was used: stolen. The whole sign-in ends.
    const reused = await a().post('/api/auth/token/refresh/', { refresh: first.refresh });
    expect(reused.status).toBe(401);
    expect((await b().post('/api/auth/token/refresh/', { refresh: third.body.refresh })).status).toBe(401);
    // Ended where it was caught at once, and in the others once the change notification arrives.
    expect((await a().get('/api/me/', { token: third.body.access })).status).toBe(401);
    for (const api of [b(), c()]) {
      await vi.waitFor(async () => expect((await api.get('/api/me/', { token: third.body.access })).status).toBe(401), {
        timeout: 1_000,
        interval: 20,
      });
    }
  });

  it('a sign-in every process has already served ends in all of them at a logout on one, and account edits show everywhere', async () => {
    const session = await signIn(a(), await newBuyer('cached'));
    // Each process has answered this token once already (and keeps the answer).
    for (const api of [a(), b(), c()]) expect((await api.get('/api/me/', { token: session.access })).status).toBe(200);
    const renamed = await b().patch('/api/me/', { first_name: 'Renamed' }, { token: session.access });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    // The others learn of it by a change notification, a moment after the answer (docs/operations.md#scale-out).
    const within = { timeout: 1_000, interval: 20 };
    for (const api of [a(), c()]) {
      await vi.waitFor(async () => expect((await api.get('/api/me/', { token: session.access })).body.first_name).toBe('Renamed'), within);
    }
    expect((await a().post('/api/auth/logout/', { refresh: session.refresh })).status).toBe(200);
    expect((await a().get('/api/me/', { token: session.access })).status).toBe(401);
    for (const api of [b(), c()]) {
      await vi.waitFor(async () => expect((await api.get('/api/me/', { token: session.access })).status).toBe(401), within);
    }
  });

  it('a picture uploaded through one process is served by the others, and its resized copy too', async () => {
    const supplier = await signIn(c(), 'supplier@multi.test');
    const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', fileBlob(picture, 'image/png'), 'photo.png');
    const uploaded = await a().post('/api/media/upload/', form, { token: supplier.access });
    expect(uploaded.status).toBe(200);
    for (const server of [servers[1], servers[2]]) {
      const res = await fetch(new URL(uploaded.body.secure_url, server.baseUrl));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      // The picture as stored: encoded again on upload (image-bombs.test.ts), the same pixels.
      const stored = Buffer.from(await res.arrayBuffer());
      expect(stored.length).toBe(uploaded.body.bytes);
      expect((await sharp(stored).raw().toBuffer()).equals(await sharp(picture).raw().toBuffer())).toBe(true);
      // Revalidation with the ETag: 304, no body.
      const again = await fetch(new URL(uploaded.body.secure_url, server.baseUrl), {
        headers: { 'if-none-match': res.headers.get('etag')! },
      });
      expect(again.status).toBe(304);
    }
    const resized = await fetch(new URL(`${uploaded.body.secure_url}?w=200`, servers[1].baseUrl));
    expect(resized.headers.get('content-type')).toBe('image/webp');
    const made = Buffer.from(await resized.arrayBuffer());
    const elsewhere = await fetch(new URL(`${uploaded.body.secure_url}?w=200`, servers[2].baseUrl));
    expect(Buffer.from(await elsewhere.arrayBuffer()).equals(made)).toBe(true);
    expect((await sharp(made).metadata()).width).toBe(200);
  });

  it('20 buyers ordering the last 10 units through three processes: exactly 10 confirmations take stock, never below zero', async () => {
    const supplier = await signIn(a(), 'supplier@multi.test');
    const product = await newProduct(a(), supplier.access, 'Last Ten Units');
    const processes = [a(), b(), c()];
    const buyers = await Promise.all(Array.from({ length: 20 }, async (_, i) => signIn(processes[i % 3], await newBuyer(`order${i}`))));
    const placed = await Promise.all(
      buyers.map((buyer, i) => processes[i % 3].post('/api/orders/', { product: product.id, quantity: 1 }, { token: buyer.access })),
    );
    expect(placed.map((r) => r.status)).toEqual(Array(20).fill(201));
    const confirmed = await Promise.all(
      placed.map((r, i) => processes[(i + 1) % 3].post(`/api/orders/${r.body.id}/confirm/`, {}, { token: supplier.access })),
    );
    expect(confirmed.filter((r) => r.status === 200)).toHaveLength(10);
    expect(confirmed.filter((r) => r.status === 400)).toHaveLength(10);
    const row = await handle.db.selectFrom('products').select('quantity_in_stock').where('id', '=', product.id).executeTakeFirstOrThrow();
    expect(row.quantity_in_stock).toBe(0);
    const statuses = await handle.db.selectFrom('orders').select('status').where('product_id', '=', product.id).execute();
    expect(statuses.filter((o) => o.status === 'confirmed')).toHaveLength(10);
  }, 60_000);

  it('SIGTERM lets a request in flight finish, refuses new connections, and the process exits cleanly', async () => {
    const server = servers[2];
    const supplier = await signIn(server.api, 'supplier@multi.test');
    const boundary = `----multi${randomBytes(4).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const body = Buffer.concat([head, SAMPLE_FILES.png, tail]);
    const url = new URL('/api/media/upload/', server.baseUrl);
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        url,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${supplier.access}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': body.length,
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode!, body: text }));
        },
      );
      req.on('error', reject);
      // Half the upload now, the rest once the server has been told to stop.
      req.write(body.subarray(0, 100));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        server
          .waitForLog((line) => String(line.msg).startsWith('SIGTERM'))
          .then(async () => {
            // A connection accepted in the instant before the listener closed gets Fastify's
            // 503 and is closed; any later one is refused. Neither is served.
            const late = await fetch(new URL('/api/health/', server.baseUrl)).then(
              (response) => response.status,
              () => 'refused',
            );
            expect([503, 'refused']).toContain(late);
            req.end(body.subarray(100));
          }, reject);
      }, 300);
    });
    const done = await answer;
    expect(done.status, done.body).toBe(200);
    expect(JSON.parse(done.body)).toMatchObject({ resource_type: 'image', format: 'png' });
    expect(await server.exited).toBe(0);
    expect(server.logs.some((line) => line.msg === 'stopped')).toBe(true);
    // The others go on serving.
    expect((await a().get('/api/health/ready/')).status).toBe(200);
  });
});

describe.skipIf(!onPostgres)('WEB_CONCURRENCY=2: workers of one process (node:cluster)', () => {
  it('migrates an empty database once before the workers start, replaces a worker that dies and stops them all on SIGTERM', async () => {
    const database = await sharedDatabase({ empty: true });
    try {
      const server = await startServerProcess({
        DATABASE_URL: database.url,
        WEB_CONCURRENCY: '2',
        WEB_DIST_DIR: await tinyDist(),
        JWT_SECRET: randomBytes(32).toString('hex'),
      });
      const ready = () => server.logs.filter((line) => String(line.msg).startsWith('ready on'));
      await server.waitForLog(() => ready().length === 2);
      const workers = ready().map((line) => line.pid as number);
      expect(new Set(workers).size).toBe(2);
      expect(workers).not.toContain(server.child.pid);
      const starting = server.logs.findIndex((line) => line.msg === 'starting 2 workers (WEB_CONCURRENCY)');
      expect(starting).toBeGreaterThanOrEqual(0);
      expect(server.logs.findIndex((line) => String(line.msg).startsWith('ready on'))).toBeGreaterThan(starting);
      const migrations = await pgRows(database.url, 'select count(*)::int as n from kysely_migration');
      expect(migrations[0].n).toBe(readdirSync(path.join(PROJECT_ROOT, 'server/db/migrations')).length);

      process.kill(workers[0], 'SIGKILL');
      await server.waitForLog(() => ready().length === 3);
      expect(server.logs.some((line) => /^worker \d+ \(pid \d+\) died \(SIGKILL\); starting another$/.test(String(line.msg)))).toBe(true);
      expect((await server.api.get('/api/health/ready/')).body).toEqual({ status: 'ok' });

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      for (const line of ready()) expect(() => process.kill(line.pid as number, 0), `worker ${line.pid} is gone`).toThrow();
    } finally {
      await database.drop();
    }
  }, 60_000);
});

async function pgRows(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}
