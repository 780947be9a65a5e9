import { z } from 'zod';

/**
 * The API's error answers, in Django REST Framework's shape (docs/api.md): {"detail": "..."}
 * for a general error, {"field": ["..."]} for field errors ("non_field_errors" for the whole
 * input). The server declares them per route, so the OpenAPI document lists every answer.
 */
export const detailSchema = z.object({ detail: z.string() });
export type Detail = z.infer<typeof detailSchema>;

export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));

/** A 400: a general detail, or the messages of each field. */
export const badInputSchema = z.union([detailSchema, fieldErrorsSchema]);
