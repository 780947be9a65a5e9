import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, requireVerified } from '../lib/auth';
import { readForm } from '../services/media/forms';
import { page, readPaging } from '../lib/paging';
import { idParams } from '../lib/params';
import { failures } from '../lib/responses';
import { parseInput } from '../lib/validate';
import { closeRfq, createRfq, quotesOf, rfqPage, sendQuote, serializeQuotes, serializeRfq, visibleRfq } from '../services/wholesale/rfqs';
import { rfqCloseInput, rfqCreateInput, rfqListQuery, rfqQuoteInput, rfqQuoteSchema, rfqSchema } from '@/shared/rfqs';
import { pageSchema } from '@/shared/types';

/**
 * Requests for quotation (docs/api.md#requests-for-quotation): POST /api/rfqs/ by a confirmed
 * account; GET /api/rfqs/?role=buyer|supplier; GET /api/rfqs/{id}/ for its buyer and the
 * suppliers it is shown to (404 to others); POST /api/rfqs/{id}/quotes/ by such a supplier and
 * GET /api/rfqs/{id}/quotes/; POST /api/rfqs/{id}/close/ by the buyer. Writes are idempotent by client_id.
 */
const rfqs: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.post(
    '/api/rfqs/',
    { schema: { tags: ['rfqs'], response: { 200: rfqSchema, 201: rfqSchema, ...failures(400, 401, 403, 413, 415) } } },
    async (request, reply) => {
      const me = requireVerified(request);
      const input = parseInput(rfqCreateInput, (await readForm(request)).fields);
      const { row, created, notificationIds } = await createRfq(db, me, input, app.media.resolve);
      app.push.notified(...notificationIds);
      return reply.code(created ? 201 : 200).send(await serializeRfq(db, row));
    },
  );

  app.get(
    '/api/rfqs/',
    { schema: { tags: ['rfqs'], querystring: rfqListQuery, response: { 200: pageSchema(rfqSchema), ...failures(400, 401) } } },
    async (request) => {
      const me = requireUser(request);
      const paging = readPaging(request);
      const { rfqs: results, count } = await rfqPage(db, me.id, request.query.role ?? 'buyer', paging);
      return page(request, results, count, paging);
    },
  );

  app.get(
    '/api/rfqs/:id/',
    { schema: { tags: ['rfqs'], params: idParams, response: { 200: rfqSchema, ...failures(400, 401, 404) } } },
    async (request) => {
      const me = requireUser(request);
      return serializeRfq(db, (await visibleRfq(db, request.params.id, me.id)).row);
    },
  );

  app.post(
    '/api/rfqs/:id/close/',
    { schema: { tags: ['rfqs'], params: idParams, response: { 200: rfqSchema, ...failures(400, 401, 403, 404, 413, 415) } } },
    async (request) => {
      const me = requireVerified(request);
      parseInput(rfqCloseInput, (await readForm(request)).fields);
      return serializeRfq(db, await closeRfq(db, me, request.params.id));
    },
  );

  app.get(
    '/api/rfqs/:id/quotes/',
    { schema: { tags: ['rfqs'], params: idParams, response: { 200: pageSchema(rfqQuoteSchema), ...failures(400, 401, 404) } } },
    async (request) => {
      const me = requireUser(request);
      const paging = readPaging(request);
      const { quotes, count } = await quotesOf(db, request.params.id, me.id, paging);
      return page(request, quotes, count, paging);
    },
  );

  app.post(
    '/api/rfqs/:id/quotes/',
    {
      schema: {
        tags: ['rfqs'],
        params: idParams,
        response: { 200: rfqQuoteSchema, 201: rfqQuoteSchema, ...failures(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const me = requireVerified(request);
      const input = parseInput(rfqQuoteInput, (await readForm(request)).fields);
      const { quote, created, notificationId } = await sendQuote(db, me, request.params.id, input);
      app.push.notified(notificationId);
      return reply.code(created ? 201 : 200).send((await serializeQuotes(db, [quote]))[0]);
    },
  );
};

export default rfqs;
