import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../lib/auth';
import { idParams } from '../lib/params';
import { page, readPaging } from '../lib/paging';
import { failures, noContent } from '../lib/responses';
import { block, blockedPage, unblock } from '../services/trust/blocking';
import { blockedUserSchema } from '@/shared/trust-schema';
import { pageSchema } from '@/shared/types';

/**
 * Blocking (docs/api.md#trust-and-safety): the blocked account can no longer reach the blocker, and the
 * blocker hears nothing from it. Both calls are idempotent (204).
 */
const blocks: FastifyPluginAsyncZod = async (app) => {
  const done = { 204: noContent, ...failures(400, 401, 404) };
  app.post(
    '/api/users/:id/block/',
    { schema: { tags: ['trust'], summary: 'Block a user', params: idParams, response: done } },
    async (request, reply) => {
      await block(app.db, requireUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/users/:id/block/',
    { schema: { tags: ['trust'], summary: 'Unblock a user', params: idParams, response: done } },
    async (request, reply) => {
      await unblock(app.db, requireUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/me/blocked/',
    {
      schema: {
        tags: ['trust'],
        summary: 'The accounts the caller blocked, newest first',
        response: { 200: pageSchema(blockedUserSchema), ...failures(400, 401) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const paging = readPaging(request);
      const { results, count } = await blockedPage(app.db, user.id, paging);
      return page(request, results, count, paging);
    },
  );
};

export default blocks;
