/**
 * Catalogue benchmark, run by hand (never part of npm test), 10 s per scenario:
 *   npx tsx bench/catalogue-generate.ts 10000 && npx tsx bench/catalogue-load.ts
 *   DATABASE_URL=postgres://postgres:pw@127.0.0.1:5432/mk_bench npx tsx bench/catalogue-load.ts
 * Compares GET /api/products/?limit=20, two searches and an empty sync pull with a bare
 * Fastify route on the same machine (the ceiling), and prints requests/s and p99 latency.
 * Every request accepts compressed answers as a browser does (BENCH_ENCODING=identity turns
 * that off). The machine is shared, so the bare route's own figure moves a lot from run to
 * run: the bare route and the list are measured in short alternating turns (BENCH_ROUNDS ×
 * BENCH_TURN_SECONDS, default 6 × 2 s each) and compared over the same moments, and each
 * server's CPU time per request is printed too (it does not depend on what else runs).
 * Targets: paged list ≥ 40% of the bare route's requests/s; search p99 < 50 ms at 50
 * connections; the empty sync answer < 1 KB.
 */
import { record } from './record';
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const TURN = Number(process.env.BENCH_TURN_SECONDS ?? 2);
const ACCEPT_ENCODING = process.env.BENCH_ENCODING ?? 'gzip, deflate, br';
const headers = { 'accept-encoding': ACCEPT_ENCODING };
const API_PORT = 3197;
const BARE_PORT = 3198;

function start(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/catalogue-serve.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('listening')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

async function load(title: string, url: string, connections: number, duration = DURATION, quiet = false) {
  const result = await autocannon({ url, connections, duration, headers });
  const line = {
    scenario: title,
    connections,
    'req/s': Math.round(result.requests.average),
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
    requests: result.requests.total,
  };
  if (!quiet) console.log(JSON.stringify(line));
  return line;
}

const cpuMicros = async (origin: string) => ((await (await fetch(`${origin}/bench/cpu`)).json()) as { micros: number }).micros;

/** Requests/s and the server's CPU µs per request over one short turn. */
async function turn(url: string, origin: string) {
  const before = await cpuMicros(origin);
  const line = await load(url, url, 10, TURN, true);
  return { rate: line['req/s'], requests: line.requests, cpu: (await cpuMicros(origin)) - before, errors: line.errors };
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
  console.log(
    `list answer: ${Buffer.byteLength(await sent.text())} bytes, ${wire} on the wire (${sent.headers.get('content-encoding') ?? 'identity'})`,
  );
  const bareOrigin = `http://127.0.0.1:${BARE_PORT}`;
  const sum = { bare: { requests: 0, cpu: 0, errors: 0 }, list: { requests: 0, cpu: 0, errors: 0 } };
  const shares: number[] = [];
  // Warm both servers up (JIT, caches) before anything counts.
  await turn(`${bareOrigin}/bare/`, bareOrigin);
  await turn(listUrl, base);
  for (let round = 0; round < ROUNDS; round++) {
    const bareTurn = await turn(`${bareOrigin}/bare/`, bareOrigin);
    const listTurn = await turn(listUrl, base);
    for (const [key, t] of [
      ['bare', bareTurn],
      ['list', listTurn],
    ] as const) {
      sum[key].requests += t.requests;
      sum[key].cpu += t.cpu;
      sum[key].errors += t.errors;
    }
    shares.push(Math.round((100 * listTurn.rate) / bareTurn.rate));
    console.log(
      JSON.stringify({ round: round + 1, 'bare req/s': bareTurn.rate, 'list req/s': listTurn.rate, 'list % of bare': shares.at(-1) }),
    );
  }
  const perRequest = (k: 'bare' | 'list') => sum[k].cpu / sum[k].requests;
  shares.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      scenario: 'bare route vs GET /api/products/?limit=20 (10 connections, alternating turns)',
      'bare req/s': Math.round(sum.bare.requests / (ROUNDS * TURN)),
      'list req/s': Math.round(sum.list.requests / (ROUNDS * TURN)),
      'list % of bare (all turns)': Math.round((100 * sum.list.requests) / sum.bare.requests),
      'list % of bare (median turn)': shares[Math.floor(shares.length / 2)],
      'server CPU µs/request bare': Math.round(perRequest('bare')),
      'server CPU µs/request list': Math.round(perRequest('list')),
      errors: sum.bare.errors + sum.list.errors,
    }),
  );
  const searches = [
    await load('search, 3 letters (cof)', `${base}/api/products/?search=cof`, 50),
    await load('search, 2 words (organic coffee)', `${base}/api/products/?search=organic%20coffee`, 50),
    await load('suggestions (kah, limit=5)', `${base}/api/products/?search=kah&limit=5`, 50),
  ];
  const emptyPull = await load('GET /api/sync/ nothing new', `${base}/api/sync/?since=${cursor}`, 10);
  const bareRate = Math.round(sum.bare.requests / (ROUNDS * TURN));
  const listShare = Math.round((100 * sum.list.requests) / sum.bare.requests);
  record(`API on ${database} (${count} products)`, [
    {
      figure: 'GET /api/products/?limit=20, req/s (10 connections)',
      value: Math.round(sum.list.requests / (ROUNDS * TURN)),
      unit: 'req/s',
      target: '≥ 40% of bare Fastify',
      met: listShare >= 40,
      ceiling: `bare Fastify ${bareRate} req/s in alternating turns (list = ${listShare}%)`,
    },
    ...searches.map((s) => ({
      figure: `${s.scenario} p99 (50 connections, ${s['req/s']} req/s)`,
      value: s['p99 ms'],
      unit: 'ms',
      target: '< 50 ms',
      met: s['p99 ms'] < 50 && s.errors === 0,
      ceiling: `bare Fastify ${bareRate} req/s`,
    })),
    {
      figure: `empty sync pull, req/s (10 connections, p99 ${emptyPull['p99 ms']} ms)`,
      value: emptyPull['req/s'],
      unit: 'req/s',
      ceiling: `bare Fastify ${bareRate} req/s`,
    },
    { figure: 'empty sync answer', value: Buffer.byteLength(empty), unit: 'bytes', target: '< 1 KB', met: Buffer.byteLength(empty) < 1024 },
  ]);
  console.log(
    `paged list: ${Math.round((100 * sum.list.requests) / sum.bare.requests)}% of the bare route over the same moments (median turn ${shares[Math.floor(shares.length / 2)]}%); server CPU per request ${Math.round(perRequest('list'))} µs vs ${Math.round(perRequest('bare'))} µs bare`,
  );
} finally {
  api.kill();
  bare.kill();
}
