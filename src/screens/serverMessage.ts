import { ApiError, errorDetail, firstFieldError } from '../queries/errors';

/** True when the request never reached the server (offline, DNS, dropped connection). */
export function isOffline(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status === 0;
}

/**
 * Why a form failed, in the server's words (its detail, else its first field message), or
 * the connection problem when the server was out of reach; '' when there is nothing to add.
 * Shown beside a form's own failure message, never instead of it.
 */
export function failureReason(err: unknown): string {
  if (isOffline(err)) return err.message;
  return errorDetail(err, '') || firstFieldError(err) || '';
}

/** docs/product.md#messages "server error, else <fallback>": what the server said, or the form's own message. */
export function serverMessage(err: unknown, fallback: string): string {
  return (isOffline(err) ? '' : failureReason(err)) || fallback;
}
