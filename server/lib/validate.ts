import type { z } from 'zod';
import { toFieldErrors } from '../../src/shared/validation';
import { badRequest } from './errors';

/** Input checked by a zod schema, or a 400 with DRF field errors: for bodies read with readForm. */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw badRequest(toFieldErrors(result.error.issues));
  return result.data;
}
