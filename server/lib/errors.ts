import type { FieldErrors } from '@/shared/validation';
import { SERVER_MESSAGES } from '@/shared/messages';

/**
 * Errors in Django REST Framework's shape (docs/api.md#errors), because the web app's messages
 * (docs/product.md#messages) are read from it: {"detail": "..."} for a general error, {"field": ["..."]}
 * for field errors, {"non_field_errors": ["..."]} for errors of the whole input.
 */
export type { FieldErrors };
export type ErrorBody = { detail: string } | FieldErrors;

export class ApiError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly body: ErrorBody,
  ) {
    super('detail' in body && typeof body.detail === 'string' ? body.detail : JSON.stringify(body));
  }
}

export const badRequest = (body: string | FieldErrors) => new ApiError(400, typeof body === 'string' ? { detail: body } : body);

/** One field with one message: the most common validation failure. */
export const fieldError = (field: string, message: string) => new ApiError(400, { [field]: [message] });

export const NOT_AUTHENTICATED = SERVER_MESSAGES.NOT_AUTHENTICATED;
export const PERMISSION_DENIED = SERVER_MESSAGES.PERMISSION_DENIED;
export const BODY_TOO_LARGE = 'The request body is too large.';
export const NOT_JSON = 'JSON parse error - the request body is not valid JSON.';

export const notAuthenticated = (detail = NOT_AUTHENTICATED) => new ApiError(401, { detail });

export const forbidden = (detail = PERMISSION_DENIED) => new ApiError(403, { detail });

export const notFound = (detail = SERVER_MESSAGES.NOT_FOUND) => new ApiError(404, { detail });

export const tooLarge = (detail: string) => new ApiError(413, { detail });

export const tooManyRequests = (detail: string) => new ApiError(429, { detail });
