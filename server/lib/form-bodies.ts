import type { FastifyInstance } from 'fastify';
import { parseUrlEncoded, readForm, rejectNullCharacters } from './body';

/**
 * Clients of a DRF API send JSON, urlencoded or multipart bodies alike, so every route
 * accepts all three: urlencoded is parsed here, and a multipart body sent to a route that
 * validates a body schema is read into fields before validation (routes taking files read
 * their own parts with readForm). Null characters are refused in every body and query.
 */
export function registerFormBodies(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, parseUrlEncoded(body as string));
  });
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart() && request.routeOptions.schema?.body) request.body = (await readForm(request)).fields;
    rejectNullCharacters(request.query);
    rejectNullCharacters(request.body);
  });
}
