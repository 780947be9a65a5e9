import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures } from '../lib/responses';
import { bannerSchema } from '@/shared/catalogue';
import { languageFromHeader } from '@/shared/content-language';
import { listBanners } from '../services/catalogue/content';

/** Home carousel banners (docs/product.md#screens), in their display order; `title` in the Accept-Language's language. */
const banners: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/banners/',
    { schema: { tags: ['catalogue'], response: { 200: z.array(bannerSchema), ...failures(401) } } },
    async (request, reply) => {
      reply.header('Vary', 'Accept-Language');
      return listBanners(app.db, languageFromHeader(request.headers['accept-language']));
    },
  );
};

export default banners;
