import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mkdirSync } from 'node:fs';
import { requireUser } from '../lib/auth';
import { badRequest } from '../lib/errors';

/**
 * POST /api/media/upload/ answers like the hosted media service the web app was written
 * for (DESIGN §5); GET /media/<sha256>.<ext> serves the stored files, cached for good since
 * a name never changes content.
 */
const media: FastifyPluginAsyncZod = async (app) => {
  mkdirSync(app.media.root, { recursive: true });
  await app.register(fastifyStatic, {
    root: app.media.root,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    immutable: true,
    maxAge: '365d',
    setHeaders: (res) => { res.header('X-Content-Type-Options', 'nosniff'); },
  });

  app.post('/api/media/upload/', { schema: { tags: ['media'], consumes: ['multipart/form-data'] } }, async (request) => {
    requireUser(request);
    if (!request.isMultipart()) throw badRequest({ file: ['No file was submitted.'] });
    let stored;
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') { part.file.resume(); throw badRequest({ [part.fieldname]: ['Unknown field.'] }); }
      if (stored) { part.file.resume(); throw badRequest({ file: ['Only one file can be uploaded at a time.'] }); }
      stored = await app.media.save(part.file);
    }
    if (!stored) throw badRequest({ file: ['No file was submitted.'] });
    const origin = app.config.publicUrl ?? `${request.protocol}://${request.host}`;
    return {
      secure_url: `${origin}${stored.path}`,
      resource_type: stored.kind === 'pdf' ? 'raw' : stored.kind,
      format: stored.format,
      bytes: stored.bytes,
    };
  });
};

export default media;
