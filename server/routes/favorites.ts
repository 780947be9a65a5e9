import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../lib/params';
import { requireUser, requireVerified } from '../lib/auth';
import { readForm } from '../lib/body';
import { notFound } from '../lib/errors';
import { page, readPaging } from '../lib/paging';
import { parseInput } from '../lib/validate';
import { addFavorite, favoritePage, removeFavorite } from '../services/favorites';
import { favoriteCreate } from '../../src/shared/catalogue';

/**
 * The caller's favourites (docs/api.md#idempotent-writes). Adding is idempotent both ways the outbox may repeat
 * it: the same product again, or the same client_id again, answers the existing one (200).
 */
const favorites: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/favorites/', { schema: { tags: ['favorites'] } }, async (request) => {
    const user = requireUser(request);
    const paging = readPaging(request);
    const { favorites: results, count } = await favoritePage(app.db, user.id, paging);
    return page(request, results, count, paging);
  });

  app.post('/api/favorites/', { schema: { tags: ['favorites'] } }, async (request, reply) => {
    const user = requireVerified(request);
    const input = parseInput(favoriteCreate, (await readForm(request)).fields);
    const { favorite, created, notificationId } = await addFavorite(app.db, user, input);
    app.push.notified(notificationId);
    return reply.code(created ? 201 : 200).send(favorite);
  });

  app.delete(
    '/api/favorites/by-product/:id/',
    {
      schema: { tags: ['favorites'], params: idParams },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!(await removeFavorite(app.db, user.id, request.params.id))) throw notFound();
      return reply.code(204).send();
    },
  );
};

export default favorites;
