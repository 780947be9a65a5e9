import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, notAuthenticated, notFound } from '../lib/errors';
import { metricsContentType, scrape } from '../lib/metrics';

/**
 * GET /metrics (docs/operations.md#metrics): Prometheus' text format, for a scraper holding
 * METRICS_TOKEN as a bearer token; without the variable the path does not exist (404). With
 * workers, one scrape answers for all of them (server/workers.ts aggregates).
 */
const metrics: FastifyPluginAsyncZod = async (app) => {
  const token = app.config.metricsToken;
  const expected = token && digest(token);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!expected) throw notFound();
    const [scheme, given] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !given || !timingSafeEqual(digest(given), expected)) {
      reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw notAuthenticated();
    }
    let text: string;
    try {
      text = await scrape();
    } catch {
      // A worker that is starting or stuck does not answer in time: the next scrape tries again.
      throw new ApiError(503, { detail: "The workers' metrics did not all arrive in time." });
    }
    reply.header('Cache-Control', 'no-store').type(metricsContentType);
    return text;
  });
};

/** Equal lengths for timingSafeEqual, whatever was sent. */
const digest = (text: string) => createHash('sha256').update(text).digest();

export default metrics;
