import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { toFieldErrors } from '@/shared/validation';
import { FILE_TOO_LARGE } from '@/shared/messaging';
import { SERVER_MESSAGES } from '@/shared/messages';
import { TOO_MANY_FIELDS } from './body';
import { ApiError, BODY_TOO_LARGE, NOT_AUTHENTICATED, NOT_JSON, PERMISSION_DENIED, type ErrorBody } from './errors';

/**
 * Every error leaves in the DRF shape of docs/api.md#errors. Bad input is always a 4xx with a
 * reason; only a fault of ours is a 500, and its details stay in the log.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      // A busy server says when to come back.
      if (error.statusCode === 503 && !reply.hasHeader('retry-after')) reply.header('Retry-After', '2');
      return reply.status(error.statusCode).send(bounded(error.body));
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      // A malformed id in the path names nothing that exists.
      if (error.validationContext === 'params') return reply.status(404).send({ detail: SERVER_MESSAGES.NOT_FOUND });
      const issues = error.validation.map((v) => ({
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? 'Invalid value.',
        code: v.keyword,
        keys: (v.params as { keys?: string[] }).keys,
      }));
      return reply.status(400).send(bounded(toFieldErrors(issues)));
    }

    const status = error.statusCode ?? 500;
    // A body the server cannot read is bad input, whatever its type (docs/api.md#errors: 400).
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      const type = (request.headers['content-type'] ?? '').slice(0, 100);
      return reply.status(400).send({ detail: `Unsupported media type "${type}" in request.` });
    }
    if (status >= 400 && status < 500) {
      // Only our own wording: a library's message may name its internals.
      const detail = Object.hasOwn(CLIENT_ERROR_DETAILS, error.code)
        ? CLIENT_ERROR_DETAILS[error.code]
        : (GENERIC_DETAILS[status] ?? 'Invalid request.');
      return reply.status(status).send({ detail });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ detail: 'A server error occurred.' });
  });

  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ detail: SERVER_MESSAGES.NOT_FOUND }));
}

/** Error answers stay small whatever the request held (field names and values are quoted back). */
const MAX_ERROR_BYTES = 8192;
function bounded(body: ErrorBody): ErrorBody {
  return JSON.stringify(body).length <= MAX_ERROR_BYTES ? body : { detail: 'Invalid request.' };
}

const GENERIC_DETAILS: Record<number, string> = {
  401: NOT_AUTHENTICATED,
  403: PERMISSION_DENIED,
  404: SERVER_MESSAGES.NOT_FOUND,
  405: 'Method not allowed.',
  413: BODY_TOO_LARGE,
  429: 'Request was throttled.',
};

const CLIENT_ERROR_DETAILS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: NOT_JSON,
  FST_ERR_CTP_EMPTY_JSON_BODY: 'JSON parse error - the request body is empty.',
  FST_ERR_CTP_BODY_TOO_LARGE: BODY_TOO_LARGE,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported media type in request.',
  FST_REQ_FILE_TOO_LARGE: FILE_TOO_LARGE,
  FST_FILES_LIMIT: 'Too many files in one request.',
  FST_PARTS_LIMIT: 'Too many parts in one request.',
  FST_FIELDS_LIMIT: TOO_MANY_FIELDS,
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'The request is not multipart.',
  FST_ERR_VALIDATION: 'Invalid request.',
};
