import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors';

export const SERVER_BUSY = 'The server is busy. Please try again in a moment.';
export const DEFAULT_MAX_LAG_MS = 300;
/** Seconds a shed client is told to wait (Retry-After). */
export const BUSY_RETRY_AFTER_S = 2;
const WINDOW_MS = 250;
const TICK_MS = 20;
/** Windows in a row the lag must last: one long task (a big query, a deploy's first requests) sheds nothing. */
const SUSTAINED_WINDOWS = 3;

/**
 * When the event loop lags for a while (the mean delay above `maxLagMs` for three quarter-
 * second windows in a row), guests' reads are answered 503 with Retry-After at once instead of
 * joining the queue, so the process keeps answering what it already accepted and its signed-in
 * users (docs/operations.md). Guests are not limited per address instead: many buyers share
 * one carrier address. Health checks are never shed (a balancer must not take a busy process
 * for a dead one), nor writes and signed-in reads: an action a person took is worth waiting
 * for, and accounts have their own limits.
 * `maxLagMs` 0 turns it off.
 */
export async function registerLoadShedding(app: FastifyInstance, maxLagMs: number) {
  if (maxLagMs <= 0) return;
  // The loop's lag, from how late a short timer fires (a timer that cannot fire at all counts
  // its whole wait at the end of the window).
  let last = performance.now();
  let lagSum = 0;
  let ticks = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    lagSum += Math.max(0, now - last - TICK_MS);
    ticks++;
    last = now;
  }, TICK_MS).unref();
  let laggingWindows = 0;
  app.addHook('onClose', async () => clearInterval(ticker));
  await app.register(underPressure, {
    // under-pressure's own delay check reacts to a single long task; this one wants it sustained.
    healthCheck: async () => {
      const pending = Math.max(0, performance.now() - last - TICK_MS);
      const lag = (lagSum + pending) / (ticks + (pending > 0 ? 1 : 0) || 1);
      lagSum = 0;
      ticks = 0;
      laggingWindows = lag > maxLagMs ? laggingWindows + 1 : 0;
      return laggingWindows < SUSTAINED_WINDOWS;
    },
    healthCheckInterval: WINDOW_MS,
    retryAfter: BUSY_RETRY_AFTER_S,
    pressureHandler: (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      if (request.headers.authorization) return;
      if (request.url.startsWith('/api/health/')) return;
      reply.header('Retry-After', String(BUSY_RETRY_AFTER_S));
      // A rejected promise goes to the error handler, which answers in the DRF shape.
      return Promise.reject(new ApiError(503, { detail: SERVER_BUSY }));
    },
  });
}
