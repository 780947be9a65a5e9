import type { Database } from '../../db';
import { type CodeCheck, CODE_MESSAGES, createEmailCodes } from './email-codes';
import type { Mailer } from '../mail';
import { hashPassword } from './passwords';
import { otpSendAddressRules, type RateRule } from '../rate-limit';
import { OTP_RESEND_COOLDOWN_MS, OTP_TTL_MS } from '@/shared/constants';

/**
 * Password reset by e-mailed code (docs/api.md#password-reset), with the sign-up code's rules
 * (./email-codes). Its own table: a reset never uses up or replaces a sign-up code. A new
 * password ends every sign-in of the account.
 */

export const RESET_CODE_MESSAGES = CODE_MESSAGES;
export type ResetCheck = CodeCheck;

/** Reset codes one address may ask for in a day. */
export const RESET_REQUESTS_PER_DAY = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

export const resetRequestRules = (email: string): RateRule[] => [
  { key: `password-reset:${email.toLowerCase()}`, max: RESET_REQUESTS_PER_DAY, windowMs: DAY_MS },
];
/** Reset codes one client (network address) may ask for in a day, whatever e-mail addresses it names. */
export const RESET_REQUESTS_PER_CLIENT_PER_DAY = 20;
/** A client's requests: as many a minute as sign-up codes (./rate-limit), and a day's cap, so no one client mails every account. */
export const resetClientRules = (ip: string): RateRule[] => [
  ...otpSendAddressRules(ip),
  { key: `password-reset-client:${ip}`, max: RESET_REQUESTS_PER_CLIENT_PER_DAY, windowMs: DAY_MS },
];
/** The once-a-minute rule for addresses without an account, so they answer in the same rhythm. */
export const resetCooldownRules = (email: string): RateRule[] => [
  { key: `password-reset-cooldown:${email.toLowerCase()}`, max: 1, windowMs: OTP_RESEND_COOLDOWN_MS },
];

export function createPasswordResetService(db: Database, secret: string, mailer: Mailer, now: () => number = Date.now) {
  const { issue: issueCode, check } = createEmailCodes(db, secret, 'password_reset_codes', 'password-reset', now);

  /** A fresh code, unless one was sent less than a minute ago: then the wait. */
  const issue = (userId: number) => issueCode(userId);

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
