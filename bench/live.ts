/**
 * `npx tsx bench/live.ts`: the poke stream (GET /api/events/). Opens BENCH_STREAMS (1,000)
 * streams, 5 per user, on the API server in this process (embedded PGlite in a temp folder),
 * then prints: the server's CPU time while nothing changes (10 s), the heap the streams hold,
 * and the time from a message being sent to its recipient's open stream being poked (p50/p95
 * over 50 messages, while the 1,000 streams stay open), and until the recipient has the
 * message: the poke, then the app's pull (GET /api/sync/ of its private collections since its
 * cursor), as the open app does.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db';
import { migrateToLatest } from '../server/db/migrate';
import { MAX_STREAMS_PER_USER } from '../server/services/live';
import { record } from './record';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const IDLE_MS = 10_000;
const MESSAGES = 50;

const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-live-'));
const handle = await openDatabase({ dataDir });
await migrateToLatest(handle.db);
const app = await buildApp({
  config: {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    mailFrom: 'bench@localhost',
    jwtSecret: 'bench-secret-that-is-long-enough-for-hs256',
    seedDemo: false,
    logLevel: 'silent',
    connections: { perAddress: STREAMS * 2 },
  } as Parameters<typeof buildApp>[0]['config'],
  db: handle.db,
  logger: false,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

async function user(n: number, type: 'BUYER' | 'SUPPLIER') {
  const row = await handle.db
    .insertInto('users')
    .values({
      email: `live-${n}@bench.test`,
      first_name: `U${n}`,
      last_name: 'Bench',
      phone_number: '+10000000000',
      password_hash: 'x',
      user_type: type,
      is_verified: true,
      is_first_login: false,
      currency: null,
      date_joined: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token: (await app.tokens.issue(row.id)).access };
}

const users: Array<{ id: number; token: string }> = [];
for (let i = 0; i < Math.ceil(STREAMS / MAX_STREAMS_PER_USER); i++) users.push(await user(i, 'SUPPLIER'));
const aborts: AbortController[] = [];
const pokes = new Map<number, Array<() => void>>();
for (let i = 0; i < STREAMS; i++) {
  const owner = users[Math.floor(i / MAX_STREAMS_PER_USER)];
  const abort = new AbortController();
  aborts.push(abort);
  const response = await fetch(`${base}/api/events/`, { headers: { authorization: `Bearer ${owner.token}` }, signal: abort.signal });
  if (response.status !== 200) throw new Error(`stream ${i} answered ${response.status}`);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: '', done: true }));
      if (done) return;
      if (value.includes('event: poke')) for (const waiter of pokes.get(owner.id)?.splice(0) ?? []) waiter();
    }
  })();
}
console.log(`${app.live.size} streams open`);

global.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const cpuBefore = process.cpuUsage();
await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
const cpu = process.cpuUsage(cpuBefore);
const idleCpuPct = ((cpu.user + cpu.system) / 1000 / IDLE_MS) * 100;
console.log(
  `idle with ${STREAMS} streams: ${idleCpuPct.toFixed(2)}% of one core over ${IDLE_MS / 1000} s (this process: server and clients)`,
);
console.log(`heap: ${(heapBefore / 1024 / 1024).toFixed(1)} MB in use with the streams open`);

// A message from a buyer to one of the stream owners, timed until that owner's stream is poked.
const buyer = await user(100_000, 'BUYER');
const product = await handle.db
  .insertInto('products')
  .values({
    supplier_id: users[0].id,
    name: 'Bench',
    description: 'A product',
    price: null,
    min_price: '20.00',
    max_price: '30.00',
    thumbnail_url: `/media/${'a'.repeat(64)}.png`,
    minimum_order_quantity: 1,
    quantity_in_stock: 10,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
const opened = await fetch(`${base}/api/conversations/`, {
  method: 'POST',
  headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
  body: JSON.stringify({ participants: [users[0].id], product: product.id }),
});
const conversation = (await opened.json()) as { id: number };
const PRIVATE = 'categories,banners,favorites,reviews,conversations,messages,notifications,orders';
/** The recipient's pull, as the app makes it: its private collections since its cursor. */
async function pull(since: string | null): Promise<{ cursor: string; changes: Record<string, { upserted: Array<{ id: number }> }> }> {
  const query = new URLSearchParams({ collections: PRIVATE, limit: '500', ...(since ? { since } : {}) });
  const response = await fetch(`${base}/api/sync/?${query}`, { headers: { authorization: `Bearer ${users[0].token}` } });
  if (!response.ok) throw new Error(`pull answered ${response.status}`);
  return response.json() as never;
}
let cursor = (await pull(null)).cursor;
const latencies: number[] = [];
const withPull: number[] = [];
for (let i = 0; i < MESSAGES; i++) {
  const poked = new Promise<void>((resolve) => pokes.set(users[0].id, [...(pokes.get(users[0].id) ?? []), resolve]));
  const startedAt = performance.now();
  const sent = await fetch(`${base}/api/conversations/${conversation.id}/messages/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text: `m${i}` }),
  });
  if (sent.status !== 201) throw new Error(`message answered ${sent.status}: ${await sent.text()}`);
  const { id } = (await sent.json()) as { id: number };
  await poked;
  latencies.push(performance.now() - startedAt);
  const pulled = await pull(cursor);
  cursor = pulled.cursor;
  if (!pulled.changes.messages?.upserted.some((message) => message.id === id))
    throw new Error('the pull after the poke lacked the message');
  withPull.push(performance.now() - startedAt);
}
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];
const p = (q: number) => quantile(latencies, q);
const pp = (q: number) => quantile(withPull, q);
console.log(`message sent → recipient's stream poked: p50 ${p(0.5).toFixed(0)} ms, p95 ${p(0.95).toFixed(0)} ms (${MESSAGES} messages)`);
console.log(`message sent → recipient poked and pulled it: p50 ${pp(0.5).toFixed(0)} ms, p95 ${pp(0.95).toFixed(0)} ms`);
record('live', [
  { figure: `idle CPU with ${STREAMS} poke streams`, value: Number(idleCpuPct.toFixed(2)), unit: '% of a core' },
  { figure: 'message sent → open app poked, p95', value: Math.round(p(0.95)), unit: 'ms', target: '< 1000 ms', met: p(0.95) < 1000 },
  {
    figure: 'message sent → open app poked and pulled, p95',
    value: Math.round(pp(0.95)),
    unit: 'ms',
    target: '< 1000 ms',
    met: pp(0.95) < 1000,
  },
]);

for (const abort of aborts) abort.abort();
await app.close();
await handle.close();
await rm(dataDir, { recursive: true, force: true });
