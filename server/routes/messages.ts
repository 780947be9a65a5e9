import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, requireVerified } from '../lib/auth';
import { readForm } from '../services/media/forms';
import { fieldError } from '../lib/errors';
import { page, readPaging } from '../lib/paging';
import { parseInput } from '../lib/validate';
import { idParams } from '../lib/params';
import { participantConversation } from '../services/messaging/conversations';
import { readMessages, sendMessage, serializeMessage } from '../services/messaging/messages';
import { failures } from '../lib/responses';
import { refuseIfBlocked } from '../services/trust/blocking';
import { createRateLimiter } from '../services/rate-limit';
import { CHAT_FILE_FORMATS } from '@/shared/messaging';
import { sendMessageSchema } from '@/shared/messaging-schema';
import { messageSchema } from '@/shared/chat';
import { pageSchema } from '@/shared/types';

/** Messages of a conversation (docs/product.md#chat-rules, docs/api.md#idempotent-writes): read oldest first, sent idempotently. */

/** A chat window's worth of messages per page. */
const MESSAGES_PAGE = 100;

const sent = { 200: messageSchema, 201: messageSchema, ...failures(400, 401, 403, 404, 413, 429) };

const messages: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const limiter = createRateLimiter(db);

  app.get(
    '/api/conversations/:id/messages/',
    { schema: { tags: ['chat'], params: idParams, response: { 200: pageSchema(messageSchema), ...failures(400, 401, 404) } } },
    async (request) => {
      const me = requireUser(request);
      const conversation = await participantConversation(db, request.params.id, me.id);
      const paging = readPaging(request, MESSAGES_PAGE);
      const { messages: results, count } = await readMessages(db, conversation, me.id, paging);
      return page(request, results, count, paging);
    },
  );

  app.post('/api/conversations/:id/messages/', { schema: { tags: ['chat'], params: idParams, response: sent } }, async (request, reply) => {
    const me = requireVerified(request);
    const conversation = await participantConversation(db, request.params.id, me.id);
    // Nobody messages someone who blocked them (docs/api.md#trust-and-safety).
    await refuseIfBlocked(db, conversation.buyer_id === me.id ? conversation.supplier_id : conversation.buyer_id, me.id);
    const { fields } = await readForm(request);
    const input = parseInput(sendMessageSchema, fields);

    let imageUrl: string | null = null;
    if (input.image !== null) {
      const file = await app.media.resolve(input.image);
      if (!file || !(CHAT_FILE_FORMATS as readonly string[]).includes(file.format)) {
        throw fieldError('image', 'Upload the file with /api/media/upload/ first and send the URL it answers.');
      }
      // Stored as our own media path whatever host the client wrote, so nobody can point others elsewhere.
      imageUrl = file.path;
    }
    const { message, created, notificationId } = await sendMessage(
      db,
      conversation,
      me,
      {
        text: input.text,
        imageUrl,
        fileName: input.file_name,
        price: input.price,
        quantity: input.quantity,
        clientId: input.client_id,
      },
      limiter,
    );
    app.push.notified(notificationId);
    if (created) reply.status(201);
    return serializeMessage(message);
  });
};

export default messages;
