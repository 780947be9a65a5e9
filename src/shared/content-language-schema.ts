import { z } from 'zod';
import type { LocalizedText } from './content-language';

/** The shape of a text in each language, for the API's answers (content-language.ts). */
export const localizedTextSchema: z.ZodType<LocalizedText> = z.object({ en: z.string(), fr: z.string(), tr: z.string() });
