import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../db';
import type { Mailer } from './mail';
import { hashPassword } from './passwords';
import type { RateRule } from './rate-limit';
import { OTP_LENGTH, OTP_MAX_FAILED_ATTEMPTS, OTP_RESEND_COOLDOWN_MS, OTP_TTL_MS } from '@/shared/constants';

/**
 * Password reset by e-mailed code (docs/api.md#password-reset), with the rules of the sign-up
 * code: 6 digits, valid 10 minutes, single use, stored as an HMAC keyed with the server secret,
 * 5 wrong tries burn it, a new one at most once a minute. Its own table: a reset never uses up
 * or replaces a sign-up code. A new password ends every sign-in of the account.
 */

export const RESET_CODE_MESSAGES = {
  incorrect: 'The code is incorrect.',
  expired: 'The code has expired. Request a new one.',
  burned: 'Too many wrong attempts. Request a new code.',
};
export type ResetCheck = 'ok' | keyof typeof RESET_CODE_MESSAGES;

/** Reset codes one address may ask for in a day. */
export const RESET_REQUESTS_PER_DAY = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

export const resetRequestRules = (email: string): RateRule[] => [
  { key: `password-reset:${email.toLowerCase()}`, max: RESET_REQUESTS_PER_DAY, windowMs: DAY_MS },
];
/** The once-a-minute rule for addresses without an account, so they answer in the same rhythm. */
export const resetCooldownRules = (email: string): RateRule[] => [
  { key: `password-reset-cooldown:${email.toLowerCase()}`, max: 1, windowMs: OTP_RESEND_COOLDOWN_MS },
];

export function createPasswordResetService(db: Database, secret: string, mailer: Mailer, now: () => number = Date.now) {
  const hash = (userId: number, code: string) =>
    createHmac('sha256', secret).update(`password-reset:${userId}:${code}`).digest('base64url');

  /** A fresh code, unless one was sent less than a minute ago (checked in the writing statement): then the wait. */
  async function issue(userId: number): Promise<{ code: string } | { waitMs: number }> {
    const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
    const at = new Date(now());
    const row = {
      user_id: userId,
      code_hash: hash(userId, code),
      expires_at: new Date(at.getTime() + OTP_TTL_MS),
      failed_attempts: 0,
      sent_at: at,
    };
    const written = await db
      .insertInto('password_reset_codes')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet(row)
          .where('password_reset_codes.sent_at', '<=', new Date(at.getTime() - OTP_RESEND_COOLDOWN_MS)),
      )
      .returning('user_id')
      .executeTakeFirst();
    if (written) return { code };
    const current = await db.selectFrom('password_reset_codes').select('sent_at').where('user_id', '=', userId).executeTakeFirstOrThrow();
    return { waitMs: Math.max(current.sent_at.getTime() + OTP_RESEND_COOLDOWN_MS - at.getTime(), 1000) };
  }

  /** After a mail that could not leave: the user may ask again at once. */
  async function forgetSending(userId: number): Promise<void> {
    await db.deleteFrom('password_reset_codes').where('user_id', '=', userId).execute();
  }

  async function send(to: string, code: string): Promise<void> {
    const minutes = OTP_TTL_MS / 60000;
    await mailer.send({
      to,
      subject: `Your password reset code: ${code}`,
      text:
        `Hello,\n\nYour code to reset your password is ${code}.\nIt is valid for ${minutes} minutes and can be used once.\n\n` +
        'If you did not ask to reset your password, you can ignore this e-mail: your password stays as it is.\n',
    });
  }

  /** A right code is used up; a wrong one counts (before comparing, so parallel guesses cannot share a try). */
  async function check(userId: number, code: string): Promise<ResetCheck> {
    const at = new Date(now());
    const row = await db
      .updateTable('password_reset_codes')
      .set({ failed_attempts: sql`failed_attempts + 1` })
      .where('user_id', '=', userId)
      .where('failed_attempts', '<', OTP_MAX_FAILED_ATTEMPTS)
      .where('expires_at', '>', at)
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      const current = await db.selectFrom('password_reset_codes').select('expires_at').where('user_id', '=', userId).executeTakeFirst();
      return !current || current.expires_at.getTime() <= at.getTime() ? 'expired' : 'burned';
    }
    const expected = Buffer.from(row.code_hash);
    const given = Buffer.from(hash(userId, code));
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'incorrect';
    const used = await db
      .deleteFrom('password_reset_codes')
      .where('user_id', '=', userId)
      .where('code_hash', '=', row.code_hash)
      .returning('user_id')
      .executeTakeFirst();
    return used ? 'ok' : 'expired';
  }

  /** The new password, and every sign-in of the account ends (refresh tokens revoked, their access tokens with them). */
  async function setPassword(userId: number, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
      await trx
        .updateTable('refresh_tokens')
        .set({ revoked_at: new Date(now()) })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    });
  }

  return { issue, forgetSending, send, check, setPassword };
}
