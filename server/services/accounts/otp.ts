import type { Database } from '../../db';
import { type CodeCheck, CODE_MESSAGES, createEmailCodes } from './email-codes';
import type { Mailer } from '../mail';
import { OTP_RESEND_COOLDOWN_MS, OTP_TTL_MS } from '@/shared/constants';

/** E-mail confirmation codes at sign-up, with the rules of ./email-codes (docs/api.md#sign-up-and-the-emailed-code). */

export const OTP_MESSAGES = CODE_MESSAGES;

export type CheckResult = CodeCheck;

export function createOtpService(db: Database, secret: string, mailer: Mailer, now: () => number = Date.now) {
  const { issue, check } = createEmailCodes(db, secret, 'otp_codes', 'otp', now);

  /** Lets the user ask again at once, after a code that never reached them. */
  async function forgetSending(userId: number): Promise<void> {
    await db
      .updateTable('otp_codes')
      .set({ sent_at: new Date(now() - OTP_RESEND_COOLDOWN_MS) })
      .where('user_id', '=', userId)
      .execute();
  }

  /** The wording is ours alone: no text a user typed (a name) goes into the mail. */
  async function send(to: string, code: string): Promise<void> {
    const minutes = OTP_TTL_MS / 60000;
    await mailer.send({
      to,
      subject: `Your verification code: ${code}`,
      text: `Hello,\n\nYour verification code is ${code}.\nIt is valid for ${minutes} minutes and can be used once.\n\nIf you did not create an account, you can ignore this e-mail.\n`,
    });
  }

  return { issue, forgetSending, send, check };
}

export type OtpService = ReturnType<typeof createOtpService>;
