import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../lib/auth';
import { tooManyRequests } from '../lib/errors';
import { failures } from '../lib/responses';
import { eventStreams } from '../lib/metrics';
import { MAX_STREAMS_PER_USER, watchSession } from '../services/live';
import { ACCESS_TTL_S } from '../services/accounts/tokens';
import { DEFAULT_CONNECTION_LIMITS } from '../lib/connections';

/**
 * The poke stream (docs/api.md): server-sent events telling the signed-in user's open app that
 * its private data changed (`event: poke`), after which it pulls GET /api/sync/ as usual. The
 * events carry no data. A stream ends as soon as its sign-in does (a sign-out, a password change
 * or reset, a revoked token family), and at the latest when the access token that opened it
 * would have expired; the app opens a new one with its fresh token.
 */
/**
 * Comments keep the stream alive, more often than a connection may stay silent (lib/connections.ts:
 * 30 s): at the same period the server's own idle limit cut every quiet stream within a minute,
 * and every open app reconnected (bench/capacity.ts).
 */
const KEEP_ALIVE_MS = 20_000;
/**
 * A stopping server tells each stream when to come back, spread over this long, so its apps
 * do not all reconnect to the remaining processes in the same instant.
 */
const RECONNECT_SPREAD_MS = 5_000;

const events: FastifyPluginAsyncZod = async (app) => {
  const keepAliveMs = Math.min(KEEP_ALIVE_MS, Math.floor((app.config.connections?.idleMs ?? DEFAULT_CONNECTION_LIMITS.idleMs) / 2));
  app.get(
    '/api/events/',
    {
      schema: {
        tags: ['sync'],
        summary: 'Pokes: "pull now" while the app is open',
        description:
          `A text/event-stream. \`event: poke\` (data {}) means the user's private data changed: pull GET /api/sync/. ` +
          `Comments keep the connection alive. At most ${MAX_STREAMS_PER_USER} streams per user (429 beyond). The stream ends ` +
          'after the lifetime of an access token; open a new one. A stopping server ends it with `event: reconnect` ' +
          '(data {"retry_ms": n}): open a new one after n ms, without backing off.',
        response: { 200: z.string().describe('text/event-stream'), ...failures(401, 429) },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      let timer: NodeJS.Timeout | undefined;
      let lifetime: NodeJS.Timeout | undefined;
      let unwatch: (() => void) | undefined;
      const raw = reply.raw;
      let open = true;
      const end = () => {
        if (open) eventStreams.dec();
        open = false;
        clearInterval(timer);
        clearTimeout(lifetime);
        unwatch?.();
        close?.();
        if (!raw.writableEnded) raw.end();
      };
      // The server is stopping (a deploy, a scale-in): reconnect, to another process, soon.
      const stopping = () => {
        const retryMs = Math.floor(Math.random() * RECONNECT_SPREAD_MS);
        if (!raw.writableEnded) raw.write(`retry: ${retryMs}\nevent: reconnect\ndata: ${JSON.stringify({ retry_ms: retryMs })}\n\n`);
        end();
      };
      const close = app.live.open(me.id, () => raw.write('event: poke\ndata: {}\n\n'), stopping);
      if (!close) throw tooManyRequests('Too many open event streams for this account: close another tab or device.');
      eventStreams.inc();
      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // Proxies (nginx) must pass each event on at once, not buffer the stream.
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      // Tells the client the stream is open (and flushes the headers through proxies).
      raw.write(': open\n\n');
      timer = setInterval(() => raw.write(': keep-alive\n\n'), keepAliveMs).unref();
      lifetime = setTimeout(end, ACCESS_TTL_S * 1000).unref();
      if (request.sessionId) unwatch = watchSession(app.db, me.id, request.sessionId, end);
      request.raw.on('close', end);
    },
  );
};

export default events;
