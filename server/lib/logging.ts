import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { pino, type Logger } from 'pino';
import type { Config } from '../config';
import { activeTracing } from './tracing';

/**
 * The server's log: readable lines for a person at a terminal (pino-pretty, loaded only
 * then), one JSON object per line for machines (log shippers, `docker logs`). LOG_FORMAT
 * (pretty|json) overrides the terminal check; LOG_LEVEL (trace, debug, info, warn, error,
 * fatal, silent) filters both. Workers of a cluster say which worker they are. While tracing
 * is on (lib/tracing.ts, started before the logger), a line written inside a span carries its
 * trace_id and span_id.
 */
export async function createLogger(config: Pick<Config, 'logLevel' | 'logFormat'>): Promise<Logger> {
  const base = cluster.isWorker ? { worker: cluster.worker?.id } : {};
  const tracing = activeTracing();
  const mixin = tracing ? () => tracing.logFields() : undefined;
  if ((config.logFormat ?? (process.stdout.isTTY ? 'pretty' : 'json')) === 'json') {
    return pino({ level: config.logLevel, base: { pid: process.pid, ...base }, mixin });
  }
  const { default: pretty } = await import('pino-pretty');
  // Synchronous writes: a line is on the terminal before the process exits or crashes.
  const stream = pretty({ colorize: process.stdout.isTTY, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', sync: true });
  return pino({ level: config.logLevel, base, mixin }, stream);
}

/**
 * One line per answered request, instead of Fastify's two: at debug level for a person at a
 * terminal (LOG_LEVEL=debug shows them), at info level for machines.
 */
export function logRequests(app: FastifyInstance, format: Config['logFormat']) {
  const level = format === 'pretty' ? 'debug' : 'info';
  const enabled = (app.log as Logger).isLevelEnabled?.bind(app.log) ?? (() => false);
  // Synchronous: an async hook would cost every request a promise.
  app.addHook('onResponse', (request, reply, done) => {
    if (enabled(level)) {
      const ms = Math.round(reply.elapsedTime * 10) / 10;
      request.log[level](
        { method: request.method, url: request.url, status: reply.statusCode, ms },
        `${request.method} ${request.url} ${reply.statusCode} ${ms} ms`,
      );
    }
    done();
  });
}
