/**
 * `npm start` with 1 and then 2 workers (WEB_CONCURRENCY) on PostgreSQL, run by hand:
 *   DATABASE_URL=postgres://postgres:pw@127.0.0.1:5432/<db> npx tsx bench/catalogue-generate.ts 10000
 *   DATABASE_URL=postgres://postgres:pw@127.0.0.1:5432/<db> npx tsx bench/workers.ts
 * For each count, the catalogue list (GET /api/products/?limit=20) and a search at 50
 * connections for BENCH_SECONDS (10), after a 3-second warm-up; prints requests/s and p99
 * side by side. The load generator runs on the same machine: with 2 cores, 2 workers and
 * autocannon share them, so this shows what a second worker gives where the load generator
 * competes for the same cores (on a real deployment it does not).
 * The chat load with workers: npx tsx bench/chat-load.ts --db postgres --workers 2.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';

if (!process.env.DATABASE_URL) throw new Error('bench/workers.ts needs DATABASE_URL (several workers need PostgreSQL)');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = 3297;
const base = `http://127.0.0.1:${PORT}`;
const headers = { 'accept-encoding': 'gzip, deflate, br' };

async function start(workers: number): Promise<ChildProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-workers-'));
  const dist = path.join(dataDir, 'dist');
  mkdirSync(dist);
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>bench</title>');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      WEB_CONCURRENCY: String(workers),
      PORT: String(PORT),
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      WEB_DIST_DIR: dist,
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'bench-workers-secret-long-enough-for-hs256',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  while (
    !(await fetch(`${base}/api/health/ready/`).then(
      (r) => r.ok,
      () => false,
    ))
  )
    await new Promise((r) => setTimeout(r, 200));
  // The other workers start beside the first one that answered.
  await new Promise((r) => setTimeout(r, 3000));
  return child;
}

async function load(url: string, seconds: number) {
  const result = await autocannon({ url, connections: 50, duration: seconds, headers });
  return { rate: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const scenarios = { list: `${base}/api/products/?limit=20`, 'search cof': `${base}/api/products/?search=cof&limit=20` };
const rows: Record<string, Record<number, Awaited<ReturnType<typeof load>>>> = {};
console.log(
  `cores: ${availableParallelism()}, load average before: ${loadavg()
    .map((v) => v.toFixed(1))
    .join(' ')}`,
);
for (const workers of [1, 2]) {
  const server = await start(workers);
  try {
    for (const [name, url] of Object.entries(scenarios)) {
      await load(url, 3);
      const figure = await load(url, SECONDS);
      rows[name] ??= {};
      rows[name][workers] = figure;
      console.log(JSON.stringify({ workers, scenario: name, ...figure }));
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}
console.log('\n| scenario (50 connections) | 1 worker req/s | p99 | 2 workers req/s | p99 |\n|---|---|---|---|---|');
for (const [name, by] of Object.entries(rows)) {
  console.log(`| ${name} | ${by[1].rate} | ${by[1].p99} ms | ${by[2].rate} | ${by[2].p99} ms |`);
}
console.log(
  `load average after: ${loadavg()
    .map((v) => v.toFixed(1))
    .join(' ')}`,
);
