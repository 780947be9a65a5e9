import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';

const health: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health/', {
    schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } },
  }, async () => {
    await sql`select 1`.execute(app.db);
    return { status: 'ok' as const };
  });
};

export default health;
