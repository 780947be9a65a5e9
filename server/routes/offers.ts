import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireVerified } from '../lib/auth';
import { readForm } from '../services/media/forms';
import { idParams } from '../lib/params';
import { failures } from '../lib/responses';
import { parseInput } from '../lib/validate';
import { answerOffer } from '../services/deals/offers';
import { refuseIfBlockedAbout } from '../services/trust/blocking';
import { serializeMessage } from '../services/messaging/messages';
import { serializeOrder } from '../services/deals/orders';
import { OFFER_ACTIONS } from '@/shared/deals';
import { offerAnswerInput, offerAnswerSchema, offerCounterInput } from '@/shared/deals-schema';

/**
 * Answers to price offers (docs/api.md#offers-and-orders): POST /api/offers/{message id}/accept/,
 * decline/, counter/ ({price, quantity}) and withdraw/, each with an optional client_id. A first
 * answer is 201, a repeat of its client_id 200 with what the first did.
 */
const answered = { 200: offerAnswerSchema, 201: offerAnswerSchema, ...failures(400, 401, 403, 404, 413, 415) };

const offers: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  for (const action of OFFER_ACTIONS) {
    app.post(
      `/api/offers/:id/${action}/`,
      { schema: { tags: ['offers'], params: idParams, response: answered } },
      async (request, reply) => {
        const me = requireVerified(request);
        // Nobody answers the offers of someone who blocked them (docs/api.md#trust-and-safety).
        await refuseIfBlockedAbout(db, request.params.id, me.id);
        const { fields } = await readForm(request);
        const input = action === 'counter' ? parseInput(offerCounterInput, fields) : parseInput(offerAnswerInput, fields);
        const result = await answerOffer(db, me, request.params.id, action, input);
        app.push.notified(result.notificationId);
        return reply.code(result.created ? 201 : 200).send({
          offer: serializeMessage(result.offer),
          message: serializeMessage(result.message),
          order: result.order ? await serializeOrder(db, result.order) : null,
        });
      },
    );
  }
};

export default offers;
