import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../lib/params';
import { requireUser, requireVerified } from '../lib/auth';
import { readForm } from '../services/media/forms';
import { notFound } from '../lib/errors';
import { page, readPaging } from '../lib/paging';
import { parseInput } from '../lib/validate';
import { addFavorite, favoritePage, removeFavorite } from '../services/catalogue/favorites';
import { failures, noContent } from '../lib/responses';
import { favoriteCreate, favoriteSchema } from '@/shared/catalogue';
import { pageSchema } from '@/shared/types';

/**
 * The caller's favourites (docs/api.md#idempotent-writes). Adding is idempotent both ways the outbox may repeat
 * it: the same product again, or the same client_id again, answers the existing one (200).
 */
const favorites: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/favorites/',
    { schema: { tags: ['favorites'], response: { 200: pageSchema(favoriteSchema), ...failures(400, 401) } } },
    async (request) => {
      const user = requireUser(request);
      const paging = readPaging(request);
      const { favorites: results, count } = await favoritePage(app.db, user.id, paging);
      return page(request, results, count, paging);
    },
  );

  const added = { 200: favoriteSchema, 201: favoriteSchema, ...failures(400, 401, 403, 413) };
  app.post('/api/favorites/', { schema: { tags: ['favorites'], response: added } }, async (request, reply) => {
    const user = requireVerified(request);
    const input = parseInput(favoriteCreate, (await readForm(request)).fields);
    const { favorite, created, notificationId } = await addFavorite(app.db, user, input);
    app.push.notified(notificationId);
    return reply.code(created ? 201 : 200).send(favorite);
  });

  app.delete(
    '/api/favorites/by-product/:id/',
    {
      schema: { tags: ['favorites'], params: idParams, response: { 204: noContent, ...failures(401, 404) } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!(await removeFavorite(app.db, user.id, request.params.id))) throw notFound();
      return reply.code(204).send(null);
    },
  );
};

export default favorites;
