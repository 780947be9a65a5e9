import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors';

/**
 * A first gate in this process's memory for the endpoints that send mail, before the limits
 * kept in the database (the rate_events table, shared by every process) are even asked: a
 * flood from one address is answered 429 without a database round trip, so it cannot crowd
 * out everyone else's sign-ins (bench/attacks.ts). Routes opt in with `config.rateLimit`.
 */
export async function registerAddressGate(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    // The client address as the rest of the server sees it (X-Forwarded-For from trusted proxies only).
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, {
        detail: `Too many requests from your network. Please try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`,
      }),
  });
}

/**
 * Above the database's own rules (30 code requests a minute, 30 sign-ups an hour per
 * address), so those answer first with their own words and the gate only stops floods.
 */
export const CODE_REQUESTS_GATE = { max: 40, timeWindow: 60_000 };
export const SIGN_UPS_GATE = { max: 60, timeWindow: 60 * 60_000 };
