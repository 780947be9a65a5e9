import type { FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import type { Database } from '../db';
import type { UserRow } from '../lib/auth';
import { badRequest, tooManyRequests } from '../lib/errors';
import { hashPassword, verifyPassword } from './passwords';
import { describeWait, signInRules, type RateLimiter, type RateRule } from './rate-limit';
import { invalidPk } from '../../src/shared/validation';

/** Account rules shared by sign-in, password change and account deletion. */

export const TOO_MANY_SIGN_INS = (wait: string) => `Too many failed attempts. Please try again in ${wait}.`;

/** A 429 with Retry-After while any of the rules is exhausted. */
export async function enforceLimits(limiter: RateLimiter, reply: FastifyReply, rules: RateRule[], message = TOO_MANY_SIGN_INS) {
  const wait = await limiter.waitMs(rules);
  if (wait <= 0) return;
  reply.header('Retry-After', String(Math.ceil(wait / 1000)));
  throw tooManyRequests(message(describeWait(wait)));
}

// Unknown accounts are checked against this hash too, so a wrong email takes as long as a wrong password.
let decoyHash: Promise<string> | undefined;

/**
 * Whether `password` is the account's password. Every wrong answer counts as a failed
 * sign-in of that account (DESIGN §5), and a locked account is refused before checking,
 * so password change and deletion cannot be used to guess around the sign-in limit.
 */
export async function checkPassword(
  limiter: RateLimiter, request: FastifyRequest, reply: FastifyReply,
  email: string, user: Pick<UserRow, 'password_hash'> | undefined, password: string,
): Promise<boolean> {
  const rules = signInRules(email, request.ip);
  await enforceLimits(limiter, reply, rules);
  decoyHash ??= hashPassword('decoy password for unknown accounts');
  const ok = await verifyPassword(password, user?.password_hash ?? await decoyHash);
  if (ok && user) return true;
  await limiter.hit(rules);
  return false;
}

/**
 * Ends every sign-in of the user but the one making this request: an access token's jti
 * is that of its pair's refresh token, whose family is the current sign-in.
 */
export async function revokeOtherSignIns(db: Database, request: FastifyRequest, userId: number): Promise<void> {
  const token = request.headers.authorization?.split(' ')[1] ?? '';
  const jti = String(decodeJwt(token).jti ?? '');
  const current = UUID.test(jti)
    ? await db.selectFrom('refresh_tokens').select('family').where('jti', '=', jti).executeTakeFirst()
    : undefined;
  let query = db.updateTable('refresh_tokens').set({ revoked_at: new Date() })
    .where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (current) query = query.where('family', '!=', current.family);
  await query.execute();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Finds an account by email, whatever its case (emails are unique case-insensitively). */
export function findUserByEmail(db: Database, email: string) {
  return db.selectFrom('users').selectAll().where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
}

/** Category ids as given, de-duplicated, each naming an existing category; else a field error. */
export async function existingCategoryIds(db: Database, field: string, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const found = new Set((await db.selectFrom('categories').select('id').where('id', 'in', unique).execute()).map((r) => r.id));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length) throw badRequest({ [field]: missing.map(invalidPk) });
  return unique;
}
