import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badInputSchema, detailSchema } from '@/shared/errors';

/**
 * Every API route declares its answers (docs/api.md): the success shape from src/shared/ and
 * the DRF error shapes of the statuses it can answer, so /api/docs/json describes them all.
 */

const ERRORS = {
  400: 'Bad input: a detail, or the messages of each field',
  401: 'Not signed in, or the access token is invalid or expired',
  403: 'Signed in, but not allowed to do this',
  404: 'Not found (or not yours to see)',
  413: 'The request body or a file in it is too large',
  415: 'The body is not JSON: this call takes application/json only',
  429: 'Too many requests: try again after the time given (Retry-After)',
  503: 'Not available at the moment: try again shortly',
} as const;
type ErrorStatus = keyof typeof ERRORS;
type ErrorSchemas = { [S in ErrorStatus]: S extends 400 ? typeof badInputSchema : typeof detailSchema };

/** Error bodies are made by the server (lib/errors.ts) and already in shape: they are sent as they are. */
const errorSchemas = new WeakSet<object>();
const described = Object.fromEntries(
  Object.entries(ERRORS).map(([status, text]) => {
    const schema = (status === '400' ? badInputSchema : detailSchema).describe(text);
    errorSchemas.add(schema);
    return [status, schema];
  }),
) as unknown as ErrorSchemas;

/** The error answers of a route, by status: `response: { 200: productSchema, ...failures(401, 404) }`. */
export function failures<const S extends ErrorStatus>(...statuses: S[]): Pick<ErrorSchemas, S> {
  return Object.fromEntries(statuses.map((status) => [status, described[status]])) as Pick<ErrorSchemas, S>;
}

/** 204 and 304 answers carry no body. */
export const noContent = z.null().describe('Done; no content');
export const notModified = z.null().describe('Not modified: the copy named in If-None-Match is current');

/** The OpenAPI transform, with 204 and 304 answers described as bodiless (zod's 3.0 output would give them a body). */
export const describeAnswers: typeof jsonSchemaTransform = (document) => {
  const result = jsonSchemaTransform(document);
  const response = (result.schema as { response?: Record<string, { description?: string }> } | undefined)?.response;
  for (const status of ['204', '304']) {
    if (response?.[status]) response[status] = { type: 'null', description: response[status].description } as { description?: string };
  }
  return result;
};

/**
 * Success answers are checked against their schema and sent with only the fields it names.
 * Error answers skip that: zod would drop a field literally named "__proto__", which the DRF
 * shape quotes back when a client sends one.
 */
export function answerSerializer(route: Parameters<typeof serializerCompiler>[0]) {
  if (errorSchemas.has(route.schema as object)) return (data: unknown) => JSON.stringify(data);
  return serializerCompiler(route);
}

/** A route under /api/ without a declared success answer stops the server at start-up. */
export function requireAnswerSchemas(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const statuses = Object.keys((route.schema?.response as object | undefined) ?? {});
    if (!statuses.some((status) => /^[23]/.test(status))) {
      throw new Error(`${route.method} ${route.url} declares no response schema (server/lib/responses.ts)`);
    }
  });
}
