import { z } from 'zod';

/**
 * A record id in a URL path: decimal digits only ("0x10" or "1e3" name nothing), within the
 * database's integer range. Anything else fails validation, which answers 404 (lib/error-handler.ts).
 */
export const pathId = z.string().regex(/^\d{1,10}$/).transform(Number).pipe(z.number().int().min(1).max(2_147_483_647));

export const idParams = z.object({ id: pathId });
