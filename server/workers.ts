import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { Config } from './config';
import { serveClusterMetrics } from './lib/metrics';
import { activeTracing } from './lib/tracing';
import { startScheduledBackups } from './services/backups/schedule';

/** A worker that dies sooner than this after starting is restarted after a pause, not at once (no crash loop). */
const STEADY_MS = 5_000;
const RESTART_PAUSE_MS = 1_000;

/**
 * The primary of `npm start` with WEB_CONCURRENCY > 1: starts that many workers (each serves
 * the port: server/serve.ts), starts a new one when one dies, and on SIGTERM/SIGINT asks
 * every worker to stop gracefully and exits when they have (or, past their grace period
 * and a margin, kills them).
 */
export function runWorkers(count: number, config: Config, log: Logger): void {
  const startedAt = new Map<Worker, number>();
  let stopping = false;
  // The primary takes the scheduled backups (PostgreSQL's pg_dump and DATA_DIR's files): once, whatever the number of workers.
  const backups = startScheduledBackups(config, log);

  const start = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
  };

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) {
        log.info('all workers stopped');
        void (activeTracing()?.shutdown() ?? Promise.resolve()).finally(() => process.exit(0));
      }
      return;
    }
    log.warn(`worker ${worker.id} (pid ${worker.process.pid}) died (${signal ?? `exit code ${code}`}); starting another`);
    if (lived < STEADY_MS) setTimeout(start, RESTART_PAUSE_MS);
    else start();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    void backups?.stop();
    log.info(`${signal}: stopping ${startedAt.size} workers`);
    if (startedAt.size === 0) process.exit(0);
    for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
    setTimeout(
      () => {
        log.warn('workers still running past their grace period: killed');
        for (const worker of startedAt.keys()) worker.process.kill('SIGKILL');
        process.exit(1);
      },
      (config.shutdownGraceMs ?? 10_000) + 5_000,
    ).unref();
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));

  // A scrape reaching any worker answers for all of them (docs/operations.md#metrics).
  serveClusterMetrics();
  log.info(`starting ${count} workers (WEB_CONCURRENCY)`);
  for (let i = 0; i < count; i++) start();
}
