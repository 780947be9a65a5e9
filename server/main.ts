import cluster from 'node:cluster';
import { loadConfig } from './config';
import { openDatabase } from './db';
import { migrateToLatest } from './db/migrate';
import { createLogger } from './lib/logging';
import { startTracing } from './lib/tracing';
import { APP_VERSION } from '../src/shared/app-version';
import { runWorkers } from './workers';
import { serve } from './serve';
import { seedDemo } from './seed';
import { createMediaStore } from './services/media/store';
import { openMediaObjects } from './services/media/open-objects';
import { ensureWebBuilt } from './web';

/**
 * `npm start`: build the web app when needed, migrate, load the demo catalogue into an empty
 * database, then serve the PWA and the API on PORT (docs/operations.md#run-and-deploy): in this process, or with
 * WEB_CONCURRENCY > 1 (PostgreSQL only) in that many workers sharing the port (node:cluster).
 * Workers only serve: the steps before run once, here, before any worker starts.
 */
const config = loadConfig();
// Before the logger, whose lines then carry the trace id (docs/operations.md#traces).
await startTracing(process.env, String(APP_VERSION));
const log = await createLogger(config);

if (cluster.isWorker) {
  await serve(config, log);
} else {
  if (!config.databaseUrl && Number(process.env.WEB_CONCURRENCY) > 1) {
    log.warn('WEB_CONCURRENCY is ignored with the embedded database: one process owns it (set DATABASE_URL to run several)');
  }
  if (process.env.NODE_ENV === 'production' && !config.publicUrl) {
    log.warn('PUBLIC_URL is unset: pages carry relative links only, with no og:url or link-preview picture, and there is no sitemap');
  }
  if (!config.webDistDir) await ensureWebBuilt((message) => log.info(message));
  const handle = await openDatabase(config);
  await migrateToLatest(handle.db);
  if (config.seedDemo) {
    const seedStart = performance.now();
    const objects = await openMediaObjects(config.dataDir, config.mediaS3);
    const demo = await seedDemo(handle.db, createMediaStore(objects, handle.db));
    await objects.close();
    if (demo.seeded) log.info(`demo catalogue loaded: ${demo.products} products in ${Math.round(performance.now() - seedStart)} ms`);
    for (const s of demo.signIns) log.info(`demo sign-in (${s.role.toLowerCase()}): ${s.email} / ${s.password}`);
  }
  const workers = config.webConcurrency ?? 1;
  if (workers <= 1) await serve(config, log, handle);
  else {
    await handle.close();
    runWorkers(workers, config, log);
  }
}
