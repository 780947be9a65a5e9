import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, requireVerified } from '../lib/auth';
import { readForm } from '../services/media/forms';
import { page, readPaging } from '../lib/paging';
import { idParams } from '../lib/params';
import { failures } from '../lib/responses';
import { parseInput } from '../lib/validate';
import { createRateLimiter } from '../services/rate-limit';
import { moveOrder, orderPage, partyOrder, requestOrder, serializeOrder } from '../services/deals/orders';
import { ORDER_ACTIONS } from '@/shared/deals';
import { orderCreateInput, orderListQuery, orderMoveInput, orderSchema } from '@/shared/deals-schema';
import { pageSchema } from '@/shared/types';

/**
 * Orders (docs/api.md#offers-and-orders): only their buyer and supplier see them. "Buy now" is
 * POST /api/orders/ {product, quantity, client_id}; moves are POST /api/orders/{id}/confirm/,
 * decline/, ship/, deliver/ and cancel/ ({reason}: required to cancel), each idempotent by client_id.
 */
const orders: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const limiter = createRateLimiter(db);

  app.get(
    '/api/orders/',
    { schema: { tags: ['orders'], querystring: orderListQuery, response: { 200: pageSchema(orderSchema), ...failures(400, 401) } } },
    async (request) => {
      const me = requireUser(request);
      const paging = readPaging(request);
      const { orders: results, count } = await orderPage(db, me.id, request.query, paging);
      return page(request, results, count, paging);
    },
  );

  app.get(
    '/api/orders/:id/',
    { schema: { tags: ['orders'], params: idParams, response: { 200: orderSchema, ...failures(400, 401, 404) } } },
    async (request) => {
      const me = requireUser(request);
      return serializeOrder(db, await partyOrder(db, request.params.id, me.id));
    },
  );

  app.post(
    '/api/orders/',
    { schema: { tags: ['orders'], response: { 200: orderSchema, 201: orderSchema, ...failures(400, 401, 403, 413, 415, 429) } } },
    async (request, reply) => {
      const me = requireVerified(request);
      const input = parseInput(orderCreateInput, (await readForm(request)).fields);
      const { order, created, notificationId } = await requestOrder(db, me, input, limiter);
      app.push.notified(notificationId);
      return reply.code(created ? 201 : 200).send(await serializeOrder(db, order));
    },
  );

  for (const action of ORDER_ACTIONS) {
    app.post(
      `/api/orders/:id/${action}/`,
      { schema: { tags: ['orders'], params: idParams, response: { 200: orderSchema, ...failures(400, 401, 403, 404, 413, 415) } } },
      async (request) => {
        const me = requireVerified(request);
        const input = parseInput(orderMoveInput, (await readForm(request)).fields);
        const { order, notificationId } = await moveOrder(db, me, request.params.id, action, input);
        app.push.notified(notificationId);
        return serializeOrder(db, order);
      },
    );
  }
};

export default orders;
