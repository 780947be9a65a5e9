import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { jsonDepthExceeds, parseUrlEncoded, rejectNullCharacters, TOO_DEEP } from './body';
import { badRequest, NOT_JSON } from './errors';

const FORBIDDEN_KEY = 'JSON parse error - the keys "__proto__" and "constructor.prototype" are not allowed.';

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Clients of a DRF API send JSON, urlencoded or multipart bodies alike, so every route
 * accepts all three: urlencoded is parsed here, and a multipart body sent to a route that
 * validates a body schema is read into fields before validation (routes taking files read
 * their own parts with readForm). Null characters are refused in every body and query.
 * JSON is checked for depth before it is parsed, so nothing after it walks a deep tree.
 * `readForm` is the media domain's form reader, passed in by app.ts so that
 * lib/ imports no service; called without file rules, it stores no file.
 */
export function registerFormBodies(
  app: FastifyInstance,
  readForm: (request: FastifyRequest) => Promise<{ fields: Record<string, unknown> }>,
) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepthExceeds(body as string)) return done(badRequest(TOO_DEEP), undefined);
    parseJson(request, body as string, (failure, value) => {
      if (!failure) return done(null, value);
      const error = failure as FastifyError;
      if (error.statusCode !== 400 || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return done(error, undefined);
      // Valid JSON refused all the same: it carries a prototype-poisoning key.
      return done(badRequest(isJson(body as string) ? FORBIDDEN_KEY : NOT_JSON), undefined);
    });
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseUrlEncoded(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  const rejectNulls = (request: FastifyRequest) => {
    rejectNullCharacters(request.query);
    rejectNullCharacters(request.body);
  };
  // Synchronous but for the multipart read: an async hook would cost every request a promise.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.isMultipart() && request.routeOptions.schema?.body) {
      readForm(request)
        .then((form) => {
          request.body = form.fields;
          rejectNulls(request);
        })
        .then(() => done(), done);
      return;
    }
    try {
      rejectNulls(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}
