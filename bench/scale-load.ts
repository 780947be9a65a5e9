/**
 * The server at size, run by hand on a large generated catalogue (never part of npm test):
 *   DATA_DIR=/tmp/scale-100k npx tsx bench/catalogue-generate.ts 100000 && DATA_DIR=/tmp/scale-100k npx tsx bench/scale-load.ts
 *   DATABASE_URL=postgres://.../<database with 1M> npx tsx bench/scale-load.ts
 * Every list, section, search, suggestion and deep-page scenario at 50 connections for
 * BENCH_SECONDS (10) each, with URLs drawn at random per request (terms, limits, offsets,
 * categories, cursors) so that nearly every request misses the answer cache, as on a live
 * catalogue. Targets: p99 < 300 ms at 1M products on PostgreSQL, < 500 ms at 100k on PGlite.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { record } from './record';
import { between, MODEL_WORDS, pick, prefix, typo, WORDS } from './search-words';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
// BENCH_CONNECTIONS=1 shows what one request costs alone, apart from the queue a busy machine builds.
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 3196);
const base = `http://127.0.0.1:${PORT}`;
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
// BENCH_ONLY=<words> runs only the scenarios whose title holds them (e.g. "2 words").
const ONLY = process.env.BENCH_ONLY;

function start(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/catalogue-serve.ts'], {
    env: { ...process.env, BENCH_PORT: String(PORT) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      if (d.toString().includes('listening')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

const server = await start();
// The server colours pictures stored before colours were kept, 3 s after it starts: one scan of
// every product's pictures (about 3.5 s of the CPU at 1M), once per process. It is let finish
// first, so the first scenario measures the lists, not the start-up.
await new Promise((resolve) => setTimeout(resolve, Number(process.env.BENCH_SETTLE_SECONDS ?? 10) * 1000));
try {
  const first = await (await fetch(`${base}/api/products/?limit=1`)).json();
  const count = first.count as number;
  const newestId = first.results[0].id as number;
  const categories = (await (await fetch(`${base}/api/categories/`)).json()) as Array<{ id: number }> | { results: Array<{ id: number }> };
  const categoryIds = (Array.isArray(categories) ? categories : categories.results).map((c) => c.id);
  console.log(`catalogue: ${count} products${first.count_estimated ? ' (estimated)' : ''}, database: ${database}`);

  const scenarios: Array<[string, () => string]> = [
    ['list, random page within the offset window', () => `/api/products/?limit=${between(10, 30)}&offset=${between(0, 10_000)}`],
    ['list, deep page by its next link (after=)', () => `/api/products/?limit=20&offset=50000&after=${between(1, newestId)}`],
    [
      'category list, random page',
      () => `/api/products/?category=${pick(categoryIds)}&limit=${between(10, 30)}&offset=${between(0, 2_000)}`,
    ],
    ['new arrivals', () => `/api/products/new-arrivals/?limit=${between(6, 30)}`],
    ['flash deals', () => `/api/products/flash-deals/?limit=${between(6, 30)}&offset=${between(0, 200)}`],
    ['top rated', () => `/api/products/top-rated/?limit=${between(6, 30)}`],
    ['hot selling', () => `/api/products/hot-selling/?limit=${between(6, 30)}&offset=${between(0, 200)}`],
    ['search, broad (3–5 letters)', () => `/api/products/?search=${prefix()}&limit=${between(10, 30)}`],
    ['search, 2 words', () => `/api/products/?search=${pick(WORDS)}%20${pick(WORDS)}&limit=${between(10, 30)}`],
    [
      'search, one typo (forgiven)',
      () => `/api/products/?search=${typo(pick(WORDS.filter((w) => w.length >= 5)))}&limit=${between(10, 30)}`,
    ],
    // A rare word (a model name on one product in 4,000) with one typo: the nearest words come from the whole vocabulary.
    ['search, one typo in a rare word (forgiven)', () => `/api/products/?search=${typo(pick(MODEL_WORDS))}&limit=${between(10, 30)}`],
    ['search, deep page', () => `/api/products/?search=${prefix()}&limit=20&offset=${between(200, 2_000)}`],
    ['suggestions (limit 5)', () => `/api/products/?search=${prefix()}&limit=5&exclude=${between(1, newestId)}`],
    ['search sorted by price', () => `/api/products/?search=${pick(WORDS)}%20${between(1, 9)}&ordering=price&limit=20`],
  ];
  const lines = [];
  for (const [title, url] of scenarios.filter(([title]) => !ONLY || title.includes(ONLY))) {
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: DURATION,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
      requests: [{ setupRequest: (req) => ({ ...req, path: url() }) }],
    });
    const line = {
      scenario: title,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      errors: result.errors + result.non2xx,
    };
    console.log(JSON.stringify(line));
    lines.push(line);
  }
  const target = database === 'PostgreSQL' ? 300 : 500;
  record(`Server at size: ${database}, ${count} products, ${CONNECTIONS} connection${CONNECTIONS === 1 ? '' : 's'}, answers not cached`, [
    ...lines.map((l) => ({
      figure: `${l.scenario} p99 (${l['req/s']} req/s, p50 ${l['p50 ms']} ms${l.errors ? `, ${l.errors} errors` : ''})`,
      value: l['p99 ms'],
      unit: 'ms',
      target: `< ${target} ms`,
      met: l['p99 ms'] < target && l.errors === 0,
    })),
  ]);
} finally {
  server.kill();
}
