import { monitorEventLoopDelay } from 'node:perf_hooks';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors';

export const SERVER_BUSY = 'The server is busy. Please try again in a moment.';
export const DEFAULT_MAX_LAG_MS = 200;
/** Seconds a shed client is told to wait (Retry-After). */
export const BUSY_RETRY_AFTER_S = 2;
const WINDOW_MS = 250;
/** Windows in a row the lag must last: one long task (a big query, a deploy's first requests) sheds nothing. */
const SUSTAINED_WINDOWS = 3;

/**
 * When the event loop lags for a while (the mean delay above `maxLagMs` for three quarter-
 * second windows in a row), reads are answered 503 with Retry-After at once instead of joining
 * the queue, so the process keeps answering what it already accepted (docs/operations.md).
 * Health checks are never shed (a balancer must not take a busy process for a dead one), nor
 * writes: an action a person took is worth waiting for, and writes have their own per-user
 * limits. Guests are not limited per address instead: many buyers share one carrier address.
 * `maxLagMs` 0 turns it off.
 */
export async function registerLoadShedding(app: FastifyInstance, maxLagMs: number) {
  if (maxLagMs <= 0) return;
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let laggingWindows = 0;
  app.addHook('onClose', async () => histogram.disable());
  await app.register(underPressure, {
    // under-pressure's own delay check reacts to a single long task; this one wants it sustained.
    healthCheck: async () => {
      // No sample at all: the loop was blocked the whole window.
      const lag = Number.isNaN(histogram.mean) ? Infinity : histogram.mean / 1e6 - 10;
      histogram.reset();
      laggingWindows = lag > maxLagMs ? laggingWindows + 1 : 0;
      return laggingWindows < SUSTAINED_WINDOWS;
    },
    healthCheckInterval: WINDOW_MS,
    retryAfter: BUSY_RETRY_AFTER_S,
    pressureHandler: (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      if (request.url.startsWith('/api/health/')) return;
      reply.header('Retry-After', String(BUSY_RETRY_AFTER_S));
      // A rejected promise goes to the error handler, which answers in the DRF shape.
      return Promise.reject(new ApiError(503, { detail: SERVER_BUSY }));
    },
  });
}
