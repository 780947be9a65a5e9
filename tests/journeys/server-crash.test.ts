import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@server/db';
import { BUYERS, DEMO_PASSWORD } from '@server/seed/data';
import { PROJECT_ROOT } from '@server/web';
import { freePort } from '../ports';
import { tempDir } from './support';

/**
 * kill -9 of the real server during a burst of writes from six buyers (favourites added and
 * removed, reviews, chat messages, each with a client_id), then a restart on the same data:
 * every write the server acknowledged is there exactly once, the writes cut off are resent
 * (same client_id) and stored once, and the database agrees with itself: review counts and
 * averages, one change sequence handing out each number once, a tombstone for each delete.
 * On the embedded PGlite (same DATA_DIR), and on PostgreSQL when CRASH_DATABASE_URL names a
 * database to connect to (it creates and drops one of its own beside it; DATABASE_URL is left
 * alone so the browser suite's server keeps its embedded database).
 */

interface Op {
  key: string;
  method: string;
  path: string;
  body: Record<string, unknown>;
  token: string;
  ack?: { status: number; body: any };
}

const BURST_MS = 3_000;
const step = (what: string) => process.env.CRASH_VERBOSE && console.log(`[crash] ${new Date().toISOString()} ${what}`);

async function startServer(env: Record<string, string>, url: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_ENV' && !k.startsWith('VITEST'))),
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-5_000);
  });
  const deadline = Date.now() + 180_000;
  while (
    !(await fetch(`${url}/api/health/`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`The server did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return child;
}

const stop = (child: ChildProcess, signal: NodeJS.Signals) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(null);
    child.once('exit', resolve);
    child.kill(signal);
  });

async function call(url: string, op: Pick<Op, 'method' | 'path' | 'body' | 'token'>) {
  const response = await fetch(`${url}${op.path}`, {
    method: op.method,
    headers: {
      ...(op.token ? { authorization: `Bearer ${op.token}` } : {}),
      ...(op.method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    body: op.method === 'POST' ? JSON.stringify(op.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function login(url: string, email: string) {
  const { body } = await call(url, { method: 'POST', path: '/api/auth/login/', body: { email, password: DEMO_PASSWORD }, token: '' });
  const me = (await (await fetch(`${url}/api/me/`, { headers: { authorization: `Bearer ${body.access}` } })).json()) as { id: number };
  return { token: body.access as string, id: me.id };
}

/** One buyer's writes, one at a time (each key's writes in order), until the server dies. */
async function buyerBurst(
  url: string,
  token: string,
  products: Array<{ id: number; supplier: number }>,
  conversation: number,
  ops: Op[],
  offset: number,
) {
  for (let i = 0; ; i += 1) {
    const product = products[(offset + i) % products.length];
    const round: Op[] = [
      {
        key: `fav:${token}:${product.id}`,
        method: 'POST',
        path: '/api/favorites/',
        body: { product: product.id, client_id: randomUUID() },
        token,
      },
      {
        key: `msg:${token}:${i}`,
        method: 'POST',
        path: `/api/conversations/${conversation}/messages/`,
        body: { text: `burst ${i}`, client_id: randomUUID() },
        token,
      },
      {
        key: `rev:${token}:${product.id}`,
        method: 'POST',
        path: `/api/products/${product.id}/reviews/`,
        body: { rating: 1 + (i % 5), comment: `burst ${i}`, client_id: randomUUID() },
        token,
      },
    ];
    // Every other favourite is taken back at once: a delete, and a tombstone to check.
    if (i % 2 === 0)
      round.push({
        key: `fav:${token}:${product.id}`,
        method: 'DELETE',
        path: `/api/favorites/by-product/${product.id}/`,
        body: {},
        token,
      });
    for (const op of round) {
      ops.push(op);
      try {
        op.ack = await call(url, op);
      } catch {
        return; // The server is gone: this write's fate is unknown.
      }
    }
  }
}

async function crashAndRecover(target: 'PGlite' | 'PostgreSQL') {
  const dataDir = await tempDir('mk-crash-');
  const webDir = path.join(dataDir, 'web');
  await mkdir(webDir);
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>API only</title>');
  let databaseUrl = '';
  let admin: pg.Client | null = null;
  const dbName = `crash_${Date.now()}`;
  if (target === 'PostgreSQL') {
    admin = new pg.Client({ connectionString: process.env.CRASH_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    const u = new URL(process.env.CRASH_DATABASE_URL!);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST_DIR: webDir, DATABASE_URL: databaseUrl };
  let server = await startServer(env, url);
  try {
    const products = (
      (await (await fetch(`${url}/api/products/?limit=100`)).json()) as { results: Array<{ id: number; supplier: { id: number } }> }
    ).results.map((p) => ({ id: p.id, supplier: p.supplier.id }));
    const buyers = await Promise.all(BUYERS.map((b) => login(url, b.email)));
    const conversations = await Promise.all(
      buyers.map(async (b, i) => {
        const { body } = await call(url, {
          method: 'POST',
          path: '/api/conversations/',
          body: { product: products[i].id, participants: [products[i].supplier] },
          token: b.token,
        });
        return body.id as number;
      }),
    );

    step('burst');
    const ops: Op[] = [];
    const burst = Promise.all(buyers.map((b, i) => buyerBurst(url, b.token, products, conversations[i], ops, i * 15)));
    await new Promise((resolve) => setTimeout(resolve, BURST_MS));
    await stop(server, 'SIGKILL');
    step(`kill -9 done: ${ops.length} writes so far`);
    await burst;
    const acknowledged = ops.filter((op) => op.ack && op.ack.status < 300);
    const cutOff = ops.filter((op) => !op.ack);
    expect(
      acknowledged.length,
      `writes acknowledged before the kill (answers: ${JSON.stringify(ops.slice(0, 3).map((o) => o.ack))})`,
    ).toBeGreaterThan(20);
    expect(cutOff.length).toBeGreaterThan(0);

    step(`killed: ${ops.length} writes`);
    server = await startServer(env, url);
    step('restarted');
    // What the server acknowledged is there: each message once, each review with its rating.
    const messageClientIds = new Set<string>();
    for (const [i, b] of buyers.entries()) {
      const { body } = await call(url, {
        method: 'GET',
        path: `/api/conversations/${conversations[i]}/messages/?limit=1000`,
        body: {},
        token: b.token,
      });
      for (const m of body.results) {
        expect(messageClientIds.has(m.client_id), `message ${m.client_id} stored twice`).toBe(false);
        messageClientIds.add(m.client_id);
      }
    }
    for (const op of acknowledged.filter((o) => o.path.endsWith('/messages/')))
      expect(messageClientIds.has(op.body.client_id as string)).toBe(true);
    // A favourite's last acknowledged write decides, unless a later write of it was cut off.
    const lastWrite = new Map<string, Op>();
    for (const op of ops.filter((o) => o.key.startsWith('fav:'))) lastWrite.set(op.key, op);
    for (const op of lastWrite.values()) {
      if (!op.ack || op.ack.status >= 300) continue;
      const product = Number(op.key.split(':').pop());
      const { body } = await call(url, { method: 'GET', path: '/api/favorites/?limit=200', body: {}, token: op.token });
      expect(
        body.results.some((f: { product: { id: number } }) => f.product.id === product),
        op.key,
      ).toBe(op.method === 'POST');
    }
    for (const op of acknowledged.filter((o) => o.key.startsWith('rev:') && o.method === 'POST')) {
      const { body } = await call(url, {
        method: 'GET',
        path: `/api/products/${op.ack!.body.product}/reviews/?limit=100`,
        body: {},
        token: op.token,
      });
      expect(body.results.find((r: { id: number }) => r.id === op.ack!.body.id)?.rating).toBe(op.body.rating);
    }
    // The writes cut off are resent as the outbox would (same client_id): stored once each.
    for (const op of cutOff) {
      const again = await call(url, op);
      expect(again.status, `${op.method} ${op.path} resent`).toBeLessThan(500);
    }
    step('resent');
    await stop(server, 'SIGTERM');
    step('stopped');

    // The database agrees with itself.
    const handle = await openDatabase({ dataDir, databaseUrl: databaseUrl || undefined });
    try {
      const db = handle.db;
      const wrongCounts = await sql<{ id: number }>`
        select p.id from products p left join reviews r on r.product_id = p.id group by p.id
        having p.reviews_count <> count(r.id) or p.average_rating <> coalesce(round(avg(r.rating), 2), 0)`.execute(db);
      expect(wrongCounts.rows, 'products whose review count or average disagrees with their reviews').toEqual([]);
      const seqs = await sql<{ seq: string; n: string }>`
        select seq, count(*) as n from (
          select seq from products union all select seq from reviews union all select seq from favorites
          union all select seq from conversations union all select seq from messages union all select seq from notifications
          union all select seq from tombstones) s where seq > 0 group by seq having count(*) > 1`.execute(db);
      expect(seqs.rows, 'change numbers handed out twice').toEqual([]);
      const top = await sql<{ max: string; last: string }>`
        select (select max(seq) from (select seq from favorites union all select seq from messages union all select seq from reviews union all select seq from tombstones) s) as max,
               (select last_value from change_seq) as last`.execute(db);
      expect(Number(top.rows[0].max)).toBeLessThanOrEqual(Number(top.rows[0].last));
      const ghosts = await sql<{ row_id: number }>`
        select t.row_id from tombstones t join favorites f on f.id = t.row_id where t.collection = 'favorites'`.execute(db);
      expect(ghosts.rows, 'favourites both deleted and alive').toEqual([]);
      const deleted = acknowledged.filter((o) => o.method === 'DELETE' && o.ack!.status === 204);
      expect(deleted.length).toBeGreaterThan(0);
      const tombstones = Number(
        (await sql<{ n: string }>`select count(*) as n from tombstones where collection = 'favorites'`.execute(db)).rows[0].n,
      );
      expect(tombstones).toBeGreaterThanOrEqual(deleted.length);
      const duplicates = await sql<{ client_id: string }>`
        select client_id from (select client_id from messages union all select client_id from reviews union all select client_id from favorites) c
        where client_id is not null group by client_id having count(*) > 1`.execute(db);
      expect(duplicates.rows, 'writes stored twice').toEqual([]);
      const resentMessages = cutOff.filter((o) => o.path.endsWith('/messages/')).map((o) => o.body.client_id as string);
      if (resentMessages.length) {
        const stored = await sql<{
          n: string;
        }>`select count(*) as n from messages where client_id in (${sql.join(resentMessages)})`.execute(db);
        expect(Number(stored.rows[0].n)).toBe(resentMessages.length);
      }
    } finally {
      await handle.close();
    }
    return { acknowledged: acknowledged.length, cutOff: cutOff.length };
  } finally {
    await stop(server, 'SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
    if (admin) {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

describe('the server killed during a burst of writes', () => {
  const targets: Array<'PGlite' | 'PostgreSQL'> = ['PGlite', ...(process.env.CRASH_DATABASE_URL ? ['PostgreSQL' as const] : [])];
  it.each(targets)(
    'on %s: nothing acknowledged is lost, resends are stored once, counts, averages, sequence and tombstones agree',
    async (target) => {
      const result = await crashAndRecover(target);
      console.log(`[crash] ${target}: ${result.acknowledged} writes acknowledged, ${result.cutOff} cut off and resent`);
    },
    300_000,
  );
});
