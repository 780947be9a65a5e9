/**
 * The API alone (no web app, no demo seed) on BENCH_PORT, for bench/catalogue-load.ts; with BARE=1, a
 * bare Fastify route instead: the ceiling the catalogue routes are compared with.
 */
import Fastify from 'fastify';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db';
import { migrateToLatest } from '../server/db/migrate';

const port = Number(process.env.BENCH_PORT ?? 3199);
// This process's CPU time, so the load generator can tell the cost per request apart from
// what other programs on a shared machine take.
const cpu = async () => {
  const { user, system } = process.cpuUsage();
  return { micros: user + system };
};
if (process.env.BARE === '1') {
  const app = Fastify({ logger: false });
  app.get('/bare/', async () => ({ status: 'ok' }));
  app.get('/bench/cpu', cpu);
  await app.listen({ port, host: '127.0.0.1' });
} else {
  process.env.DATA_DIR ||= path.join(tmpdir(), 'marketplace-bench');
  const config = { ...loadConfig(), seedDemo: false, logLevel: 'warn' };
  const handle = await openDatabase(config);
  await migrateToLatest(handle.db);
  const app = await buildApp({ config, db: handle.db, logger: false });
  app.get('/bench/cpu', cpu);
  await app.listen({ port, host: '127.0.0.1' });
}
console.log('listening');
