import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Database } from '../../db';
import { forbidden, notAuthenticated } from '../../lib/errors';
import type { TokenPair } from '@/shared/types';
import { SERVER_MESSAGES } from '@/shared/messages';

export const ACCESS_TTL_S = 15 * 60;
export const REFRESH_TTL_S = 30 * 24 * 60 * 60;

const INVALID = SERVER_MESSAGES.TOKEN_INVALID;

/** What an access token says: whose it is and which sign-in (token family) it belongs to. */
export interface AccessClaims {
  userId: number;
  sessionId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Access tokens are short-lived JWTs carrying their sign-in's id (`sid`, the token family),
 * which every request checks is still live (server/services/accounts/sessions.ts): signing out, changing the
 * password or deleting the account ends them at once. Refresh tokens are JWTs
 * whose id (jti) is recorded: each use replaces it by a new one of the same family. An answer
 * lost on the network must not end the session however long the device then stays offline
 * (docs/api.md): the replaced token keeps answering with the same successor pair until that
 * successor is first used. Once it was, the replaced token coming back means two holders,
 * one of them a thief, and the whole family is revoked. A pair is signed only from what the
 * database holds (subject, jti, family, issue time), so the same successor pair can be
 * handed out again.
 */
export function createTokenService(db: Database, secret: string) {
  const key = new TextEncoder().encode(secret);

  async function sign(
    claims: { sub: number; typ: 'access' | 'refresh'; jti: string; fam?: string; sid?: string },
    issuedAt: Date,
    ttl: number,
  ) {
    const iat = Math.floor(issuedAt.getTime() / 1000);
    const payload: Record<string, unknown> = { typ: claims.typ, jti: claims.jti };
    if (claims.fam) payload.fam = claims.fam;
    if (claims.sid) payload.sid = claims.sid;
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.sub))
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttl)
      .sign(key);
  }

  async function pairFor(row: { jti: string; family: string; user_id: number; issued_at: Date }): Promise<TokenPair> {
    return {
      access: await sign({ sub: row.user_id, typ: 'access', jti: row.jti, sid: row.family }, row.issued_at, ACCESS_TTL_S),
      refresh: await sign({ sub: row.user_id, typ: 'refresh', jti: row.jti, fam: row.family }, row.issued_at, REFRESH_TTL_S),
    };
  }

  async function newRefreshRow(userId: number, family: string, trx: Database = db) {
    const issued_at = new Date(Math.floor(Date.now() / 1000) * 1000);
    const row = { jti: randomUUID(), family, user_id: userId, issued_at, expires_at: new Date(issued_at.getTime() + REFRESH_TTL_S * 1000) };
    await trx.insertInto('refresh_tokens').values(row).execute();
    return row;
  }

  async function decode(token: string, typ: 'access' | 'refresh') {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      if (payload.typ !== typ || !payload.sub || !payload.jti) throw new Error('wrong token type');
      return { userId: Number(payload.sub), jti: String(payload.jti), sid: String(payload.sid ?? '') };
    } catch {
      throw notAuthenticated(INVALID);
    }
  }

  return {
    /** A new sign-in: a new token family. */
    async issue(userId: number): Promise<TokenPair> {
      // Every way of signing in (password, code, reset) ends here: a suspended account gets no sign-in (docs/api.md#trust-and-safety).
      const user = await db.selectFrom('users').select('suspended_at').where('id', '=', userId).executeTakeFirst();
      if (user?.suspended_at) throw forbidden(SERVER_MESSAGES.ACCOUNT_SUSPENDED);
      return pairFor(await newRefreshRow(userId, randomUUID()));
    },

    /** Signature, type and expiry only; whether the sign-in is still live is the caller's check. */
    async verifyAccess(token: string): Promise<AccessClaims> {
      const { userId, sid } = await decode(token, 'access');
      // Tokens from before sign-in ids were carried cannot be checked: the client refreshes them.
      if (!UUID.test(sid)) throw notAuthenticated(INVALID);
      return { userId, sessionId: sid };
    },

    async rotate(refresh: string): Promise<TokenPair> {
      const { jti } = await decode(refresh, 'refresh');
      return db
        .transaction()
        .execute(async (trx) => {
          const row = await trx.selectFrom('refresh_tokens').selectAll().where('jti', '=', jti).forUpdate().executeTakeFirst();
          if (!row || row.revoked_at) throw notAuthenticated(INVALID);
          if (row.replaced_by) {
            const successor = await trx.selectFrom('refresh_tokens').selectAll().where('jti', '=', row.replaced_by).executeTakeFirst();
            // Only the pair that replaced this token, and only while that pair is unused: a lost
            // answer is asked for again before its refresh token is used, never after.
            if (successor && !successor.revoked_at && !successor.replaced_by) {
              if (successor.expires_at.getTime() <= Date.now()) return null;
              return pairFor(successor);
            }
            await trx
              .updateTable('refresh_tokens')
              .set({ revoked_at: new Date() })
              .where('family', '=', row.family)
              .where('revoked_at', 'is', null)
              .execute();
            return null;
          }
          const successor = await newRefreshRow(row.user_id, row.family, trx);
          await trx
            .updateTable('refresh_tokens')
            .set({ replaced_by: successor.jti, replaced_at: new Date() })
            .where('jti', '=', jti)
            .execute();
          return pairFor(successor);
        })
        .then((pair) => {
          // Thrown outside the transaction so that revoking the family is committed.
          if (!pair) throw notAuthenticated(INVALID);
          return pair;
        });
    },

    /** Sign-out: the whole family of this refresh token stops working. Answers whose sign-in it was. */
    async revoke(refresh: string): Promise<{ userId: number; sessionId: string }> {
      const { jti } = await decode(refresh, 'refresh');
      const row = await db.selectFrom('refresh_tokens').select(['family', 'user_id']).where('jti', '=', jti).executeTakeFirst();
      if (!row) throw notAuthenticated(INVALID);
      await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: new Date() })
        .where('family', '=', row.family)
        .where('revoked_at', 'is', null)
        .execute();
      return { userId: row.user_id, sessionId: row.family };
    },

    async revokeAllFor(userId: number): Promise<void> {
      await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: new Date() })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
