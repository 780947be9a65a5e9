import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireVerified } from '../lib/auth';
import { multipartError, multipartParts } from '../lib/body';
import { z } from 'zod';
import { badRequest, fieldError, notFound } from '../lib/errors';
import { failures, notModified } from '../lib/responses';
import type { StoredMedia } from '../services/media/store';
import { uploadAnswerSchema } from '@/shared/types';
import { shownInline } from '../services/media/objects';
import { INVALID_WIDTH, createMediaVariants, isMediaWidth, resizableName } from '../services/media/variants';

const mediaParams = z.object({ file: z.string() });
/** The stored bytes, streamed: never serialized. */
const file = z.string().meta({ format: 'binary', description: 'The file, or a resized WebP of an image' });

/**
 * POST /api/media/upload/ answers like the hosted media service the web app was written
 * for (docs/api.md#uploads); GET /media/<sha256>.<ext> serves the stored files, cached for good since
 * a name never changes content, and GET /media/<image>?w=<width> a resized WebP of an image
 * (services/media/variants.ts).
 */
const media: FastifyPluginAsyncZod = async (app) => {
  const { objects } = app.media;
  const variants = createMediaVariants(objects);
  // A stored name: "<sha256>.<ext>" or a variant "<sha256>.w<width>.webp"; anything else is no file of ours.
  const storedName = /^[0-9a-f]{64}(?:\.w\d+)?\.[a-z0-9]+$/;

  let send: (request: FastifyRequest, reply: FastifyReply, name: string) => Promise<FastifyReply>;
  if (objects.root) {
    // The folder store: files straight from disk, with their ETag, ranges and 304s.
    await app.register(fastifyStatic, {
      root: objects.root,
      prefix: '/media/',
      // reply.sendFile stays inside this plugin: the route below serves variants with it.
      decorateReply: true,
      index: false,
      dotfiles: 'deny',
      immutable: true,
      maxAge: '365d',
      setHeaders: (res, filePath) => {
        res.header('X-Content-Type-Options', 'nosniff');
        if (!shownInline(filePath)) res.header('Content-Disposition', 'attachment');
      },
    });
    send = async (_request, reply, name) => reply.sendFile(name);
  } else {
    // A bucket: streamed through this server with the same headers (services/media/s3.ts).
    send = async (request, reply, name) => {
      // biome-ignore lint/style/noNonNullAssertion: a bucket store (no root folder) always streams its objects.
      if (!storedName.test(name) || !(await objects.send!(request, reply, name))) throw notFound();
      return reply;
    };
  }

  app.get(
    '/media/:file',
    {
      schema: {
        hide: true,
        params: mediaParams,
        querystring: z.looseObject({ w: z.unknown().optional() }),
        response: { 200: file, 206: file, 304: notModified, ...failures(400, 404) },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const { w } = request.query;
      if (w === undefined) return send(request, reply, file);
      const width = typeof w === 'string' && /^\d+$/.test(w) ? Number(w) : NaN;
      if (!isMediaWidth(width)) throw fieldError('w', INVALID_WIDTH);
      const image = resizableName(file);
      // Videos and documents have no variants: the file itself, whatever width was asked.
      if (!image) return send(request, reply, file);
      if (!(await app.media.resolve(`/media/${file}`))) throw notFound();
      return send(request, reply, await variants.variant(image.hash, image.format, width));
    },
  );

  app.post(
    '/api/media/upload/',
    {
      schema: {
        tags: ['media'],
        consumes: ['multipart/form-data'],
        response: { 200: uploadAnswerSchema, ...failures(400, 401, 403, 413, 429) },
      },
    },
    async (request) => {
      const user = requireVerified(request);
      if (!request.isMultipart()) throw badRequest({ file: ['No file was submitted.'] });
      let stored: StoredMedia | undefined;
      for await (const part of multipartParts(request)) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw badRequest({ [part.fieldname.slice(0, 100)]: ['Unknown field.'] });
        }
        if (stored) {
          part.file.resume();
          throw badRequest({ file: ['Only one file can be uploaded at a time.'] });
        }
        stored = await app.media.save(part.file, { owner: user.id }).catch((error) => {
          throw multipartError(error);
        });
      }
      if (!stored) throw badRequest({ file: ['No file was submitted.'] });
      // PUBLIC_URL when configured, else a path on this origin: never the Host header a client sent.
      return {
        secure_url: `${app.config.publicUrl?.replace(/\/+$/, '') ?? ''}${stored.path}`,
        resource_type: stored.kind === 'pdf' ? ('raw' as const) : stored.kind,
        format: stored.format,
        bytes: stored.bytes,
      };
    },
  );
};

export default media;
