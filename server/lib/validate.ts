import type { z } from 'zod';
import { toFieldErrors, type FieldErrors } from '@/shared/validation';
import { badRequest } from './errors';

/** Input checked by a zod schema, or a 400 with DRF field errors: for bodies read with readForm. */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = checkInput(schema, data);
  if (result.errors) throw badRequest(result.errors);
  return result.data;
}

/** Like parseInput, but the field errors come back, to be answered together with the checks that follow. */
export function checkInput<S extends z.ZodType>(
  schema: S,
  data: unknown,
): { data: z.output<S>; errors?: undefined } | { data?: undefined; errors: FieldErrors } {
  const result = schema.safeParse(data);
  return result.success ? { data: result.data } : { errors: toFieldErrors(result.error.issues) };
}
