/**
 * How long a backup of the embedded database holds requests (docs/operations.md#backups):
 * `npx tsx bench/backup-hold.ts`. The demo catalogue in a fresh DATA_DIR, served in this
 * process; four clients read product pages without pause while BACKUP_RUNS backups are taken
 * (server/services/backups/backup.ts), then once while PGlite's own dumpDataDir() runs, for
 * comparison. Prints the time the database was held, the longest event-loop stall and the
 * slowest answers with and without a backup under way.
 */
import { PGlite } from '@electric-sql/pglite';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { pgliteExtensions, wrapPGlite } from '../server/db';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemo } from '../server/seed';
import { takeBackup } from '../server/services/backups/backup';
import { createMediaStore } from '../server/services/media/store';
import { openMediaObjects } from '../server/services/media/open-objects';

const RUNS = Number(process.env.BACKUP_RUNS ?? 3);
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-backup-'));
const pglite = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: pgliteExtensions });
const handle = await wrapPGlite(pglite);
await migrateToLatest(handle.db);
const objects = await openMediaObjects(dataDir);
const demo = await seedDemo(handle.db, createMediaStore(objects, handle.db));
await objects.close();
const config = { ...loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '0' }), port: 0 };
const app = await buildApp({ config, db: handle.db, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
const url = `http://127.0.0.1:${port}/api/products/?limit=20`;

let running = true;
let window: number[] = [];
const clients = Array.from({ length: 4 }, async () => {
  while (running) {
    const started = performance.now();
    await (await fetch(url)).arrayBuffer();
    window.push(performance.now() - started);
  }
});

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return `${sorted.length} answers, p50 ${at(0.5).toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms, max ${at(1).toFixed(0)} ms`;
};

async function measure(label: string, work: () => Promise<string>): Promise<void> {
  window = [];
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const detail = await work();
  loop.disable();
  console.log(`${label}: ${detail}; longest event-loop stall ${(loop.max / 1e6).toFixed(0)} ms; reads meanwhile: ${summary(window)}`);
}

console.log(`demo catalogue: ${demo.products} products in ${dataDir}`);
await measure('no backup (5 s)', () => new Promise((resolve) => setTimeout(() => resolve('idle'), 5000)));
for (let run = 1; run <= RUNS; run++) {
  await measure(`backup ${run}`, async () => {
    const result = await takeBackup({ kind: 'pglite', db: handle.db }, path.join(dataDir, `b${run}.tar`), {
      dataDir,
      mediaInDataDir: true,
    });
    return `${(result.bytes / 1e6).toFixed(1)} MB in ${result.ms.toFixed(0)} ms, database held ${result.heldMs?.toFixed(0)} ms`;
  });
}
await measure("PGlite's dumpDataDir()", async () => {
  const started = performance.now();
  const dump = await pglite.dumpDataDir('gzip');
  return `${(dump.size / 1e6).toFixed(1)} MB in ${(performance.now() - started).toFixed(0)} ms, database held as long`;
});

running = false;
await Promise.all(clients);
await app.close();
await handle.close();
await rm(dataDir, { recursive: true, force: true });
