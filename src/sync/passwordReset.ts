import { request } from './api';
import type { PasswordResetConfirm } from '../shared/password-reset';

/** "Forgot password?" (docs/api.md#password-reset): online-only forms, through the one API client. */

/** Mails a code when the address has an account; the answer never says whether it has. */
export async function requestPasswordReset(email: string): Promise<void> {
  await request<{ detail: string }>('auth/password/reset/', { method: 'POST', body: { email }, anonymous: true });
}

/** Sets the new password with the code; every sign-in of the account ends (the caller signs in again). */
export async function confirmPasswordReset(input: PasswordResetConfirm): Promise<void> {
  await request<{ detail: string }>('auth/password/reset/confirm/', { method: 'POST', body: input, anonymous: true });
}
