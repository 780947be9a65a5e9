import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { Database } from '../../db';
import type { UsersTable } from '../../db/schema';
import { createTableBoundCache } from '../../db/table-bound-cache';
import { notAuthenticated } from '../../lib/errors';
import { SERVER_MESSAGES } from '@/shared/messages';

export type UserRow = Selectable<UsersTable>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for a guest. Set for every /api/ request. */
    user: UserRow | null;
    /** The sign-in (refresh-token family) of the request's access token, or null for a guest. */
    sessionId: string | null;
  }
}

/** The tables a sign-in check reads: a write to either may end a sign-in (db/table-bound-cache.ts). */
export const SESSION_TABLES = ['users', 'refresh_tokens'] as const;

/**
 * Reads the bearer token of every API request. A missing token makes a guest; a bad or
 * expired one is a 401 even on public routes, so the client knows to refresh it. The token's
 * sign-in must still be live: the same query that loads the user checks that its token family
 * has a token that is not revoked, so logout, password change and account deletion end access
 * tokens at once, in every server process. Its answer is kept per process until `users` or
 * `refresh_tokens` is written anywhere (db/table-bound-cache.ts): a signed-in request, and the
 * 401 of a sign-in that is over, usually cost no query at all. The guards that read
 * `request.user` are in lib/auth.ts.
 */
export function registerAuth(app: FastifyInstance) {
  const sessions = createTableBoundCache<UserRow | null>(app.db, SESSION_TABLES);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  // A synchronous hook: guests, most requests, pass without the promise an async hook costs.
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers.authorization;
    if (!header || !request.url.startsWith('/api/')) done();
    else authenticate(app, sessions, request, header).then(() => done(), done);
  });
}

async function authenticate(app: FastifyInstance, sessions: SessionCache, request: FastifyRequest, header: string) {
  const [scheme, token] = header.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw notAuthenticated('Authorization header must contain two space-delimited values');
  const { userId, sessionId } = await app.tokens.verifyAccess(token);
  const user = await sessions.get(`${userId}:${sessionId}`, () => liveUser(app, userId, sessionId));
  if (!user) throw notAuthenticated(SERVER_MESSAGES.TOKEN_INVALID);
  request.user = user;
  request.sessionId = sessionId;
}

type SessionCache = ReturnType<typeof createTableBoundCache<UserRow | null>>;

/** A live refresh token of the sign-in (token family) `sessionId` of `userId`: none once it has ended. */
export function liveSignIn(db: Database, userId: number, sessionId: string) {
  return db
    .selectFrom('refresh_tokens')
    .select('refresh_tokens.jti')
    .where('refresh_tokens.family', '=', sessionId)
    .where('refresh_tokens.user_id', '=', userId)
    .where('refresh_tokens.revoked_at', 'is', null);
}

/** The user, if the sign-in is still live (null otherwise). */
async function liveUser(app: FastifyInstance, userId: number, sessionId: string): Promise<UserRow | null> {
  const user = await app.db
    .selectFrom('users')
    .selectAll('users')
    .where('users.id', '=', userId)
    .where(({ exists }) => exists(liveSignIn(app.db, userId, sessionId)))
    .executeTakeFirst();
  return user ?? null;
}
