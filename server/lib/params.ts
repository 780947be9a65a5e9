import { z } from 'zod';
import { recordId } from '@/shared/validation';

/**
 * A record id in a URL path, read by the one id parser (src/shared/validation.ts): "0x10" or
 * "1e3" name nothing. Anything else fails validation, which answers 404 (lib/error-handler.ts).
 */
export const pathId = z.string().transform((text, ctx) => {
  const parsed = recordId.safeParse(text);
  if (parsed.success) return parsed.data;
  ctx.addIssue({ code: 'custom', message: 'Not a record id.' });
  return z.NEVER;
});

export const idParams = z.object({ id: pathId });
