import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../lib/params';
import { requireUser, requireVerified } from '../lib/auth';
import { readForm } from '../services/media/forms';
import { parseInput } from '../lib/validate';
import { refuseIfBlocked } from '../services/trust/blocking';
import { page, readPaging } from '../lib/paging';
import { conversationPage, openConversation, participantConversation, serializeConversation } from '../services/messaging/conversations';
import { failures } from '../lib/responses';
import { conversationSchema } from '@/shared/chat';
import { pageSchema } from '@/shared/types';
import { referenceId } from '@/shared/validation';

/**
 * Conversations (docs/product.md#chat-rules, docs/api.md#calls). Only the two participants ever learn
 * that a conversation exists (404 for everyone else); who may open one is decided in
 * services/messaging/conversations.ts.
 */

const createSchema = z.object({
  product: z.preprocess((v) => (v === '' || v === null ? undefined : v), referenceId.optional()).transform((v) => v ?? null),
  participants: z.array(referenceId).min(1),
});

const conversations: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/conversations/',
    { schema: { tags: ['chat'], response: { 200: pageSchema(conversationSchema), ...failures(400, 401) } } },
    async (request) => {
      const me = requireUser(request);
      const paging = readPaging(request);
      const { conversations: results, count } = await conversationPage(db, me.id, paging);
      return page(request, results, count, paging);
    },
  );

  app.get(
    '/api/conversations/:id/',
    { schema: { tags: ['chat'], params: idParams, response: { 200: conversationSchema, ...failures(401, 404) } } },
    async (request) => {
      const me = requireUser(request);
      const row = await participantConversation(db, request.params.id, me.id);
      return serializeConversation(db, me.id, row);
    },
  );

  app.post(
    '/api/conversations/',
    { schema: { tags: ['chat'], response: { 200: conversationSchema, 201: conversationSchema, ...failures(400, 401, 403, 413) } } },
    async (request, reply) => {
      const me = requireVerified(request);
      const { fields } = await readForm(request, { arrays: ['participants'] });
      const input = parseInput(createSchema, fields);
      // Nobody starts a conversation with someone who blocked them (docs/api.md#trust-and-safety).
      for (const other of input.participants) if (other !== me.id) await refuseIfBlocked(db, other, me.id);
      const { row, created } = await openConversation(db, me, input.product, input.participants);
      reply.status(created ? 201 : 200);
      return serializeConversation(db, me.id, row);
    },
  );
};

export default conversations;
