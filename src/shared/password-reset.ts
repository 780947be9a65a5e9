import { z } from 'zod';
import { OTP_LENGTH } from './constants';
import { SERVER_MESSAGES } from './messages';
import { NEW_PASSWORDS_DO_NOT_MATCH, OTP_INCOMPLETE, email, password } from './validation';

/** "Forgot password?" (docs/api.md#password-reset): the e-mailed code, then a new password. */

export const PASSWORD_RESET_SENT = SERVER_MESSAGES.PASSWORD_RESET_SENT;
export const PASSWORD_RESET_DONE = SERVER_MESSAGES.PASSWORD_RESET_DONE;

export const passwordResetSchema = z.strictObject({ email });

export const passwordResetConfirmSchema = z
  .strictObject({
    email,
    code: z
      .string()
      .trim()
      .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), OTP_INCOMPLETE),
    new_password1: password,
    new_password2: z.string().min(1).max(128),
  })
  .refine((v) => v.new_password1 === v.new_password2, { path: ['new_password2'], message: NEW_PASSWORDS_DO_NOT_MATCH });
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;
