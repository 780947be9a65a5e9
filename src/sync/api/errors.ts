import { t } from '@lingui/core/macro';
import { ApiError } from './client';
import { serverText } from './serverText';

export { serverText };

const unknownError = () => t`An unknown error occurred.`;

/**
 * Reading the server's DRF-shaped errors (docs/api.md#errors) into what the forms show (docs/product.md#messages), each
 * message in the active language (serverText.ts).
 */

type ErrorBody = Record<string, unknown>;

function bodyOf(err: unknown): ErrorBody | null {
  if (err instanceof ApiError && err.body && typeof err.body === 'object' && !Array.isArray(err.body)) {
    return err.body as ErrorBody;
  }
  return null;
}

function firstMessage(value: unknown): string | undefined {
  if (Array.isArray(value)) return value.length ? serverText(String(value[0])) : undefined;
  if (typeof value === 'string') return serverText(value);
  return undefined;
}

function allMessages(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((item) => serverText(String(item)));
  if (typeof value === 'string') return [serverText(value)];
  return [];
}

/**
 * Login/sign-up form errors: per-field the first item of each array, 'detail' as a general
 * alert, non_field_errors under the password; otherwise the error's own message or a generic one.
 */
export function authFormErrors(err: unknown): { fields: Record<string, string>; general?: string; password?: string } {
  const body = bodyOf(err);
  const result: { fields: Record<string, string>; general?: string; password?: string } = { fields: {} };
  if (body) {
    for (const [key, value] of Object.entries(body)) {
      const message = firstMessage(value);
      if (!message) continue;
      if (key === 'detail') result.general = message;
      else if (key === 'non_field_errors') result.password = message;
      else result.fields[key] = message;
    }
    if (result.general || result.password || Object.keys(result.fields).length) return result;
  }
  const own = err instanceof Error && err.message ? err.message : '';
  result.general = own || unknownError();
  return result;
}

/** 'Email: msg1 msg2 | Password2: ...' — each field capitalised with its messages joined. */
export function signupErrorMessage(err: unknown): string {
  const body = bodyOf(err);
  if (body) {
    const parts = Object.entries(body)
      .map(([key, value]) => [key, allMessages(value)] as const)
      .filter(([, messages]) => messages.length > 0)
      .map(([key, messages]) => `${key.charAt(0).toUpperCase()}${key.slice(1)}: ${messages.join(' ')}`);
    if (parts.length) return parts.join(' | ');
  }
  return t`An unknown error occurred during signup.`;
}

/** The server's `detail` when it gave one, else the caller's fallback text. */
export function errorDetail(err: unknown, fallback: string): string {
  const detail = bodyOf(err)?.detail;
  return typeof detail === 'string' && detail ? serverText(detail) : fallback;
}

/** The first field message of a DRF error, e.g. for a form that shows one line. */
export function firstFieldError(err: unknown): string | undefined {
  const body = bodyOf(err);
  if (!body) return undefined;
  for (const [key, value] of Object.entries(body)) {
    if (key === 'detail') continue;
    const message = firstMessage(value);
    if (message) return message;
  }
  return undefined;
}

/** Why the server refused: its detail, else its first field message, else the error's own text. */
export function serverReason(err: unknown): string {
  const detail = bodyOf(err)?.detail;
  if (typeof detail === 'string' && detail) return serverText(detail);
  return firstFieldError(err) ?? (err instanceof Error && err.message ? err.message : unknownError());
}

export { NotSignedInError } from '../session/guest';
