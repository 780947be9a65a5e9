import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categorySchema } from '@/shared/types';
import { languageFromHeader } from '@/shared/content-language';
import { listCategories } from '../services/catalogue/content';
import { failures } from '../lib/responses';

/**
 * Categories are few and static enough to answer as one list (docs/api.md#data-formats-and-paging:
 * clients accept a plain array); `name` in the Accept-Language's language (docs/api.md#content-languages).
 */
const categories: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/categories/',
    { schema: { tags: ['catalogue'], response: { 200: z.array(categorySchema), ...failures(401) } } },
    async (request, reply) => {
      reply.header('Vary', 'Accept-Language');
      return listCategories(app.db, languageFromHeader(request.headers['accept-language']));
    },
  );
};

export default categories;
