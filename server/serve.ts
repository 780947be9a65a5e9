import type { Logger } from 'pino';
import { buildApp } from './app';
import type { Config } from './config';
import cluster from 'node:cluster';
import { openDatabase, type DatabaseHandle } from './db';
import { activeTracing } from './lib/tracing';
import { startScheduledBackups } from './services/backups/schedule';

/**
 * Serves the API (and the web app) in this process until SIGTERM or SIGINT, then stops
 * gracefully: readiness turns 503, no new connections are accepted, requests in flight get
 * `shutdownGraceMs` to finish (then their connections are closed), and the listener, the
 * media store and the database are closed before the process exits.
 */
export async function serve(config: Config, log: Logger, opened?: DatabaseHandle): Promise<void> {
  const startedAt = performance.now();
  const handle = opened ?? (await openDatabase(config));
  const app = await buildApp({ config, db: handle.db, log, web: config.webDistDir ? { distDir: config.webDistDir } : true });
  const graceMs = config.shutdownGraceMs ?? 10_000;
  // With workers, the primary takes the backups (server/workers.ts): one process, not one per worker.
  const backups = cluster.isWorker ? undefined : startScheduledBackups(config, log, handle.db);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.lifecycle.draining = true;
    log.info(`${signal}: finishing the requests in flight (at most ${graceMs} ms), then stopping`);
    const force = setTimeout(() => {
      log.warn(`requests still running after ${graceMs} ms: their connections are closed`);
      app.server.closeAllConnections();
    }, graceMs).unref();
    try {
      // A backup under way is abandoned (its partial file removed) while the requests finish; the database closes after both.
      const backupsStopped = backups?.stop();
      await app.close();
      await backupsStopped;
      await handle.close();
    } catch (error) {
      log.error({ err: error }, 'stopping failed');
      process.exit(1);
    }
    clearTimeout(force);
    log.info('stopped');
    // The spans still buffered, sent before the process ends.
    await activeTracing()?.shutdown();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log.info({ port }, `ready on http://${config.host}:${port} in ${Math.round(performance.now() - startedAt)} ms (${handle.kind} database)`);
}
