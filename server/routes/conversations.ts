import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../lib/params';
import { requireUser, requireVerified } from '../lib/auth';
import { readForm } from '../lib/body';
import { parseInput } from '../lib/validate';
import { page, readPaging } from '../lib/paging';
import { openConversation, participantConversation, serializeConversation, serializeConversations } from '../services/conversations';
import { invalidPk } from '../../src/shared/validation';

/**
 * Conversations (spec §2 Chat, §3 Conversation, §7). Only the two participants ever learn
 * that a conversation exists (404 for everyone else); who may open one is decided in
 * services/conversations.ts.
 */

const MAX_ID = 2_147_483_647;

/** A primary key as DRF reads one: a number or a string of digits. */
const pk = z.union([z.number(), z.string().trim()]).transform((value, ctx) => {
  const n = Number(value);
  if (value === '' || !Number.isInteger(n) || n < 1 || n > MAX_ID) {
    ctx.addIssue({ code: 'custom', message: invalidPk(value) });
    return z.NEVER;
  }
  return n;
});

const createSchema = z.object({
  product: z.union([pk, z.literal(''), z.null()]).optional().transform((v) => v || null),
  participants: z.array(pk).min(1),
});

const conversations: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get('/api/conversations/', { schema: { tags: ['chat'] } }, async (request) => {
    const me = requireUser(request);
    const paging = readPaging(request);
    const mine = db.selectFrom('conversations').where((eb) => eb.or([eb('buyer_id', '=', me.id), eb('supplier_id', '=', me.id)]));
    const [rows, total] = await Promise.all([
      mine.selectAll()
        .orderBy(sql`coalesce(last_message_timestamp, created_at)`, 'desc').orderBy('id', 'desc')
        .limit(paging.limit).offset(paging.offset).execute(),
      mine.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return page(request, await serializeConversations(db, me.id, rows), total.n, paging);
  });

  app.get('/api/conversations/:id/', { schema: { tags: ['chat'], params: idParams } }, async (request) => {
    const me = requireUser(request);
    const row = await participantConversation(db, request.params.id, me.id);
    return serializeConversation(db, me.id, row);
  });

  app.post('/api/conversations/', { schema: { tags: ['chat'] } }, async (request, reply) => {
    const me = requireVerified(request);
    const { fields } = await readForm(request, { arrays: ['participants'] });
    const input = parseInput(createSchema, fields);
    const { row, created } = await openConversation(db, me, input.product, input.participants);
    reply.status(created ? 201 : 200);
    return serializeConversation(db, me.id, row);
  });
};

export default conversations;
