import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const bannerShape = z.object({ id: z.number(), image_url: z.string(), title: z.string(), link: z.string().nullable() });

/** Home carousel banners (spec §2 Home), in their display order. */
const banners: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/banners/', { schema: { tags: ['catalogue'], response: { 200: z.array(bannerShape) } } }, async () => {
    return app.db.selectFrom('banners').select(['id', 'image_url', 'title', 'link']).orderBy('position').orderBy('id').execute();
  });
};

export default banners;
