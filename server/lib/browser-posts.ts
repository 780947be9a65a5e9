import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, forbidden } from './errors';

export const CROSS_SITE = 'Cross-site requests are not allowed.';

/**
 * For the sign-up, sign-in and code endpoints (onRequest): JSON only, so a page elsewhere
 * cannot post a plain HTML form to them (such a form sends urlencoded, multipart or text),
 * and when a browser names the page's origin, it must be ours: PUBLIC_URL's, or the origin
 * the request was sent to. Answers 415 or 403 before the body is read or anything counted.
 */
export async function jsonFromOwnOrigin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') {
    throw new ApiError(415, { detail: `Unsupported media type "${(request.headers['content-type'] ?? '').slice(0, 100)}" in request.` });
  }
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const allowed = new Set([`${request.protocol}://${request.host}`]);
  const publicUrl = request.server.config.publicUrl;
  if (publicUrl) allowed.add(new URL(publicUrl).origin);
  if (!allowed.has(origin)) throw forbidden(CROSS_SITE);
}
