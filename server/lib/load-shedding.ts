import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors';

export const SERVER_BUSY = 'The server is busy. Please try again in a moment.';
export const DEFAULT_MAX_LAG_MS = 200;
/** Seconds a shed client is told to wait (Retry-After). */
export const BUSY_RETRY_AFTER_S = 2;

/**
 * When the event loop lags (the mean delay over half a second above `maxLagMs`), reads are
 * answered 503 with Retry-After at once instead of joining the queue, so the process keeps
 * answering what was already accepted (docs/operations.md). Health checks are never shed
 * (a balancer must not take a busy process for a dead one), nor writes: an action a person
 * took is worth waiting for, and writes have their own per-user limits. Guests are not limited
 * per address instead: many buyers share one carrier address. `maxLagMs` 0 turns it off.
 */
export async function registerLoadShedding(app: FastifyInstance, maxLagMs: number) {
  if (maxLagMs <= 0) return;
  await app.register(underPressure, {
    maxEventLoopDelay: maxLagMs,
    sampleInterval: 500,
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
