import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../lib/auth';
import { conditional } from '../lib/conditional';
import { countsOf } from '../services/counts';
import { failures, notModified } from '../lib/responses';
import { countsSchema, type Counts } from '@/shared/types';

/** The navbar's badges (docs/product.md#notifications: refreshed every 60 s); an unchanged answer is a 304. */
const counts: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me/counts/',
    { schema: { tags: ['account'], response: { 200: countsSchema, 304: notModified, ...failures(401) } }, onSend: conditional },
    async (request): Promise<Counts> => {
      return countsOf(app.db, requireUser(request).id);
    },
  );
};

export default counts;
