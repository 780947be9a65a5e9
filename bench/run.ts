/**
 * `npm run bench`: every benchmark under bench/, one after the other, on a generated catalogue
 * of BENCH_PRODUCTS products (10,000) in a fresh PGlite folder and a fresh PostgreSQL database
 * (created beside BENCH_DATABASE_URL, default postgres://postgres:pw@127.0.0.1:5432/postgres,
 * and dropped at the end; without PostgreSQL those rows are left out and the report says so).
 * Each benchmark prints its own lines and appends its key figures (bench/record.ts); at the end
 * the report (bench/report.ts: every figure beside its target and the ceiling measured in the
 * same run) is printed and written to bench/REPORT.md, the current figures linked from
 * bench/README.md, and with report.json to bench/results/ (git-ignored).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PROJECT_ROOT, ensureWebBuilt } from '../server/web';
import type { Figure } from './record';
import { type Step, writeReports } from './report';

const PRODUCTS = process.env.BENCH_PRODUCTS ?? '10000';
// The scale section (bench/scale-load.ts): its own catalogues, 100k on PGlite and 1M on PostgreSQL (0 leaves one out).
const SCALE_PGLITE = process.env.BENCH_SCALE_PGLITE ?? '100000';
const SCALE_POSTGRES = process.env.BENCH_SCALE_POSTGRES ?? '1000000';
const CHAT_SECONDS = process.env.BENCH_CHAT_SECONDS ?? '60';
const outDir = path.join(PROJECT_ROOT, 'bench', 'results');
const figuresFile = path.join(outDir, 'figures.jsonl');
mkdirSync(outDir, { recursive: true });
rmSync(figuresFile, { force: true });
const dataDir = path.join(tmpdir(), `bench-run-${process.pid}`);
rmSync(dataDir, { recursive: true, force: true });

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:pw@127.0.0.1:5432/postgres';
const dbName = `bench_run_${process.pid}`;
const scaleDbName = `bench_scale_${process.pid}`;
let pgUrl: string | null = null;
let scaleUrl: string | null = null;
const admin = new pg.Client({ connectionString: adminUrl });
try {
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  pgUrl = url.toString();
  if (SCALE_POSTGRES !== '0') {
    await admin.query(`create database ${scaleDbName}`);
    url.pathname = `/${scaleDbName}`;
    scaleUrl = url.toString();
  }
} catch (error) {
  console.log(`PostgreSQL not reachable at ${adminUrl} (${String(error)}): its benchmarks are left out`);
}

const steps: Step[] = [];
const pgliteEnv = { DATA_DIR: dataDir, DATABASE_URL: '' };

/** BENCH_ONLY=<pattern>: only the steps whose name matches (the report then holds only their figures). */
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;

function run(name: string, args: string[], env: Record<string, string>): void {
  if (only && !only.test(name)) return;
  console.log(`\n== ${name} ==`);
  const started = performance.now();
  const result = spawnSync(args[0], args.slice(1), {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
    env: { ...process.env, BENCH_RESULTS: figuresFile, ...env },
  });
  steps.push({ name, ok: result.status === 0, seconds: Math.round((performance.now() - started) / 1000) });
}

const tsx = (script: string, ...rest: string[]) => [process.execPath, '--import', 'tsx', script, ...rest];
try {
  await ensureWebBuilt((message) => console.log(message));
  run('bundle size', [process.execPath, 'bench/bundle-size.mjs'], {});
  run('search relevance (device and server, PGlite)', tsx('bench/search-relevance.ts'), { DATABASE_URL: '' });
  run(`catalogue of ${PRODUCTS} products (PGlite)`, tsx('bench/catalogue-generate.ts', PRODUCTS), pgliteEnv);
  if (pgUrl) run(`catalogue of ${PRODUCTS} products (PostgreSQL)`, tsx('bench/catalogue-generate.ts', PRODUCTS), { DATABASE_URL: pgUrl });
  run('API throughput (PGlite)', tsx('bench/catalogue-load.ts'), pgliteEnv);
  if (pgUrl) run('API throughput (PostgreSQL)', tsx('bench/catalogue-load.ts'), { DATABASE_URL: pgUrl });
  run('sign-in check (PGlite)', tsx('bench/session-check.ts'), { DATA_DIR: path.join(dataDir, 'session'), DATABASE_URL: '' });
  if (pgUrl) run('sign-in check (PostgreSQL)', tsx('bench/session-check.ts'), { DATABASE_URL: pgUrl });
  if (SCALE_PGLITE !== '0') {
    const scaleEnv = { DATA_DIR: path.join(dataDir, 'scale'), DATABASE_URL: '' };
    run(`catalogue of ${SCALE_PGLITE} products (PGlite, scale)`, tsx('bench/catalogue-generate.ts', SCALE_PGLITE), scaleEnv);
    run('server at scale (PGlite)', tsx('bench/scale-load.ts'), scaleEnv);
    if (!scaleUrl) run('the working set on the phone profile (Chromium, PGlite)', tsx('bench/working-set-browser.ts'), scaleEnv);
  }
  if (scaleUrl) {
    run(`catalogue of ${SCALE_POSTGRES} products (PostgreSQL, scale)`, tsx('bench/catalogue-generate.ts', SCALE_POSTGRES), {
      DATABASE_URL: scaleUrl,
    });
    run('server at scale (PostgreSQL)', tsx('bench/scale-load.ts'), { DATABASE_URL: scaleUrl });
    run('the working set on the phone profile (Chromium, PostgreSQL)', tsx('bench/working-set-browser.ts'), { DATABASE_URL: scaleUrl });
  }
  // Production mode, as the built app runs: no development-only checks of each answer's shape (src/sync/api/answers.ts).
  const syncDevice = ['npx', 'vitest', 'run', '--config', 'bench/vitest.config.ts', '--mode', 'production', 'bench/sync-pull.device.ts'];
  run('initial and empty sync, local search (Node)', syncDevice, { ...pgliteEnv, NODE_ENV: 'production' });
  if (pgUrl) run('initial sync (Node, PostgreSQL)', syncDevice, { DATABASE_URL: pgUrl, BENCH_PULL_ONLY: '1', NODE_ENV: 'production' });
  run('initial sync (Chromium)', tsx('bench/sync-pull-browser.ts'), pgliteEnv);
  run('repeat-visit paint (Chromium)', tsx('bench/home-paint.ts'), pgliteEnv);
  run('first visit on the throttled link (Chromium)', tsx('bench/first-visit.ts'), { DATABASE_URL: '' });
  run('Lighthouse, mobile and desktop (Chromium)', tsx('bench/lighthouse.ts'), { DATABASE_URL: '' });
  run('pictures and files on a weak link (Chromium)', tsx('bench/uploads.ts'), { DATABASE_URL: '' });
  if (pgUrl) run('concurrent writes (PostgreSQL)', tsx('bench/concurrent-writes.ts'), { DATABASE_URL: adminUrl });
  run(
    'sync under trouble (Chromium)',
    ['npx', 'vitest', 'run', '--config', 'tests/journeys/vitest.config.ts', 'tests/journeys/trouble.test.ts'],
    {},
  );
  // Open apps and writes until pokes slow down: PGlite, then (beside adminUrl) PostgreSQL with 1 and 2 processes.
  run('capacity: open apps and writes', tsx('bench/capacity.ts'), { DATABASE_URL: pgUrl ? adminUrl : '' });
  if (pgUrl)
    run('chat load (PostgreSQL)', tsx('bench/chat-load.ts', '--db', 'postgres', '--seconds', CHAT_SECONDS), { DATABASE_URL: adminUrl });
} finally {
  if (pgUrl) await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
  if (scaleUrl) await admin.query(`drop database if exists ${scaleDbName} with (force)`).catch(() => undefined);
  await admin.end().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}

const figures = existsSync(figuresFile)
  ? readFileSync(figuresFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Figure & { bench: string })
  : [];
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: PROJECT_ROOT, encoding: 'utf8' }).stdout.trim();
const context = {
  generated_at: new Date().toISOString(),
  commit,
  node: process.version,
  cores: cpus().length,
  load_average: loadavg().map((l) => Number(l.toFixed(1))),
  products: Number(PRODUCTS),
  postgres: pgUrl !== null,
};
const markdown = writeReports(path.join(PROJECT_ROOT, 'bench', 'REPORT.md'), outDir, context, steps, figures);
console.log(`\n${markdown}\nWritten: bench/REPORT.md, bench/results/report.md and bench/results/report.json`);
process.exitCode = steps.every((s) => s.ok) ? 0 : 1;
