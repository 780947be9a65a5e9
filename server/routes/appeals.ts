import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSupplier } from '../lib/auth';
import { idParams } from '../lib/params';
import { readForm } from '../services/media/forms';
import { parseInput } from '../lib/validate';
import { failures } from '../lib/responses';
import { appealProduct } from '../services/trust/moderation';
import { reportAnswer } from '../services/trust/reports';
import { appealSchema, reportAnswerSchema } from '@/shared/trust';

/** A supplier's one appeal of a product a moderator hid (docs/api.md#trust-and-safety): it joins the moderation queue. */
const appeals: FastifyPluginAsyncZod = async (app) => {
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
