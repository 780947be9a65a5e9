import type { FastifyInstance } from 'fastify';
import health from './health';
import categories from './categories';
import media from './media';

/** Every API resource, one file each (spec §7). Each plugin declares its own /api/... paths. */
export async function registerRoutes(app: FastifyInstance) {
  await app.register(health);
  await app.register(categories);
  await app.register(media);
}
