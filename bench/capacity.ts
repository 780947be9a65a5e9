/**
 * `npx tsx bench/capacity.ts`: how many open apps one server holds, and how many writes a
 * second it takes while they are open, before pokes slow down (docs/operations.md#capacity).
 *
 * `npm start` (server/main.ts) runs in its own process(es) on a prepared database, so the load
 * generator's memory and event loop are not counted as the server's. Every open app is a
 * signed-in user holding one poke stream (GET /api/events/). Then:
 *
 * 1. Streams are opened in three levels up to BENCH_CAPACITY_STREAMS (4,000); at each, the
 *    server's resident memory and heap (read from its own /metrics) and its idle CPU.
 * 2. With every stream open, messages and orders (4 to 1) are written at a rising rate, open
 *    loop, BENCH_CAPACITY_STEP_S (4) seconds a step, from 10/s doubling until a step misses its
 *    rate by more than 10 %, has more than 1 % errors, or its poke p95 passes 1 s: the knee. A
 *    write's poke time runs from sending it to its recipient's stream receiving `event: poke`.
 * 3. On PostgreSQL (DATABASE_URL, a database is made beside it), the same with WEB_CONCURRENCY=2,
 *    and NOTIFY's commit lock alone: small transactions committed by 1 to 16 connections at
 *    once, with and without a pg_notify in each (every synced write and every poke has one).
 *
 * Without DATABASE_URL only the PGlite rows run. The figures are recorded for `npm run bench`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../server/db';
import { migrateToLatest } from '../server/db/migrate';
import { createTokenService } from '../server/services/accounts/tokens';
import { PROJECT_ROOT } from '../server/web';
import { freePort } from '../tests/ports';
import { record } from './record';

const STREAMS = Number(process.env.BENCH_CAPACITY_STREAMS ?? 4000);
const STEP_S = Number(process.env.BENCH_CAPACITY_STEP_S ?? 4);
const MAX_RATE = Number(process.env.BENCH_CAPACITY_MAX_RATE ?? 1280);
/** Buyers who write (each in a conversation with one of the suppliers) and suppliers who receive. */
const WRITERS = 400;
const RECIPIENTS = 200;
const JWT_SECRET = 'capacity-bench-secret-long-enough-for-hs256-signing';
const METRICS_TOKEN = 'capacity-bench-scrape';
const POKE_TIMEOUT_MS = 10_000;

interface Prepared {
  /** One access token per open app; the first WRITERS are the writing buyers, then the RECIPIENTS. */
  tokens: string[];
  userIds: number[];
  seats: Array<{ writer: number; recipient: number; conversationId: number; productId: number }>;
}

async function prepare(handle: DatabaseHandle): Promise<Prepared> {
  const { db } = handle;
  await migrateToLatest(db);
  const user = (i: number, type: 'BUYER' | 'SUPPLIER') => ({
    email: `capacity-${type.toLowerCase()}-${i}@bench.test`,
    first_name: `${type}${i}`,
    last_name: 'Bench',
    phone_number: '+2348000000000',
    password_hash: 'unused',
    user_type: type,
    is_first_login: false,
    is_verified: true,
    currency: null,
  });
  const ids: number[] = [];
  const insert = async (from: number, to: number, type: 'BUYER' | 'SUPPLIER') => {
    for (let at = from; at < to; at += 1000) {
      const rows = await db
        .insertInto('users')
        .values(Array.from({ length: Math.min(1000, to - at) }, (_, i) => user(at + i, type)))
        .returning('id')
        .execute();
      ids.push(...rows.map((r) => r.id));
    }
  };
  await insert(0, WRITERS, 'BUYER');
  await insert(WRITERS, WRITERS + RECIPIENTS, 'SUPPLIER');
  await insert(WRITERS + RECIPIENTS, Math.max(STREAMS, WRITERS + RECIPIENTS), 'BUYER');
  const suppliers = ids.slice(WRITERS, WRITERS + RECIPIENTS);
  await db
    .insertInto('supplier_profiles')
    .values(suppliers.map((id, i) => ({ user_id: id, company_name: `Company ${i}`, logo_url: null })))
    .execute();
  const products = await db
    .insertInto('products')
    .values(
      suppliers.map((id, i) => ({
        supplier_id: id,
        name: `Capacity product ${i}`,
        description: 'For the capacity benchmark',
        min_price: '20.00',
        max_price: '30.00',
        thumbnail_url: `/media/${'c'.repeat(64)}.png`,
        minimum_order_quantity: 1,
        quantity_in_stock: 1_000_000,
      })),
    )
    .returning(['id', 'supplier_id'])
    .execute();
  const conversations = await db
    .insertInto('conversations')
    .values(
      Array.from({ length: WRITERS }, (_, i) => products[i % RECIPIENTS]).map((p, i) => ({
        buyer_id: ids[i],
        supplier_id: p.supplier_id,
        product_id: p.id,
      })),
    )
    .returning('id')
    .execute();
  const tokens = createTokenService(db, JWT_SECRET);
  const issued: string[] = [];
  for (const id of ids) issued.push((await tokens.issue(id)).access);
  return {
    tokens: issued,
    userIds: ids,
    seats: conversations.map((c, i) => ({
      writer: i,
      recipient: WRITERS + (i % RECIPIENTS),
      conversationId: c.id,
      productId: products[i % RECIPIENTS].id,
    })),
  };
}

/** `npm start` on the prepared database, with `workers` processes; resolves once it answers. */
async function startServer(env: Record<string, string>, workers: number): Promise<{ port: number; stop(): Promise<void> }> {
  const dist = path.join(await mkdtemp(path.join(tmpdir(), 'capacity-dist-')), 'dist');
  await mkdir(dist, { recursive: true });
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Marketplace</title>');
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      NODE_ENV: 'production',
      WEB_DIST_DIR: dist,
      WEB_CONCURRENCY: String(workers),
      JWT_SECRET,
      METRICS_TOKEN,
      // One load generator holds every stream: the per-address cap would refuse it.
      MAX_CONNECTIONS_PER_ADDRESS: String(STREAMS * 2 + 10_000),
      MAX_EVENT_LOOP_LAG_MS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 300_000;
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // Workers: give the second one time to listen too.
  if (workers > 1) await new Promise((resolve) => setTimeout(resolve, 3000));
  return {
    port,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await rm(path.dirname(dist), { recursive: true, force: true });
    },
  };
}

/** Samples of the server's /metrics (every worker's, summed, with workers). */
async function scrape(port: number): Promise<Map<string, number>> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}

/** The open apps' streams: each calls its user's waiters when a poke arrives. */
function openStreams(port: number) {
  const waiters = new Map<number, Array<() => void>>();
  const sockets: http.ClientRequest[] = [];
  let dropped = 0;
  const open = (token: string, owner: number) =>
    new Promise<void>((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port,
          path: '/api/events/',
          agent: false,
          headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
        },
        (res) => {
          if (res.statusCode !== 200) {
            res.resume();
            reject(new Error(`a stream answered ${res.statusCode}`));
            return;
          }
          res.setEncoding('utf8');
          res.once('data', () => resolve());
          res.on('data', (chunk: string) => {
            if (chunk.includes('event: poke')) for (const wake of waiters.get(owner)?.splice(0) ?? []) wake();
          });
          res.on('end', () => dropped++);
        },
      );
      req.on('error', reject);
      sockets.push(req);
    });
  return {
    async openMany(tokens: string[], owners: number[]) {
      // A few hundred at a time, as apps come online over a minute rather than in one instant.
      for (let at = 0; at < tokens.length; at += 200) {
        await Promise.all(tokens.slice(at, at + 200).map((token, i) => open(token, owners[at + i])));
      }
    },
    /** Resolves at the next poke on `owner`'s stream (or after POKE_TIMEOUT_MS with false). */
    nextPoke(owner: number): Promise<boolean> {
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), POKE_TIMEOUT_MS);
        const list = waiters.get(owner) ?? [];
        list.push(() => {
          clearTimeout(timer);
          resolve(true);
        });
        waiters.set(owner, list);
      });
    },
    get dropped() {
      return dropped;
    },
    closeAll() {
      for (const req of sockets) req.destroy();
    },
  };
}

const writeAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });
function post(port: number, url: string, token: string, body: unknown): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: url,
        method: 'POST',
        agent: writeAgent,
        timeout: 30_000,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.on('timeout', () => req.destroy());
    req.end(payload);
  });
}

const quantile = (values: number[], q: number) =>
  values.length === 0 ? Number.NaN : [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];

interface Step {
  rate: number;
  achieved: number;
  errors: number;
  writeP95: number;
  pokeP95: number;
  pokesMissed: number;
  lagP99: number;
  /** Database statements during the step per write made (the writes' own, the pulls' none: no app pulls here). */
  queriesPerWrite: number;
}

/** One step of writes at `rate` a second, open loop: a write leaves on schedule whether or not the last one answered. */
async function writeStep(port: number, prepared: Prepared, streams: ReturnType<typeof openStreams>, rate: number): Promise<Step> {
  const total = Math.round(rate * STEP_S);
  const writeTimes: number[] = [];
  const pokeTimes: number[] = [];
  let ok = 0;
  let errors = 0;
  let pokesMissed = 0;
  const queriesBefore = (await scrape(port)).get('db_query_duration_seconds_count{outcome="ok"}') ?? 0;
  const startedAt = performance.now();
  const inFlight: Promise<void>[] = [];
  let nextSeat = Math.floor(Math.random() * prepared.seats.length);
  for (let i = 0; i < total; i++) {
    const due = startedAt + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const seat = prepared.seats[nextSeat++ % prepared.seats.length];
    const sentAt = performance.now();
    const poked = streams.nextPoke(seat.recipient);
    const token = prepared.tokens[seat.writer];
    const write =
      i % 5 === 4
        ? post(port, '/api/orders/', token, { product: seat.productId, quantity: 1, client_id: randomUUID() })
        : post(port, `/api/conversations/${seat.conversationId}/messages/`, token, { text: `capacity ${i}`, client_id: randomUUID() });
    inFlight.push(
      (async () => {
        const status = await write;
        writeTimes.push(performance.now() - sentAt);
        if (status === 201) {
          ok++;
          if (await poked) pokeTimes.push(performance.now() - sentAt);
          else pokesMissed++;
        } else if (status === 200) {
          // An order for a product the buyer already has an open order for: that order is answered, nothing changed, no poke.
          ok++;
        } else errors++;
      })(),
    );
  }
  const sentIn = (performance.now() - startedAt) / 1000;
  await Promise.all(inFlight);
  const metrics = await scrape(port);
  return {
    rate,
    achieved: Math.round(ok / Math.max(sentIn, STEP_S)),
    errors,
    writeP95: Math.round(quantile(writeTimes, 0.95)),
    pokeP95: Math.round(quantile(pokeTimes, 0.95)),
    pokesMissed,
    lagP99: Math.round((metrics.get('nodejs_eventloop_lag_p99_seconds') ?? 0) * 1000),
    queriesPerWrite: Math.round(((metrics.get('db_query_duration_seconds_count{outcome="ok"}') ?? 0) - queriesBefore) / Math.max(1, ok)),
  };
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

async function measure(label: string, handle: DatabaseHandle, env: Record<string, string>, workers: number) {
  console.log(`\n--- ${label}: preparing ${STREAMS} signed-in users`);
  const prepared = await prepare(handle);
  await handle.close();
  const server = await startServer(env, workers);
  const streams = openStreams(server.port);
  try {
    const base = await scrape(server.port);
    const levels = [Math.round(STREAMS / 4), Math.round(STREAMS / 2), STREAMS];
    let opened = 0;
    let memory = { rss: base.get('process_resident_memory_bytes') ?? 0, heap: base.get('nodejs_heap_size_used_bytes') ?? 0 };
    console.log(`idle server: ${mb(memory.rss)} MB resident, ${mb(memory.heap)} MB heap`);
    let perStreamKb = 0;
    for (const level of levels) {
      const started = performance.now();
      await streams.openMany(
        prepared.tokens.slice(opened, level),
        Array.from({ length: level - opened }, (_, i) => opened + i),
      );
      const openMs = performance.now() - started;
      opened = level;
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const before = await scrape(server.port);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const after = await scrape(server.port);
      const cpu = ((after.get('process_cpu_seconds_total') ?? 0) - (before.get('process_cpu_seconds_total') ?? 0)) / 3;
      const open = after.get('marketplace_event_streams_open') ?? 0;
      memory = { rss: after.get('process_resident_memory_bytes') ?? 0, heap: after.get('nodejs_heap_size_used_bytes') ?? 0 };
      perStreamKb = (memory.rss - (base.get('process_resident_memory_bytes') ?? 0)) / 1024 / open;
      console.log(
        `${open} streams open (opened ${level - (levels[levels.indexOf(level) - 1] ?? 0)} in ${Math.round(openMs)} ms): ` +
          `${mb(memory.rss)} MB resident, ${mb(memory.heap)} MB heap, ${perStreamKb.toFixed(1)} KB resident per stream, idle CPU ${(cpu * 100).toFixed(1)} % of a core`,
      );
    }

    // A warm-up, not counted: the first writes pay for compiling the code paths and filling the caches.
    await writeStep(server.port, prepared, streams, 5);
    console.log('writes/s asked | done | errors | write p95 | poke p95 | pokes missed | event-loop lag p99 | queries per write');
    const steps: Step[] = [];
    for (let rate = 10; rate <= MAX_RATE; rate *= 2) {
      const step = await writeStep(server.port, prepared, streams, rate);
      steps.push(step);
      console.log(
        `${step.rate} | ${step.achieved} | ${step.errors} | ${step.writeP95} ms | ${step.pokeP95} ms | ${step.pokesMissed} | ${step.lagP99} ms | ${step.queriesPerWrite}`,
      );
      const total = step.rate * STEP_S;
      if (step.achieved < step.rate * 0.9 || step.errors > total * 0.01 || !(step.pokeP95 < 1000)) break;
    }
    const held = steps.filter((s) => s.achieved >= s.rate * 0.9 && s.errors <= s.rate * STEP_S * 0.01 && s.pokeP95 < 1000);
    const knee = held.at(-1);
    console.log(
      `knee (${label}): ${STREAMS} open apps held, ${knee?.achieved ?? 0} writes/s with poke p95 ${knee?.pokeP95 ?? '-'} ms; ` +
        `streams dropped by the server: ${streams.dropped}`,
    );
    record('capacity', [
      { figure: `${label}: open apps held (streams)`, value: STREAMS, unit: 'streams' },
      { figure: `${label}: resident memory per open stream`, value: Number(perStreamKb.toFixed(1)), unit: 'KB' },
      { figure: `${label}: writes/s at the knee`, value: knee?.achieved ?? 0, unit: 'writes/s' },
      {
        figure: `${label}: poke p95 at the knee`,
        value: knee?.pokeP95 ?? null,
        unit: 'ms',
        target: '< 1000 ms',
        met: knee !== undefined && knee.pokeP95 < 1000,
      },
    ]);
  } finally {
    streams.closeAll();
    await server.stop();
  }
}

/** NOTIFY's commit lock alone: transactions a second by 1 to 16 connections, with and without a pg_notify each. */
async function notifyLock(url: string) {
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  await setup.query('create table if not exists capacity_notify (id bigserial primary key, at timestamptz default now())');
  await setup.end();
  console.log('\nconnections | commits/s without NOTIFY | with NOTIFY | commit p95 with NOTIFY');
  const rows: Array<{ connections: number; plain: number; notified: number; p95: number }> = [];
  for (const connections of [1, 4, 16]) {
    const run = async (notify: boolean) => {
      const clients = await Promise.all(
        Array.from({ length: connections }, async () => {
          const c = new pg.Client({ connectionString: url });
          await c.connect();
          return c;
        }),
      );
      const until = performance.now() + 3000;
      let commits = 0;
      const times: number[] = [];
      await Promise.all(
        clients.map(async (c) => {
          while (performance.now() < until) {
            await c.query('begin');
            await c.query('insert into capacity_notify default values');
            if (notify) await c.query("select pg_notify('capacity_bench', 'x')");
            const at = performance.now();
            await c.query('commit');
            times.push(performance.now() - at);
            commits++;
          }
        }),
      );
      await Promise.all(clients.map((c) => c.end()));
      return { perSecond: Math.round(commits / 3), p95: quantile(times, 0.95) };
    };
    const plain = await run(false);
    const notified = await run(true);
    rows.push({ connections, plain: plain.perSecond, notified: notified.perSecond, p95: notified.p95 });
    console.log(`${connections} | ${plain.perSecond} | ${notified.perSecond} | ${notified.p95.toFixed(1)} ms`);
  }
  record(
    'capacity',
    rows.map((r) => ({
      figure: `PostgreSQL commits/s with NOTIFY, ${r.connections} connections (without: ${r.plain})`,
      value: r.notified,
      unit: 'commits/s',
    })),
  );
}

const started = performance.now();
const adminUrl = process.env.DATABASE_URL;
const dataDir = await mkdtemp(path.join(tmpdir(), 'capacity-'));
try {
  if (process.env.BENCH_CAPACITY_PGLITE !== '0') {
    await measure('PGlite, 1 process', await openDatabase({ dataDir }), { DATA_DIR: dataDir, DATABASE_URL: '' }, 1);
  }
  if (adminUrl) {
    for (const workers of [1, 2]) {
      const name = `capacity_bench_${process.pid}_${workers}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      try {
        const label = `PostgreSQL, ${workers} process${workers > 1 ? 'es' : ''}`;
        await measure(
          label,
          await openDatabase({ databaseUrl: url.toString(), dataDir }),
          { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
          workers,
        );
        if (workers === 1) await notifyLock(url.toString());
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    }
  } else console.log('DATABASE_URL unset: the PostgreSQL rows are left out');
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
console.log(`\ncapacity bench done in ${Math.round((performance.now() - started) / 1000)} s`);
