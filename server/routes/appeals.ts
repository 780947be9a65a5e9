import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSupplier } from '../lib/auth';
import { idParams } from '../lib/params';
import { page, readPaging } from '../lib/paging';
import { readForm } from '../services/media/forms';
import { parseInput } from '../lib/validate';
import { failures } from '../lib/responses';
import { appealProduct, hiddenProductsPage } from '../services/trust/moderation';
import { reportAnswer } from '../services/trust/reports';
import { productSchema } from '@/shared/catalogue';
import { appealSchema, reportAnswerSchema } from '@/shared/trust-schema';
import { pageSchema } from '@/shared/types';

/**
 * A supplier's products a moderator hid (docs/api.md#trust-and-safety): the list of them, which the
 * product lists leave out, and the one appeal of each, which joins the moderation queue.
 */
const appeals: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me/hidden-products/',
    {
      schema: {
        tags: ['trust'],
        summary: 'Your products a moderator hid, the most recently hidden first',
        description: 'Each product as GET /api/products/{id}/ answers it to its supplier: is_hidden, moderation_reason, appealed_at.',
        response: { 200: pageSchema(productSchema), ...failures(400, 401, 403) },
      },
    },
    async (request) => {
      const user = requireSupplier(request);
      const paging = readPaging(request);
      const { results, count } = await hiddenProductsPage(app.db, user.id, paging);
      return page(request, results, count, paging);
    },
  );

  app.post(
    '/api/products/:id/appeal/',
    {
      schema: {
        tags: ['trust'],
        summary: 'Appeal the hiding of your product, once',
        description:
          'JSON: details (why the product should be shown again, at most 1,000 characters). Answers the appeal as a report with reason "appeal".',
        params: idParams,
        response: { 201: reportAnswerSchema, ...failures(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      const user = requireSupplier(request);
      const { details } = parseInput(appealSchema, (await readForm(request)).fields);
      return reply.code(201).send(reportAnswer(await appealProduct(app.db, user.id, request.params.id, details)));
    },
  );
};

export default appeals;
