/**
 * Chat load benchmark (run by hand, never by `npm test`):
 *
 *   npx tsx bench/chat-load.ts [--db postgres|pglite] [--seconds 120] [--users 200]
 *                              [--send-ms 3000] [--poll-ms 1000] [--max-sends 2000]
 *
 * 200 verified users (100 buyers, 100 suppliers, made straight in the database with tokens)
 * chat in 100 conversations over loopback: each one sends a message every ~3 s with a client_id
 * (re-sending some, as a phone that lost the answer would), polls the messages every ~1 s (five
 * times the app's 5-second poll), and now and then reads the conversation list and the navbar
 * counts: far busier than people chat, so the figures have headroom. The API runs in a child process of
 * its own, so the load generator does not share its event loop.
 *
 * Stops by itself after --seconds (or --max-sends messages per user), then checks every sent
 * message was stored exactly once and seen once by the other participant, and prints
 * requests/s, latency percentiles and errors. Targets on PostgreSQL: 0 errors, 0 lost or
 * duplicated messages, p99 < 100 ms.
 *
 * PostgreSQL: DATABASE_URL (default postgres://postgres:pw@127.0.0.1:5432/postgres) names the
 * server; a database "chat_bench" is created afresh there. PGlite: a fresh DATA_DIR.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync, mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../server/app';
import type { Config } from '../server/config';
import { openDatabase, type DatabaseHandle } from '../server/db';
import { migrateToLatest } from '../server/db/migrate';
import { createTokenService } from '../server/services/accounts/tokens';
import { record } from './record';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: process.env.DATABASE_URL ? 'postgres' : 'pglite' },
    seconds: { type: 'string', default: '120' },
    users: { type: 'string', default: '200' },
    'send-ms': { type: 'string', default: '3000' },
    'poll-ms': { type: 'string', default: '1000' },
    'max-sends': { type: 'string', default: '2000' },
    port: { type: 'string', default: process.env.PORT ?? '3103' },
    serve: { type: 'boolean', default: false },
    /** Writes a CPU profile of the API process to DATA_DIR/profiles, to see where its time goes. */
    'cpu-prof': { type: 'boolean', default: false },
    /** Serve with `npm start`'s server/main.ts and WEB_CONCURRENCY=N workers (PostgreSQL) instead of one bench process. */
    workers: { type: 'string' },
  },
});

const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres:pw@127.0.0.1:5432/postgres';
const BENCH_DB = 'chat_bench';
const DATA_DIR = path.resolve(process.env.DATA_DIR ?? '/tmp/h3-data', 'chat-bench');
const JWT_SECRET = 'chat-bench-secret-long-enough-for-hs256-signing';
const RESEND_SHARE = 0.05;

const benchUrl = () => {
  const u = new URL(PG_URL);
  u.pathname = `/${BENCH_DB}`;
  return u.toString();
};
const openBenchDb = (kind: string): Promise<DatabaseHandle> =>
  openDatabase({ databaseUrl: kind === 'postgres' ? benchUrl() : undefined, dataDir: DATA_DIR });

// ---------- the server, in its own process ----------

async function serve() {
  const handle = await openBenchDb(args.db!);
  const config: Config = {
    port: Number(args.port),
    host: '127.0.0.1',
    dataDir: DATA_DIR,
    mailFrom: 'bench@localhost',
    jwtSecret: JWT_SECRET,
    seedDemo: false,
    logLevel: 'error',
    trustProxy: false,
  };
  const app = await buildApp({ config, db: handle.db });
  await app.listen({ port: config.port, host: config.host });
  process.send?.('ready');
  process.once('SIGTERM', async () => {
    await app.close();
    await handle.close();
    process.exit(0);
  });
}

// ---------- set-up: a fresh database with users, products and conversations ----------

interface Seat {
  userId: number;
  token: string;
  conversationId: number;
  otherId: number;
}

async function prepare(kind: string, userCount: number): Promise<Seat[]> {
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  if (kind === 'postgres') {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
    await admin.query(`create database ${BENCH_DB}`);
    await admin.end();
  }
  const handle = await openBenchDb(kind);
  const { db } = handle;
  await migrateToLatest(db);
  const pairs = Math.floor(userCount / 2);
  const user = (i: number, type: 'BUYER' | 'SUPPLIER') => ({
    email: `bench-${type.toLowerCase()}-${i}@example.com`,
    first_name: `${type === 'BUYER' ? 'Buyer' : 'Supplier'}${i}`,
    last_name: 'Bench',
    phone_number: '+2348000000000',
    password_hash: 'not-used-in-the-bench',
    user_type: type,
    is_first_login: false,
    is_verified: true,
    currency: null,
  });
  const buyers = await db
    .insertInto('users')
    .values(Array.from({ length: pairs }, (_, i) => user(i, 'BUYER')))
    .returning('id')
    .execute();
  const suppliers = await db
    .insertInto('users')
    .values(Array.from({ length: pairs }, (_, i) => user(i, 'SUPPLIER')))
    .returning('id')
    .execute();
  await db
    .insertInto('buyer_profiles')
    .values(buyers.map((b, i) => ({ user_id: b.id, name: `Buyer ${i}`, logo_url: null })))
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
        description: 'For the chat benchmark',
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
    .returning(['id', 'buyer_id', 'supplier_id'])
    .execute();
  const tokens = createTokenService(db, JWT_SECRET);
  const seats: Seat[] = [];
  for (const c of conversations) {
    seats.push({ userId: c.buyer_id, token: (await tokens.issue(c.buyer_id)).access, conversationId: c.id, otherId: c.supplier_id });
    seats.push({ userId: c.supplier_id, token: (await tokens.issue(c.supplier_id)).access, conversationId: c.id, otherId: c.buyer_id });
  }
  await handle.close();
  return seats;
}

// ---------- HTTP on loopback with keep-alive ----------

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers of many shapes, read field by field.
  body: any;
}
function request(method: string, url: string, token: string, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `http://127.0.0.1:${args.port}${url}`,
      {
        method,
        agent,
        timeout: 10_000,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(payload);
  });
}

// ---------- the load ----------

type Kind = 'send' | 'resend' | 'poll' | 'list' | 'counts';
const latencies: Record<Kind, number[]> = { send: [], resend: [], poll: [], list: [], counts: [] };
const errors: string[] = [];

async function timed(kind: Kind, method: string, url: string, token: string, body?: unknown): Promise<Answer | undefined> {
  const start = performance.now();
  try {
    const answer = await request(method, url, token, body);
    latencies[kind].push(performance.now() - start);
    if (answer.status >= 400) errors.push(`${kind} ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer;
  } catch (error) {
    latencies[kind].push(performance.now() - start);
    errors.push(`${kind} ${(error as Error).message}`);
    return undefined;
  }
}

interface Sent {
  clientId: string;
  id?: number;
  conversationId: number;
  senderId: number;
}
const sent: Sent[] = [];
const duplicateAnswers: string[] = [];
/** Message ids each user saw from the other participant while polling. */
const seenBy = new Map<number, Map<number, number>>();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits, but never past the end of the run. */
const pause = (ms: number, deadline: number) => sleep(Math.max(0, Math.min(ms, deadline - Date.now())));
const jitter = (ms: number) => ms * (0.5 + Math.random());

async function sendOne(seat: Seat, n: number) {
  const clientId = randomUUID();
  const record: Sent = { clientId, conversationId: seat.conversationId, senderId: seat.userId };
  sent.push(record);
  const body = { text: `message ${n} from ${seat.userId}`, client_id: clientId };
  const url = `/api/conversations/${seat.conversationId}/messages/`;
  // The outbox's behaviour: a send without an answer is sent again with the same client_id.
  for (let attempt = 0; attempt < 3 && record.id === undefined; attempt += 1) {
    const answer = await timed(attempt === 0 ? 'send' : 'resend', 'POST', url, seat.token, body);
    if (answer && (answer.status === 201 || answer.status === 200)) record.id = answer.body.id;
  }
  if (record.id !== undefined && Math.random() < RESEND_SHARE) {
    const again = await timed('resend', 'POST', url, seat.token, body);
    if (again?.status !== 200 || again.body.id !== record.id) duplicateAnswers.push(`${clientId}: ${again?.status} ${again?.body?.id}`);
  }
}

async function poll(seat: Seat, known: { count: number }) {
  // Re-read a few already seen: a message whose transaction started earlier may commit a moment later.
  const offset = Math.max(0, known.count - 5);
  const answer = await timed('poll', 'GET', `/api/conversations/${seat.conversationId}/messages/?offset=${offset}&limit=100`, seat.token);
  if (answer?.status !== 200) return;
  const seen = seenBy.get(seat.userId)!;
  for (const m of answer.body.results) {
    if (m.sender.id === seat.otherId && !seen.has(m.id)) seen.set(m.id, 1);
  }
  known.count = Math.max(known.count, offset + answer.body.results.length);
}

/** One user: a sender and a poller side by side, as the app's composer and its polling do. */
async function user(seat: Seat, deadline: number, pace: { sendMs: number; pollMs: number; maxSends: number }) {
  seenBy.set(seat.userId, new Map());
  const known = { count: 0 };
  const sender = async () => {
    await pause(Math.random() * pace.sendMs, deadline);
    for (let n = 0; Date.now() < deadline && n < pace.maxSends; n += 1) {
      await sendOne(seat, n);
      await pause(jitter(pace.sendMs), deadline);
    }
  };
  const poller = async () => {
    await pause(Math.random() * pace.pollMs, deadline);
    for (let n = 0; Date.now() < deadline; n += 1) {
      await poll(seat, known);
      if (n % 20 === 10) await timed('list', 'GET', '/api/conversations/', seat.token);
      if (n % 20 === 19) await timed('counts', 'GET', '/api/me/counts/', seat.token);
      await pause(jitter(pace.pollMs), deadline);
    }
  };
  await Promise.all([sender(), poller()]);
}

async function finalPoll(seat: Seat) {
  const seen = seenBy.get(seat.userId)!;
  for (let offset = 0; ; offset += 100) {
    const answer = await request('GET', `/api/conversations/${seat.conversationId}/messages/?offset=${offset}&limit=100`, seat.token);
    for (const m of answer.body.results) if (m.sender.id === seat.otherId && !seen.has(m.id)) seen.set(m.id, 0);
    if (!answer.body.next) break;
  }
}

/** Every message stored for every conversation, read back through the API. */
async function storedMessages(seats: Seat[]) {
  const all: Array<{ id: number; client_id: string | null; conversation: number }> = [];
  for (const seat of seats.filter((_, i) => i % 2 === 0)) {
    for (let offset = 0; ; offset += 100) {
      const answer = await request('GET', `/api/conversations/${seat.conversationId}/messages/?offset=${offset}&limit=100`, seat.token);
      all.push(...answer.body.results);
      if (!answer.body.next) break;
    }
  }
  return all;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (v: number) => `${v.toFixed(1)} ms`;

async function main() {
  const kind = args.db === 'postgres' ? 'postgres' : 'pglite';
  const userCount = Number(args.users);
  const seconds = Number(args.seconds);
  const pace = { sendMs: Number(args['send-ms']), pollMs: Number(args['poll-ms']), maxSends: Number(args['max-sends']) };
  console.log(
    `chat-load: ${userCount} users, ${seconds} s, a send every ~${pace.sendMs} ms and a poll every ~${pace.pollMs} ms per user, ${kind} database`,
  );
  const seats = await prepare(kind, userCount);

  const child: ChildProcess = args.workers
    ? await startWorkers(kind, Number(args.workers))
    : fork(new URL(import.meta.url).pathname, ['--serve', '--db', kind, '--port', String(args.port)], {
        execArgv: [
          '--import',
          'tsx',
          ...(args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.join(path.dirname(DATA_DIR), 'profiles')}`] : []),
        ],
        stdio: 'inherit',
      });
  if (!args.workers) {
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
  }

  try {
    const started = performance.now();
    const deadline = Date.now() + seconds * 1000;
    await Promise.all(seats.map((seat) => user(seat, deadline, pace)));
    const elapsed = (performance.now() - started) / 1000;
    await Promise.all(seats.map(finalPoll));

    const all = Object.values(latencies)
      .flat()
      .sort((a, b) => a - b);
    const stored = await storedMessages(seats);
    const storedByClient = new Map<string, number>();
    for (const m of stored) if (m.client_id) storedByClient.set(m.client_id, (storedByClient.get(m.client_id) ?? 0) + 1);
    const confirmed = sent.filter((s) => s.id !== undefined);
    const lost = sent.filter((s) => !storedByClient.has(s.clientId)).length;
    const duplicated = [...storedByClient.values()].filter((n) => n > 1).length;
    const sentIds = new Set(sent.map((s) => s.clientId));
    const unknown = stored.filter((m) => !m.client_id || !sentIds.has(m.client_id)).length;
    let seenInPolls = 0,
      seenOnlyAtEnd = 0;
    for (const seen of seenBy.values())
      for (const live of seen.values()) {
        if (live) seenInPolls += 1;
        else seenOnlyAtEnd += 1;
      }

    console.log(`\nrequests: ${all.length} in ${elapsed.toFixed(1)} s = ${(all.length / elapsed).toFixed(0)} requests/s`);
    console.log(
      `latency all: p50 ${ms(percentile(all, 50))}, p95 ${ms(percentile(all, 95))}, p99 ${ms(percentile(all, 99))}, max ${ms(all.at(-1) ?? 0)}`,
    );
    for (const [name, list] of Object.entries(latencies)) {
      const sorted = [...list].sort((a, b) => a - b);
      console.log(
        `  ${name.padEnd(7)} ${String(sorted.length).padStart(7)} requests, p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}`,
      );
    }
    console.log(`errors: ${errors.length}${errors.length ? ` (first: ${errors.slice(0, 3).join(' | ')})` : ''}`);
    console.log(
      `messages sent: ${sent.length}, confirmed: ${confirmed.length}, stored: ${stored.length}, lost: ${lost}, duplicated: ${duplicated}, unexpected: ${unknown}`,
    );
    console.log(
      `re-sends with the same client_id answered with the first message: ${duplicateAnswers.length === 0 ? 'all' : `NOT ${duplicateAnswers.length}`}`,
    );
    console.log(
      `seen by the other participant: ${seenInPolls + seenOnlyAtEnd} of ${stored.length} (${seenInPolls} while polling, ${seenOnlyAtEnd} at the final read)`,
    );
    const ok =
      errors.length === 0 &&
      lost === 0 &&
      duplicated === 0 &&
      unknown === 0 &&
      duplicateAnswers.length === 0 &&
      seenInPolls + seenOnlyAtEnd === stored.length &&
      stored.length === sent.length;
    console.log(ok ? 'RESULT: every sent message was stored and read back exactly once' : 'RESULT: FAILED');
    if (kind === 'postgres') console.log(`p99 target (< 100 ms): ${percentile(all, 99) < 100 ? 'met' : 'MISSED'}`);
    const db = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
    record(`Chat load on ${db} (${userCount} users, ${Math.round(elapsed)} s)`, [
      {
        figure: `all requests p99 (${(all.length / elapsed).toFixed(0)} req/s)`,
        value: Number(percentile(all, 99).toFixed(1)),
        unit: 'ms',
        target: kind === 'postgres' ? '< 100 ms' : undefined,
        met: kind === 'postgres' ? percentile(all, 99) < 100 : null,
      },
      {
        figure: `messages lost, duplicated or unexpected, and errors (${sent.length} sent concurrently)`,
        value: lost + duplicated + unknown + errors.length,
        unit: '',
        target: '0',
        met: ok,
      },
    ]);
    process.exitCode = ok ? 0 : 1;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    agent.destroy();
  }
}

/** server/main.ts with WEB_CONCURRENCY workers, ready once every worker logged that it is. */
async function startWorkers(kind: string, workers: number): Promise<ChildProcess> {
  if (kind !== 'postgres') throw new Error('--workers needs PostgreSQL (--db postgres)');
  const dist = path.join(DATA_DIR, 'dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>bench</title>');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: benchUrl(),
      WEB_CONCURRENCY: String(workers),
      PORT: String(args.port),
      HOST: '127.0.0.1',
      DATA_DIR,
      JWT_SECRET,
      SEED_DEMO: '0',
      WEB_DIST_DIR: dist,
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // LOG_LEVEL=warn (no line per request, as in production) hides the ready lines: wait for the
  // port to answer readiness, then long enough for the workers started beside the first one.
  child.stdout!.resume();
  while (
    !(await fetch(`http://127.0.0.1:${args.port}/api/health/ready/`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await new Promise((resolve) => setTimeout(resolve, 3000));
  return child;
}

if (args.serve) await serve();
else await main();
