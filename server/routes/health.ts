import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { failures } from '../lib/responses';
import { migrationsPending } from '../db/migrate';

/** How long readiness waits for the database before calling it unreachable. */
const READY_TIMEOUT_MS = 2_000;

const SHUTTING_DOWN = 'The server is shutting down.';
const DATABASE_UNREACHABLE = 'The database is not reachable.';
const MIGRATING = 'The database is being migrated.';

const ok = z.object({ status: z.literal('ok') });

/**
 * Liveness (GET /api/health/): the process answers; it never asks the database, so a
 * database outage does not get every process restarted. Readiness (GET /api/health/ready/):
 * the database answers, every migration this code needs is applied, and the server is not
 * stopping; a load balancer sends requests only to ready processes.
 */
const health: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health/',
    {
      schema: { tags: ['health'], response: { 200: ok, ...failures(401) } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/health/ready/',
    {
      schema: { tags: ['health'], response: { 200: ok, ...failures(401, 503) } },
    },
    async (_request, reply) => {
      if (app.lifecycle.draining) return reply.status(503).send({ detail: SHUTTING_DOWN });
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS);
      });
      let pending: boolean;
      try {
        await Promise.race([sql`select 1`.execute(app.db), timeout]);
        pending = await Promise.race([migrationsPending(app.db), timeout]);
      } catch {
        return reply.status(503).send({ detail: DATABASE_UNREACHABLE });
      } finally {
        clearTimeout(timer);
      }
      if (pending) return reply.status(503).send({ detail: MIGRATING });
      if (app.lifecycle.draining) return reply.status(503).send({ detail: SHUTTING_DOWN });
      return { status: 'ok' as const };
    },
  );
};

export default health;
