import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a browser
 * that signed in to an account successfully gets a cookie naming that account, signed with the
 * server secret. Its sign-in failures are then counted for that device alone, so strangers who
 * exhaust the account's limit from unknown devices cannot lock its owner out. Nothing is stored:
 * the signature is the proof, and any server process sharing the secret can check it.
 */
export const DEVICE_COOKIE = 'device';
/** Half a year: a device the owner keeps using is remembered. */
const MAX_AGE_S = 180 * 24 * 60 * 60;

function mac(secret: string, email: string, nonce: string): string {
  return createHmac('sha256', secret).update(`device:${email.toLowerCase()}:${nonce}`).digest('base64url');
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** The device's id when the request carries a device cookie of this account, else null. */
export function knownDevice(request: FastifyRequest, secret: string, email: string): string | null {
  const [nonce, signature] = (cookieValue(request.headers.cookie, DEVICE_COOKIE) ?? '').split('.');
  if (!nonce || !signature || nonce.length > 64) return null;
  const expected = Buffer.from(mac(secret, email, nonce));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? nonce : null;
}

/** Remembers this browser as one the account's owner signs in from. */
export function rememberDevice(request: FastifyRequest, reply: FastifyReply, secret: string, email: string): void {
  const nonce = randomBytes(16).toString('base64url');
  // Secure whenever the public origin is https, even when TLS ends at a proxy that is not trusted for X-Forwarded-Proto.
  const secure = request.protocol === 'https' || request.server.config.publicUrl?.startsWith('https:') ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${DEVICE_COOKIE}=${nonce}.${mac(secret, email, nonce)}; Path=/api/; Max-Age=${MAX_AGE_S}; HttpOnly; SameSite=Strict${secure}`,
  );
}
