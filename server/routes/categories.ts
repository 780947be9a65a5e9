import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures } from '../lib/responses';
import { categorySchema } from '../../src/shared/types';

/** Categories are few and static enough to answer as one list (docs/api.md#data-formats-and-paging: clients accept a plain array). */
const categories: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/categories/',
    { schema: { tags: ['catalogue'], response: { 200: z.array(categorySchema), ...failures(401) } } },
    async () => {
      return app.db.selectFrom('categories').select(['id', 'name']).orderBy('position').orderBy('id').execute();
    },
  );
};

export default categories;
