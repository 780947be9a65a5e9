import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireVerified } from '../lib/auth';
import { readForm } from '../services/media/forms';
import { parseInput } from '../lib/validate';
import { failures } from '../lib/responses';
import { createRateLimiter } from '../services/rate-limit';
import { createReport, reportAnswer } from '../services/trust/reports';
import { reportAnswerSchema, reportSchema } from '@/shared/trust-schema';

/**
 * Reports of products, users and messages (docs/api.md#trust-and-safety), by confirmed accounts;
 * idempotent for the outbox: a repeated client_id, or the same target again while the first report
 * is open, answers the first (200).
 */
const reports: FastifyPluginAsyncZod = async (app) => {
  const limiter = createRateLimiter(app.db);
  app.post(
    '/api/reports/',
    {
      schema: {
        tags: ['trust'],
        summary: 'Report a product, a user or a message',
        description:
          'JSON: target_type (product, user, message), target_id, reason (scam, counterfeit, prohibited, offensive, spam, other), details (at most 1,000 characters; required for other), optional client_id.',
        response: { 200: reportAnswerSchema, 201: reportAnswerSchema, ...failures(400, 401, 403, 404, 413, 429) },
      },
    },
    async (request, reply) => {
      const user = requireVerified(request);
      const input = parseInput(reportSchema, (await readForm(request)).fields);
      const { report, created } = await createReport(app.db, limiter, user, input);
      return reply.code(created ? 201 : 200).send(reportAnswer(report));
    },
  );
};

export default reports;
