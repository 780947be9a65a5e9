import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../db';
import { OTP_LENGTH, OTP_MAX_FAILED_ATTEMPTS, OTP_RESEND_COOLDOWN_MS, OTP_TTL_MS } from '@/shared/constants';
import { SERVER_MESSAGES } from '@/shared/messages';

/**
 * The e-mailed code's rules, shared by sign-up and password reset (docs/api.md#sign-up-and-the-emailed-code):
 * 6 digits, valid 10 minutes, single use, stored as an HMAC keyed with the server secret (a
 * leaked table reveals no code), 5 wrong tries burn the code, a new one at most once a minute.
 * One row per user in the purpose's own table: a new code replaces the old.
 */

export const CODE_MESSAGES = {
  incorrect: SERVER_MESSAGES.OTP_INCORRECT,
  expired: SERVER_MESSAGES.OTP_EXPIRED,
  burned: SERVER_MESSAGES.OTP_BURNED,
};

export type CodeCheck = 'ok' | keyof typeof CODE_MESSAGES;

export type CodeTable = 'otp_codes' | 'password_reset_codes';

/** `purpose` goes into the HMAC, so a code of one table never matches in the other. */
export function createEmailCodes(db: Database, secret: string, table: CodeTable, purpose: string, now: () => number) {
  const hash = (userId: number, code: string) => createHmac('sha256', secret).update(`${purpose}:${userId}:${code}`).digest('base64url');

  /**
   * A fresh code for the user, unless one was sent less than `cooldownMs` ago: then the
   * milliseconds left to wait. The cooldown is checked in the same statement that writes,
   * so two requests at once cannot both send.
   */
  async function issue(userId: number, cooldownMs: number = OTP_RESEND_COOLDOWN_MS): Promise<{ code: string } | { waitMs: number }> {
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
      .insertInto(table)
      .values(row)
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet(row)
          .where(sql.ref(`${table}.sent_at`), '<=', new Date(at.getTime() - cooldownMs)),
      )
      .returning('user_id')
      .executeTakeFirst();
    if (written) return { code };
    const current = await db.selectFrom(table).select('sent_at').where('user_id', '=', userId).executeTakeFirstOrThrow();
    return { waitMs: Math.max(current.sent_at.getTime() + cooldownMs - at.getTime(), 1000) };
  }

  /**
   * Checks a code. A right code is used up; a wrong one counts towards burning the code. The
   * try is counted before comparing, in the statement that also checks the count, so parallel
   * guesses cannot share a try; a right code's row is deleted, taking its count with it.
   */
  async function check(userId: number, code: string): Promise<CodeCheck> {
    const at = new Date(now());
    const row = await db
      .updateTable(table)
      .set({ failed_attempts: sql`failed_attempts + 1` })
      .where('user_id', '=', userId)
      .where('failed_attempts', '<', OTP_MAX_FAILED_ATTEMPTS)
      .where('expires_at', '>', at)
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      const current = await db.selectFrom(table).select('expires_at').where('user_id', '=', userId).executeTakeFirst();
      return !current || current.expires_at.getTime() <= at.getTime() ? 'expired' : 'burned';
    }
    const expected = Buffer.from(row.code_hash);
    const given = Buffer.from(hash(userId, code));
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'incorrect';
    const used = await db
      .deleteFrom(table)
      .where('user_id', '=', userId)
      .where('code_hash', '=', row.code_hash)
      .returning('user_id')
      .executeTakeFirst();
    return used ? 'ok' : 'expired';
  }

  return { issue, check };
}
