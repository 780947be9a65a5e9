import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { toFieldErrors } from '../../src/shared/validation';
import { FILE_TOO_LARGE } from '../../src/shared/messaging';
import { ApiError } from './errors';

/**
 * Every error leaves in the DRF shape of DESIGN §5. Bad input is always a 4xx with a
 * reason; only a fault of ours is a 500, and its details stay in the log.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) return reply.status(error.statusCode).send(error.body);

    if (hasZodFastifySchemaValidationErrors(error)) {
      // A malformed id in the path names nothing that exists.
      if (error.validationContext === 'params') return reply.status(404).send({ detail: 'Not found.' });
      const issues = error.validation.map((v) => ({
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? 'Invalid value.',
        code: v.keyword,
        keys: (v.params as { keys?: string[] }).keys,
      }));
      return reply.status(400).send(toFieldErrors(issues));
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const detail = CLIENT_ERROR_DETAILS[error.code] ?? error.message;
      return reply.status(status).send({ detail });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ detail: 'A server error occurred.' });
  });

  app.setNotFoundHandler((request, reply) => reply.status(404).send({ detail: 'Not found.' }));
}

const CLIENT_ERROR_DETAILS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'JSON parse error - the request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'JSON parse error - the request body is empty.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported media type in request.',
  FST_REQ_FILE_TOO_LARGE: FILE_TOO_LARGE,
  FST_FILES_LIMIT: 'Too many files in one request.',
  FST_PARTS_LIMIT: 'Too many parts in one request.',
  FST_FIELDS_LIMIT: 'Too many fields in one request.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'The request is not multipart.',
  FST_ERR_VALIDATION: 'Invalid request.',
};
