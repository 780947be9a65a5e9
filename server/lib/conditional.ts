import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Conditional GETs for answers clients poll (counts, notifications, section pages): each
 * carries an ETag and a client that already holds it gets a bodiless 304. The tag is weak
 * because it names the JSON, whichever encoding carries it.
 */
export const etagOf = (text: string | Buffer) => `W/"${createHash('sha1').update(text).digest('base64url')}"`;

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => strip(tag) === strip(etag));
}

/**
 * An onSend hook for such routes. Answers that set their own ETag (cached ones, made once)
 * are not hashed again; 304s carry the validator and no body. Private answers are kept
 * by the browser but asked about again every time.
 */
export function conditional(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) {
  // A callback hook: an async one would cost every answer a promise.
  done(null, conditionalPayload(request, reply, payload));
}

function conditionalPayload(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
  let etag = reply.getHeader('ETag') as string | undefined;
  if (!etag) {
    etag = etagOf(payload);
    reply.header('ETag', etag);
  }
  // Signed-in answers already carry no-store (security headers); a client may still send the ETag it holds.
  if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', request.user ? 'no-store' : 'no-cache');
  if (!matches(request.headers['if-none-match'], etag)) return payload;
  reply.code(304).removeHeader('Content-Encoding').removeHeader('Content-Length').removeHeader('Content-Type');
  return null;
}
