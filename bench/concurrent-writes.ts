/**
 * Concurrent writes on PostgreSQL (run by hand, never by `npm test`):
 *
 *   npx tsx bench/concurrent-writes.ts [--seconds 20] [--connections 64] [--workers 2]
 *
 * Many connections write at once over loopback, each as its own user: buyers favourite and
 * unfavourite products, send chat messages, and suppliers edit their products (stock), a
 * third of the requests each. Prints requests/s and latency percentiles per kind and
 * overall, and errors. This is what the global change-sequence lock (0001/0005, removed by
 * 0009) serialized: every one of these writes took the same advisory lock.
 *
 * The API runs in --workers child processes (one PostgreSQL, as docs/operations.md#scale-out describes), so the
 * load generator does not share their event loops. DATABASE_URL (default
 * postgres://postgres:pw@127.0.0.1:5432/postgres) names the server; a database
 * "writes_bench" is created afresh there.
 */
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../server/app';
import type { Config } from '../server/config';
import { openDatabase } from '../server/db';
import { migrateToLatest } from '../server/db/migrate';
import { createTokenService } from '../server/services/accounts/tokens';
import { record } from './record';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '20' },
    connections: { type: 'string', default: '64' },
    workers: { type: 'string', default: '2' },
    port: { type: 'string', default: '3105' },
    serve: { type: 'boolean', default: false },
  },
});

const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres:pw@127.0.0.1:5432/postgres';
const BENCH_DB = 'writes_bench';
const JWT_SECRET = 'writes-bench-secret-long-enough-for-hs256-signing';
const benchUrl = () => {
  const u = new URL(PG_URL);
  u.pathname = `/${BENCH_DB}`;
  return u.toString();
};

async function serve(port: number) {
  const handle = await openDatabase({ databaseUrl: benchUrl(), dataDir: '/tmp/writes-bench' });
  const config: Config = {
    port,
    host: '127.0.0.1',
    dataDir: '/tmp/writes-bench',
    mailFrom: 'bench@localhost',
    jwtSecret: JWT_SECRET,
    seedDemo: false,
    logLevel: 'error',
    trustProxy: false,
  };
  const app = await buildApp({ config, db: handle.db });
  await app.listen({ port, host: config.host });
  process.send?.('ready');
  process.once('SIGTERM', async () => {
    await app.close();
    await handle.close();
    process.exit(0);
  });
}

interface Seat {
  buyer: string;
  supplier: string;
  productId: number;
  conversationId: number;
}

async function prepare(count: number): Promise<{ seats: Seat[]; productIds: number[] }> {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
  await admin.query(`create database ${BENCH_DB}`);
  await admin.end();
  const handle = await openDatabase({ databaseUrl: benchUrl(), dataDir: '/tmp/writes-bench' });
  const { db } = handle;
  await migrateToLatest(db);
  const user = (i: number, type: 'BUYER' | 'SUPPLIER') => ({
    email: `bench-${type.toLowerCase()}-${i}@example.com`,
    first_name: `${type}${i}`,
    last_name: 'Bench',
    phone_number: '+2348000000000',
    password_hash: 'unused',
    user_type: type,
    is_first_login: false,
    is_verified: true,
    currency: null,
  });
  const buyers = await db
    .insertInto('users')
    .values(Array.from({ length: count }, (_, i) => user(i, 'BUYER')))
    .returning('id')
    .execute();
  const suppliers = await db
    .insertInto('users')
    .values(Array.from({ length: count }, (_, i) => user(i, 'SUPPLIER')))
    .returning('id')
    .execute();
  await db
    .insertInto('supplier_profiles')
    .values(suppliers.map((s, i) => ({ user_id: s.id, company_name: `Company ${i}`, logo_url: null })))
    .execute();
  const products = await db
    .insertInto('products')
    .values(
      suppliers.map((s, i) => ({
        supplier_id: s.id,
        name: `Bench product ${i}`,
        description: 'For the write benchmark',
        min_price: '20.00',
        max_price: '30.00',
        thumbnail_url: `/media/${'b'.repeat(64)}.png`,
        minimum_order_quantity: 1,
        quantity_in_stock: 100,
      })),
    )
    .returning(['id', 'supplier_id'])
    .execute();
  const conversations = await db
    .insertInto('conversations')
    .values(
      products.map((p, i) => ({
        buyer_id: buyers[i].id,
        supplier_id: p.supplier_id,
        product_id: p.id,
      })),
    )
    .returning('id')
    .execute();
  const tokens = createTokenService(db, JWT_SECRET);
  const seats: Seat[] = [];
  for (let i = 0; i < count; i += 1) {
    seats.push({
      buyer: (await tokens.issue(buyers[i].id)).access,
      supplier: (await tokens.issue(suppliers[i].id)).access,
      productId: products[i].id,
      conversationId: conversations[i].id,
    });
  }
  await handle.close();
  return { seats, productIds: products.map((p) => p.id) };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });

function request(port: number, method: string, url: string, token: string, body?: unknown): Promise<number> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `http://127.0.0.1:${port}${url}`,
      {
        method,
        agent,
        timeout: 30_000,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(payload);
  });
}

type Kind = 'favourite' | 'message' | 'product edit';
const latencies: Record<Kind, number[]> = { favourite: [], message: [], 'product edit': [] };
const errors: string[] = [];

async function timed(kind: Kind, port: number, method: string, url: string, token: string, body?: unknown) {
  const start = performance.now();
  try {
    const status = await request(port, method, url, token, body);
    if (status >= 400) errors.push(`${kind} ${status}`);
  } catch (error) {
    errors.push(`${kind} ${(error as Error).message}`);
  }
  latencies[kind].push(performance.now() - start);
}

async function connection(seat: Seat, productIds: number[], port: number, deadline: number) {
  const favourited = new Set<number>();
  for (let n = 0; Date.now() < deadline; n += 1) {
    const pick = n % 3;
    if (pick === 0) {
      // Someone else's product, so the supplier's notification is written too.
      const productId = productIds[Math.floor(Math.random() * productIds.length)];
      if (favourited.delete(productId)) await timed('favourite', port, 'DELETE', `/api/favorites/by-product/${productId}/`, seat.buyer);
      else {
        favourited.add(productId);
        await timed('favourite', port, 'POST', '/api/favorites/', seat.buyer, { product: productId, client_id: randomUUID() });
      }
    } else if (pick === 1) {
      await timed('message', port, 'POST', `/api/conversations/${seat.conversationId}/messages/`, seat.buyer, {
        text: `message ${n}`,
        client_id: randomUUID(),
      });
    } else {
      await timed('product edit', port, 'PATCH', `/api/products/${seat.productId}/`, seat.supplier, { quantity_in_stock: 50 + (n % 50) });
    }
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function main() {
  if (args.serve) return serve(Number(args.port));
  const connections = Number(args.connections);
  const seconds = Number(args.seconds);
  const workers = Number(args.workers);
  const { seats, productIds } = await prepare(connections);
  const children: ChildProcess[] = [];
  const ports: number[] = [];
  for (let w = 0; w < workers; w += 1) {
    const port = Number(args.port) + w;
    const child = fork(process.argv[1], ['--serve', '--port', String(port)], { execArgv: process.execArgv, env: process.env });
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', () => reject(new Error('API exited')));
    });
    children.push(child);
    ports.push(port);
  }
  const deadline = Date.now() + seconds * 1000;
  const start = performance.now();
  await Promise.all(seats.map((seat, i) => connection(seat, productIds, ports[i % ports.length], deadline)));
  const elapsed = (performance.now() - start) / 1000;
  for (const child of children) child.kill('SIGTERM');

  const all = Object.values(latencies)
    .flat()
    .sort((a, b) => a - b);
  console.log(`${connections} connections, ${workers} API processes, ${elapsed.toFixed(1)} s`);
  for (const [kind, list] of Object.entries(latencies)) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(
      `${kind.padEnd(13)} ${(list.length / elapsed).toFixed(0).padStart(6)} req/s  p50 ${percentile(sorted, 50).toFixed(1)} ms  p99 ${percentile(sorted, 99).toFixed(1)} ms`,
    );
  }
  console.log(
    `${'all'.padEnd(13)} ${(all.length / elapsed).toFixed(0).padStart(6)} req/s  p50 ${percentile(all, 50).toFixed(1)} ms  p99 ${percentile(all, 99).toFixed(1)} ms`,
  );
  console.log(`errors: ${errors.length}${errors.length ? ` (${[...new Set(errors)].slice(0, 5).join('; ')})` : ''}`);
  record(`Concurrent writes on PostgreSQL (${connections} connections, ${workers} API processes)`, [
    {
      figure: `favourites, messages and product edits, req/s (p50 ${percentile(all, 50).toFixed(1)} ms, p99 ${percentile(all, 99).toFixed(1)} ms)`,
      value: Math.round(all.length / elapsed),
      unit: 'req/s',
    },
    { figure: 'errors', value: errors.length, unit: '', target: '0', met: errors.length === 0 },
  ]);
  agent.destroy();
}

await main();
