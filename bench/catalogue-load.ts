/**
 * Catalogue benchmark, run by hand (never part of npm test), 10 s per scenario:
 *   npx tsx bench/catalogue-generate.ts 10000 && npx tsx bench/catalogue-load.ts
 *   DATABASE_URL=postgres://postgres:pw@127.0.0.1:5432/mk_bench npx tsx bench/catalogue-load.ts
 * Compares GET /api/products/?limit=20, two searches and an empty sync pull with a bare
 * Fastify route on the same machine (the ceiling), and prints requests/s and p99 latency.
 * Every request accepts compressed answers as a browser does (BENCH_ENCODING=identity turns
 * that off). The bare route and the list are measured in turns (BENCH_ROUNDS, default 2) and
 * compared per round: the machine is shared, so only figures of the same moment compare.
 * Targets: paged list ≥ 40% of the bare route's requests/s; search p99 < 50 ms at 50
 * connections; the empty sync answer < 1 KB.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const ACCEPT_ENCODING = process.env.BENCH_ENCODING ?? 'gzip, deflate, br';
const headers = { 'accept-encoding': ACCEPT_ENCODING };
const API_PORT = 3197;
const BARE_PORT = 3198;

function start(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/catalogue-serve.ts'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => { if (d.toString().includes('listening')) resolve(child); });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

async function load(title: string, url: string, connections: number) {
  const result = await autocannon({ url, connections, duration: DURATION, headers });
  const line = { scenario: title, connections, 'req/s': Math.round(result.requests.average), 'p99 ms': result.latency.p99, errors: result.errors + result.non2xx };
  console.log(JSON.stringify(line));
  return line;
}

const bare = await start({ BARE: '1', BENCH_PORT: String(BARE_PORT) });
const api = await start({ BENCH_PORT: String(API_PORT) });
const base = `http://127.0.0.1:${API_PORT}`;
try {
  const count = (await (await fetch(`${base}/api/products/?limit=1`)).json()).count;
  console.log(`catalogue: ${count} products, database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);

  // The cursor of a device that is up to date.
  let cursor = '';
  for (;;) {
    const page = await (await fetch(`${base}/api/sync/?limit=1000${cursor ? `&since=${cursor}` : ''}`)).json();
    cursor = page.cursor;
    if (!page.has_more) break;
  }
  const empty = await (await fetch(`${base}/api/sync/?since=${cursor}`)).text();
  console.log(`empty sync answer: ${Buffer.byteLength(empty)} bytes: ${empty}`);

  const listUrl = `${base}/api/products/?limit=20`;
  const sent = await fetch(listUrl, { headers });
  const wire = Number(sent.headers.get('content-length'));
  console.log(`list answer: ${Buffer.byteLength(await sent.text())} bytes, ${wire} on the wire (${sent.headers.get('content-encoding') ?? 'identity'})`);
  const shares: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const ceiling = await load('bare Fastify route', `http://127.0.0.1:${BARE_PORT}/bare/`, 10);
    const list = await load('GET /api/products/?limit=20', listUrl, 10);
    shares.push(Math.round((100 * list['req/s']) / ceiling['req/s']));
  }
  await load('search, 3 letters (cof)', `${base}/api/products/?search=cof`, 50);
  await load('search, 2 words (organic coffee)', `${base}/api/products/?search=organic%20coffee`, 50);
  await load('suggestions (kah, limit=5)', `${base}/api/products/?search=kah&limit=5`, 50);
  await load('GET /api/sync/ nothing new', `${base}/api/sync/?since=${cursor}`, 10);
  console.log(`paged list: ${shares.map((share) => `${share}%`).join(', ')} of the bare route (per round)`);
} finally {
  api.kill();
  bare.kill();
}
