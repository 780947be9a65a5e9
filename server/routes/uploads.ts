import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NodeRequest } from 'srvx/node';
import { z } from 'zod';
import { requireVerified } from '../lib/auth';
import { ApiError } from '../lib/errors';
import { failures, noContent } from '../lib/responses';
import { uploadAnswerSchema } from '@/shared/types';
import { createUploads, NOT_FINISHED, UPLOAD_SWEEP_INTERVAL_MS } from '../services/media/uploads';

const uploadParams = z.object({ id: z.string() });
const TUS_HEADERS = 'Headers: Tus-Resumable: 1.0.0 on every request but OPTIONS.';

/**
 * /api/uploads/: resumable uploads, tus 1.0 (core, creation, termination, expiration); see
 * docs/api.md. The tus server (@tus/server) reads the request body itself, so this plugin
 * has no body parsers; this route checks who is asking and whose upload it is first, and
 * answers every error in the API's {"detail": ...} shape. The request that completes an
 * upload is answered with /api/media/upload/'s JSON; GET /api/uploads/<id>/ repeats it.
 */
const uploads: FastifyPluginAsyncZod = async (app) => {
  const service = await createUploads(app.db, app.media, { s3: app.config.mediaS3, publicUrl: app.config.publicUrl });
  const sweeper = setInterval(() => {
    service.sweep().catch((error) => app.log.warn({ err: error }, 'upload sweep failed'));
  }, UPLOAD_SWEEP_INTERVAL_MS).unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  // The body stays unread for the tus server.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  /** Hands the raw request to the tus server and sends its answer through Fastify (hooks, headers). */
  async function toTus(request: FastifyRequest, reply: FastifyReply) {
    const response = await service.tus.handleWeb(new NodeRequest({ req: request.raw, res: reply.raw }));
    let body = await response.text();
    for (const [name, value] of response.headers) {
      if (name !== 'content-length' && name !== 'content-type') reply.header(name, value);
    }
    if (response.status >= 400) {
      body = JSON.stringify(detailOf(response.status, body));
      // A refused PATCH's body is not wanted: closing tells the client at once, instead of
      // letting it send the rest of a large body that would be read and dropped.
      if (request.method === 'PATCH') reply.header('Connection', 'close');
    }
    if (body) reply.type('application/json');
    reply.header('Cache-Control', 'no-store');
    return reply.code(response.status).send(body || undefined);
  }

  const tusReply = (reply: FastifyReply, status: number, headers: Record<string, string | number>, body?: unknown) => {
    reply.header('Tus-Resumable', '1.0.0').header('Cache-Control', 'no-store');
    for (const [name, value] of Object.entries(headers)) reply.header(name, value);
    return reply.code(status).send(body);
  };

  // The completing request's answer: /api/media/upload/'s, with the file's own name.
  const finished = uploadAnswerSchema.extend({ original_filename: z.string().optional() });
  const bodiless = z.null().describe('No body: the tus headers carry the answer');

  app.options(
    '/api/uploads/',
    {
      schema: {
        tags: ['uploads'],
        summary: 'tus discovery: versions, extensions, maximum size',
        response: { 204: noContent, ...failures(401) },
      },
    },
    (request, reply) => toTus(request, reply),
  );

  app.post(
    '/api/uploads/',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Create a resumable upload (tus creation)',
        description: `${TUS_HEADERS} Upload-Length (bytes, at most 52,428,800) and Upload-Metadata ("filename" and "upload_preset", base64). Answers 201 with Location (/api/uploads/<id>/) and Upload-Expires (24 hours). With Content-Type application/offset+octet-stream the body is the first bytes (creation-with-upload). Signed-in, confirmed accounts only.`,
        response: { 201: bodiless, ...failures(400, 401, 403, 413, 429) },
      },
    },
    async (request, reply) => {
      const user = requireVerified(request);
      const header = (name: string) => request.headers[name] as string | undefined;
      await service.open(user.id, request.raw, {
        length: header('upload-length'),
        defer: header('upload-defer-length'),
        metadata: header('upload-metadata'),
      });
      return toTus(request, reply);
    },
  );

  app.route({
    method: 'HEAD',
    url: '/api/uploads/:id/',
    schema: {
      tags: ['uploads'],
      summary: 'Where an upload stands (tus core): Upload-Offset, Upload-Length, Upload-Expires',
      params: uploadParams,
      response: { 200: bodiless, ...failures(401, 403, 404) },
    },
    handler: async (request, reply) => {
      const user = requireVerified(request);
      const row = await service.owned(user.id, request.params.id);
      if (row.result) return tusReply(reply, 200, { 'Upload-Offset': row.length, 'Upload-Length': row.length });
      return toTus(request, reply);
    },
  });

  app.patch(
    '/api/uploads/:id/',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Send the next bytes of an upload (tus core)',
        description: `${TUS_HEADERS} Content-Type: application/offset+octet-stream and Upload-Offset (the offset HEAD answered). 204 with the new Upload-Offset; the request that completes the file answers 200 with {secure_url, resource_type, format, bytes} (and original_filename) after the same checks as /api/media/upload/.`,
        params: uploadParams,
        response: { 200: finished, 204: noContent, ...failures(400, 401, 403, 404, 413, 429) },
      },
    },
    async (request, reply) => {
      const user = requireVerified(request);
      const row = await service.owned(user.id, request.params.id);
      if (row.result) {
        // Already whole (the answer was lost on the way): the same answer, nothing stored twice.
        request.raw.resume();
        if (Number(request.headers['upload-offset']) !== row.length) throw new ApiError(409, { detail: 'Upload-Offset conflict.' });
        return tusReply(reply, 200, { 'Upload-Offset': row.length }, row.result);
      }
      return toTus(request, reply);
    },
  );

  app.delete(
    '/api/uploads/:id/',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Cancel an upload (tus termination): its bytes are removed',
        params: uploadParams,
        response: { 204: noContent, ...failures(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const user = requireVerified(request);
      const row = await service.owned(user.id, request.params.id);
      await service.forget(row.id);
      if (row.result) return tusReply(reply, 204, {});
      const response = await toTus(request, reply);
      return response;
    },
  );

  app.get(
    '/api/uploads/:id/',
    {
      exposeHeadRoute: false,
      schema: {
        tags: ['uploads'],
        summary: "A finished upload's answer, as the request that completed it had",
        params: uploadParams,
        response: { 200: finished, ...failures(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const user = requireVerified(request);
      const row = await service.owned(user.id, request.params.id);
      if (!row.result) return reply.code(404).send({ detail: NOT_FINISHED });
      reply.header('Cache-Control', 'no-store');
      return row.result as z.infer<typeof finished>;
    },
  );
};

/** A tus error's plain text (or our JSON) in the API's error shape; never an internal message. */
function detailOf(status: number, body: string): unknown {
  if (status >= 500) return { detail: 'A server error occurred.' };
  try {
    const parsed = JSON.parse(body);
    if (parsed && typeof parsed === 'object') return parsed;
  } catch {
    /* plain text from the tus server */
  }
  return { detail: body.trim() || 'Request failed.' };
}

export default uploads;
