import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures } from '../lib/responses';
import { bannerSchema } from '../../src/shared/catalogue';

/** Home carousel banners (docs/product.md#screens), in their display order. */
const banners: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/banners/', { schema: { tags: ['catalogue'], response: { 200: z.array(bannerSchema), ...failures(401) } } }, async () => {
    return app.db.selectFrom('banners').select(['id', 'image_url', 'title', 'link']).orderBy('position').orderBy('id').execute();
  });
};

export default banners;
