import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../lib/auth';
import { notFound } from '../lib/errors';
import { failures, noContent } from '../lib/responses';
import { checkEndpoint, checkKeys, deleteSubscription, ENDPOINT_MAX, saveSubscription, setKinds } from '../services/push/subscriptions';
import { pushLanguage } from '../services/push/text';

/**
 * Web Push (docs/api.md): the server's VAPID key, and the signed-in user's subscriptions.
 * The body is the browser's PushSubscription as JSON; `language` (en, fr, tr) says how the
 * device's pushes are worded, else its Accept-Language, else English. What is pushed, and
 * when, is services/push/sender.ts.
 */

/** Which kinds of notification the device wants pushed (src/shared/push.ts); a kind left out is off. */
const kindsInput = z.object({ messages: z.boolean().optional(), offers: z.boolean().optional(), orders: z.boolean().optional() });
const kindsOf = (kinds: z.infer<typeof kindsInput>) => ({
  messages: kinds.messages ?? false,
  offers: kinds.offers ?? false,
  orders: kinds.orders ?? false,
});

const subscriptionInput = z.looseObject({
  endpoint: z.string().min(1).max(ENDPOINT_MAX),
  expirationTime: z.number().nullable().optional(),
  keys: z.looseObject({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
  language: z.string().max(35).optional(),
  kinds: kindsInput.optional(),
});
const kindsChange = z.looseObject({ endpoint: z.string().min(1).max(ENDPOINT_MAX), kinds: kindsInput });
const kindsOutput = z.object({
  endpoint: z.string(),
  kinds: z.object({ messages: z.boolean(), offers: z.boolean(), orders: z.boolean() }),
});
const endpointInput = z.looseObject({ endpoint: z.string().min(1).max(ENDPOINT_MAX) });
const subscriptionOutput = z.object({ endpoint: z.string(), language: z.string(), created_at: z.string() });

const push: FastifyPluginAsyncZod = async (app) => {
  const signedIn = {
    preValidation: async (request: FastifyRequest) => {
      requireUser(request);
    },
  };

  app.get(
    '/api/push/key/',
    {
      schema: {
        tags: ['push'],
        summary: "The server's VAPID public key",
        description: 'Pass it as applicationServerKey to PushManager.subscribe() (base64url, an uncompressed P-256 point).',
        response: { 200: z.object({ public_key: z.string() }), ...failures(401) },
      },
    },
    async () => ({ public_key: app.push.publicKey }),
  );

  app.post(
    '/api/push/subscriptions/',
    {
      schema: {
        tags: ['push'],
        summary: "Receive this device's notifications as pushes",
        description:
          'Body: PushSubscription.toJSON() ({endpoint, keys: {p256dh, auth}}), optionally with language. The endpoint must start with ' +
          'one of PUSH_ENDPOINT_PREFIXES. The same endpoint again replaces the stored one (201 when new, 200 otherwise). ' +
          'Signing out on the device (POST /api/auth/logout/) removes it.',
        body: subscriptionInput,
        response: { 200: subscriptionOutput, 201: subscriptionOutput, ...failures(400, 401, 413) },
      },
      ...signedIn,
    },
    async (request, reply) => {
      const me = requireUser(request);
      const { endpoint, keys, language, kinds } = request.body;
      checkEndpoint(endpoint, app.push.endpointPrefixes);
      checkKeys(keys);
      // biome-ignore lint/style/noNonNullAssertion: requireUser passed, so the request carries its sign-in's session.
      const { subscription, created } = await saveSubscription(app.db, me.id, request.sessionId!, {
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
        language: pushLanguage(language ?? request.headers['accept-language']),
        kinds: kinds && kindsOf(kinds),
      });
      return reply.code(created ? 201 : 200).send(subscription);
    },
  );

  app.patch(
    '/api/push/subscriptions/',
    {
      schema: {
        tags: ['push'],
        summary: 'Choose which kinds of notification are pushed to this endpoint',
        description:
          'Body: {endpoint, kinds: {messages, offers, orders}}; a kind left out is off. Reviews and favourites are always pushed. ' +
          'POST takes the same kinds when subscribing.',
        body: kindsChange,
        response: { 200: kindsOutput, ...failures(400, 401, 404, 413) },
      },
      ...signedIn,
    },
    async (request) => {
      const me = requireUser(request);
      const changed = await setKinds(app.db, me.id, request.body.endpoint, kindsOf(request.body.kinds));
      if (!changed) throw notFound();
      return changed;
    },
  );

  app.delete(
    '/api/push/subscriptions/',
    {
      schema: {
        tags: ['push'],
        summary: 'Stop pushes to this endpoint',
        body: endpointInput,
        response: { 204: noContent, ...failures(400, 401, 404, 413) },
      },
      ...signedIn,
    },
    async (request, reply) => {
      const me = requireUser(request);
      if (!(await deleteSubscription(app.db, me.id, request.body.endpoint))) throw notFound();
      return reply.code(204).send(null);
    },
  );
};

export default push;
