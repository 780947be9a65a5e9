import { ApiError } from '../sync/api';
import { errorDetail, firstFieldError } from '../sync/errors';

/**
 * One line for a form that failed on the server (spec §8): the server's detail, else its
 * first field message, else the form's own fallback. When the server could not be reached,
 * the connection message says so instead of blaming the user's input.
 */
export function serverMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status === 0) return err.message;
  return errorDetail(err, '') || firstFieldError(err) || fallback;
}

/** True when the request never reached the server (offline, DNS, dropped connection). */
export function isOffline(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status === 0;
}
