import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../lib/errors';
import { failures } from '../lib/responses';
import { createRatesService } from '../services/rates';

/**
 * GET /api/rates/latest/{base}/ answers in the shape of the currency-rates service the web
 * app was written for (docs/api.md#other-calls-worth-knowing): {"base_code": "USD", "conversion_rates": {...}}.
 */
const rates: FastifyPluginAsyncZod = async (app) => {
  const service = createRatesService({ ratesUrl: app.config.ratesUrl, log: app.log });

  app.get(
    '/api/rates/latest/:base/',
    {
      schema: {
        tags: ['rates'],
        summary: 'Exchange rates per 1 unit of the base currency',
        params: z.object({ base: z.string().max(8) }),
        response: {
          200: z.object({ result: z.literal('success'), base_code: z.string(), conversion_rates: z.record(z.string(), z.number()) }),
          ...failures(401, 404),
        },
      },
    },
    async (request, reply) => {
      const base = request.params.base.toUpperCase();
      const conversion_rates = await service.ratesFor(base);
      if (!conversion_rates) throw notFound(`Unknown currency: ${request.params.base}.`);
      // Rates move slowly: a browser may keep them ten minutes.
      reply.header('Cache-Control', 'public, max-age=600');
      return { result: 'success' as const, base_code: base, conversion_rates };
    },
  );
};

export default rates;
