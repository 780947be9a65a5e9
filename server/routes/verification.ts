import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSupplier } from '../lib/auth';
import { readForm } from '../services/media/forms';
import { parseInput } from '../lib/validate';
import { failures } from '../lib/responses';
import { ownDocument, ownRequests, requestVerification } from '../services/trust/verification';
import { verificationRequestSchema, verificationSchema } from '@/shared/trust-schema';

/**
 * A supplier's business verification (docs/api.md#trust-and-safety): the request with the registry, its
 * number (checked for the registry's format, src/shared/trust.ts) and the certificate, one pending
 * at a time; moderators decide under /api/moderation/verifications/.
 */
const verification: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/me/verification/',
    {
      schema: {
        tags: ['trust'],
        summary: 'Ask for the business registration check',
        description:
          "JSON: registry (CAC, RCCM, NINEA, MERSIS, VKN), registry_number (in that registry's format), document (the URL of your own upload of the certificate: an image or a PDF).",
        response: { 201: z.object({ id: z.number(), status: z.literal('pending') }), ...failures(400, 401, 403, 413) },
      },
    },
    async (request, reply) => {
      const user = requireSupplier(request);
      const input = parseInput(verificationSchema, (await readForm(request)).fields);
      const document = await ownDocument(app.db, app.media.resolve, user.id, input.document);
      return reply.code(201).send(await requestVerification(app.db, user.id, input, document));
    },
  );

  app.get(
    '/api/me/verification/',
    {
      schema: {
        tags: ['trust'],
        summary: "The supplier's own verification requests, newest first",
        response: { 200: z.array(verificationRequestSchema), ...failures(401, 403) },
      },
    },
    async (request) => ownRequests(app.db, requireSupplier(request).id),
  );
};

export default verification;
