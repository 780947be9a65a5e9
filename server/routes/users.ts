import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../lib/params';
import { notFound } from '../lib/errors';
import { serializePublicUser } from '../services/accounts/users';
import { failures } from '../lib/responses';
import { publicUserSchema } from '@/shared/types';

/** Public user pages (docs/api.md#other-calls-worth-knowing): guests may read them; no email or phone number. */
const users: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/:id/',
    {
      schema: {
        tags: ['users'],
        summary: 'A user as anyone may see them',
        params: idParams,
        response: { 200: publicUserSchema, ...failures(401, 404) },
      },
    },
    async (request) => {
      const user = await serializePublicUser(app.db, request.params.id);
      if (!user) throw notFound();
      return user;
    },
  );
};

export default users;
