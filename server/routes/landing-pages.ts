import type { FastifyPluginAsync } from 'fastify';
import { pagesSitemap, productSitemap, productSitemapCount } from '../services/catalogue/sitemap';
import type { LandingPages } from '../web/landing';

/**
 * robots.txt and the sitemaps (docs/operations.md#pages-for-search-engines-and-link-previews),
 * served with the web app's pages: their text is made and kept with the landing pages
 * (server/web/landing.ts), which are passed in. Registered by registerPageRoutes (./index.ts)
 * when the server serves the web app.
 */
const landingPageRoutes: FastifyPluginAsync<{ landing: LandingPages }> = async (app, { landing }) => {
  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(landing.robots(request)),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, (request, reply) =>
    landing.sendXml(request, reply, 'sitemap-index', async (origin) => landing.sitemapIndex(origin, await productSitemapCount(app.db))),
  );

  app.get('/sitemaps/pages.xml', { schema: { hide: true } }, (request, reply) =>
    landing.sendXml(request, reply, 'sitemap-pages', async (origin) => landing.urlset(origin, await pagesSitemap(app.db))),
  );

  app.get<{ Params: { page: string } }>('/sitemaps/products-:page', { schema: { hide: true } }, (request, reply) => {
    const match = /^(\d{1,6})\.xml$/.exec(request.params.page);
    const number = match ? Number(match[1]) : 0;
    if (number < 1) return reply.status(404).send({ detail: 'Not found.' });
    return landing.sendXml(request, reply, `sitemap-products-${number}`, async (origin) =>
      number > (await productSitemapCount(app.db)) ? null : landing.urlset(origin, await productSitemap(app.db, number)),
    );
  });
};

export default landingPageRoutes;
