import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db';
import type { UserRow } from './sessions';
import { badRequest, fieldError, tooManyRequests } from '../../lib/errors';
import { knownDevice } from './device-cookies';
import { hashPassword, hasUsablePassword, unusablePassword, verifyPassword } from './passwords';
import { describeWait, knownDeviceRules, signInRules, type RateLimiter, type RateRule, type Reservation } from '../rate-limit';
import { invalidPk, type registrationSchema } from '@/shared/validation';
import type { z } from 'zod';
import { SERVER_MESSAGES } from '@/shared/messages';

/** Account rules shared by sign-in, password change and account deletion. */

export const EMAIL_TAKEN = SERVER_MESSAGES.EMAIL_TAKEN;
export const PASSWORD_ALREADY_SET = SERVER_MESSAGES.PASSWORD_ALREADY_SET;
export const TOO_MANY_SIGN_INS = (wait: string) => `Too many failed attempts. Please try again in ${wait}.`;

/** Unverified accounts are removed this long after sign-up, freeing their address. */
export const UNVERIFIED_ACCOUNT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A 429 with Retry-After for a wait of `wait` milliseconds. */
export function waitError(reply: FastifyReply, wait: number, message: (wait: string) => string) {
  reply.header('Retry-After', String(Math.ceil(wait / 1000)));
  return tooManyRequests(message(describeWait(wait)));
}

/** Takes one attempt under every rule (see RateLimiter.consume), or answers 429 with Retry-After. */
export async function takeAttempt(
  limiter: RateLimiter,
  reply: FastifyReply,
  rules: RateRule[],
  message = TOO_MANY_SIGN_INS,
): Promise<Reservation> {
  const taken = await limiter.consume(rules);
  if ('waitMs' in taken) throw waitError(reply, taken.waitMs, message);
  return taken;
}

// Unknown accounts are checked against this hash too, so a wrong email takes as long as a wrong password.
let decoyHash: Promise<string> | undefined;

/**
 * Whether `password` is the account's password. Every wrong answer counts as a failed
 * sign-in (docs/api.md#tokens): of the account from unknown devices, of the device alone from a device
 * that signed in to this account before (its device cookie). The attempt is counted before the
 * password is checked and given back when it was right, so a burst of parallel guesses cannot
 * slip past the limit; a locked account is refused before checking, so password change and
 * deletion cannot be used to guess around it.
 */
export async function checkPassword(
  limiter: RateLimiter,
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
  user: Pick<UserRow, 'password_hash'> | undefined,
  password: string,
): Promise<boolean> {
  const device = user ? knownDevice(request, request.server.config.jwtSecret, email) : null;
  const rules = device ? knownDeviceRules(device, request.ip) : signInRules(email, request.ip);
  const attempt = await takeAttempt(limiter, reply, rules);
  decoyHash ??= hashPassword('decoy password for unknown accounts');
  const stored = user?.password_hash ?? '';
  // Unusable passwords ("!...") are not hashes: check the decoy so the answer takes as long.
  const ok = await verifyPassword(password, stored.startsWith('scrypt$') ? stored : await decoyHash);
  if (ok && user && stored.startsWith('scrypt$')) {
    await limiter.release(attempt);
    return true;
  }
  return false;
}

/** Ends every sign-in of the user but the one making this request (its access token's sign-in id). */
export async function revokeOtherSignIns(db: Database, request: FastifyRequest, userId: number): Promise<void> {
  let query = db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (request.sessionId) query = query.where('family', '!=', request.sessionId);
  await query.execute();
}

const unverifiedCutoff = () => new Date(Date.now() - UNVERIFIED_ACCOUNT_TTL_MS);

/**
 * Finds an account by email, whatever its case (emails are unique case-insensitively).
 * Unverified accounts older than a week count as gone (removeExpiredAccounts deletes them).
 */
export function findUserByEmail(db: Database, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where((eb) => eb.or([eb('is_verified', '=', true), eb('date_joined', '>', unverifiedCutoff())]))
    .executeTakeFirst();
}

/**
 * Deletes accounts whose e-mail was never confirmed within a week of signing up, freeing their
 * addresses. Looked up first: any statement writing users wakes every process's caches
 * (migrations 0005, 0006), which an empty sweep has no reason to do.
 */
async function removeExpiredAccounts(db: Database, email: string): Promise<void> {
  const expired = await db
    .selectFrom('users')
    .select('id')
    .where('is_verified', '=', false)
    .where('date_joined', '<=', unverifiedCutoff())
    // The address signing up now goes first, whatever the size of the batch.
    .orderBy(sql`lower(email) = ${email.toLowerCase()}`, 'desc')
    .limit(500)
    .execute();
  if (expired.length)
    await db
      .deleteFrom('users')
      .where(
        'id',
        'in',
        expired.map((u) => u.id),
      )
      .execute();
}

/**
 * A new, unconfirmed account (docs/product.md#validation-rules) and the registration token its client gets.
 * An address already taken is a field error, also when it was taken at the same moment.
 */
export async function registerAccount(
  db: Database,
  input: z.output<typeof registrationSchema>,
): Promise<{ user: UserRow; registrationToken: string }> {
  await removeExpiredAccounts(db, input.email);
  if (await findUserByEmail(db, input.email)) throw fieldError('email', EMAIL_TAKEN);
  const password_hash = await hashPassword(input.password1);
  const registration = newRegistrationToken();
  const user = await db
    .insertInto('users')
    .values({
      email: input.email,
      first_name: input.first_name,
      last_name: input.last_name,
      phone_number: input.phone_number,
      country: input.country,
      password_hash,
      user_type: null,
      currency: null,
      registration_token_hash: registration.hash,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
    .catch((err: { code?: string }) => {
      if (err.code === '23505') throw fieldError('email', EMAIL_TAKEN);
      throw err;
    });
  return { user, registrationToken: registration.token };
}

/** A new password for the account; every other sign-in of it ends. */
export async function changePassword(db: Database, request: FastifyRequest, userId: number, password: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: await hashPassword(password) })
    .where('id', '=', userId)
    .execute();
  await revokeOtherSignIns(db, request, userId);
}

/**
 * A password for an account without a usable one (after must_set_password). Only while none
 * is usable, checked in the same statement, so a stolen session cannot replace a known password.
 */
export async function setFirstPassword(db: Database, request: FastifyRequest, user: UserRow, password: string): Promise<void> {
  if (hasUsablePassword(user.password_hash)) throw badRequest(PASSWORD_ALREADY_SET);
  const saved = await db
    .updateTable('users')
    .set({ password_hash: await hashPassword(password) })
    .where('id', '=', user.id)
    .where('password_hash', 'like', '!%')
    .returning('id')
    .executeTakeFirst();
  if (!saved) throw badRequest(PASSWORD_ALREADY_SET);
  await revokeOtherSignIns(db, request, user.id);
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

/** A registration token for a sign-up's answer, and the hash kept of it. */
function newRegistrationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRegistrationToken(token) };
}

const hashRegistrationToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Whether the token is the one handed out by this account's sign-up. */
export function provesSignUp(user: Pick<UserRow, 'registration_token_hash'>, token: string | undefined): boolean {
  if (!token || !user.registration_token_hash) return false;
  const expected = Buffer.from(user.registration_token_hash);
  const given = Buffer.from(hashRegistrationToken(token));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Accounts the OTP endpoints serve: unconfirmed ones, and confirmed ones still without a usable password. */
export function awaitsCode(user: Pick<UserRow, 'is_verified' | 'password_hash'>): boolean {
  return !user.is_verified || !hasUsablePassword(user.password_hash);
}

/**
 * Marks the e-mail confirmed. The code proves the address, not the password: when the
 * confirmation comes without proof that this client made the sign-up (its registration
 * token, or a live sign-in of the account, which needed the password), whoever signed up may
 * have been someone else. Then every earlier sign-in ends, the sign-up's password stops
 * working and a first confirmation forgets the onboarding made before it; the owner chooses
 * a new password at once. Answers the updated account and whether a password must be chosen.
 */
export async function confirmEmail(db: Database, user: UserRow, proven: boolean): Promise<{ user: UserRow; mustSetPassword: boolean }> {
  if (proven) {
    const updated = await db
      .updateTable('users')
      .set({ is_verified: true, email_verified_at: sql`coalesce(email_verified_at, now())`, registration_token_hash: null })
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { user: updated, mustSetPassword: !hasUsablePassword(updated.password_hash) };
  }
  const updated = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('refresh_tokens')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .execute();
    if (!user.is_verified) {
      for (const table of ['supplier_industries', 'buyer_categories', 'supplier_profiles', 'buyer_profiles'] as const) {
        await trx.deleteFrom(table).where('user_id', '=', user.id).execute();
      }
    }
    const reset = user.is_verified ? {} : { user_type: null, is_first_login: true };
    return trx
      .updateTable('users')
      .set({
        ...reset,
        is_verified: true,
        email_verified_at: sql`coalesce(email_verified_at, now())`,
        registration_token_hash: null,
        password_hash: unusablePassword(),
      })
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return { user: updated, mustSetPassword: true };
}
