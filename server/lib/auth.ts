import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../db/schema';
import { forbidden, notAuthenticated } from './errors';

export type UserRow = Selectable<UsersTable>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for a guest. Set for every /api/ request. */
    user: UserRow | null;
  }
}

/**
 * Reads the bearer token of every API request. A missing token makes a guest; a bad or
 * expired one is a 401 even on public routes, so the client knows to refresh it.
 */
export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header || !request.url.startsWith('/api/')) return;
    const [scheme, token] = header.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw notAuthenticated('Authorization header must contain two space-delimited values');
    const userId = await app.tokens.verifyAccess(token);
    const user = await app.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!user) throw notAuthenticated('User not found');
    request.user = user;
  });
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw notAuthenticated();
  return request.user;
}

export const UNVERIFIED = 'Please verify your email address before doing this.';

/** Writing products, reviews, favourites and messages needs a confirmed email (DESIGN §6). */
export function requireVerified(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!user.is_verified) throw forbidden(UNVERIFIED);
  return user;
}

export function requireSupplier(request: FastifyRequest): UserRow {
  const user = requireVerified(request);
  if (user.user_type !== 'SUPPLIER') throw forbidden('Only suppliers can do this.');
  return user;
}

export function requireBuyer(request: FastifyRequest): UserRow {
  const user = requireVerified(request);
  if (user.user_type !== 'BUYER') throw forbidden('Only buyers can do this.');
  return user;
}
