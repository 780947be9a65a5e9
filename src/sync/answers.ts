import type { z } from 'zod';
import { bannerSchema, favoriteSchema, productSchema, reviewSchema, type SyncAnswer } from '../shared/catalogue';
import { categorySchema } from '../shared/types';
import { conversationSchema, messageSchema, notificationSchema } from '../shared/chat';

/**
 * Answers checked against the shared API schemas (src/shared/) at the client's edge, in
 * development and tests only: a server answer that drifted from the shapes the web app is
 * typed by fails loudly there, and costs nothing in production.
 */
export const CHECK_ANSWERS = Boolean(import.meta.env?.DEV) || import.meta.env?.MODE === 'test';

export class AnswerShapeError extends Error {
  constructor(path: string, issues: z.core.$ZodIssue[]) {
    const first = issues[0];
    super(`The answer of ${path} does not match its shared schema: ${first ? `${first.path.join('.')}: ${first.message}` : 'invalid'}`);
    this.name = 'AnswerShapeError';
  }
}

/** Throws when `data` does not fit `schema`; the data itself is returned untouched (never stripped). */
export function checkAnswer<T>(path: string, schema: z.ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data);
  if (!result.success) throw new AnswerShapeError(path, result.error.issues);
  return data as T;
}

/** The item schema of each sync collection (DESIGN §5: the shape of the resource's own GET). */
const SYNC_ITEMS: Record<string, z.ZodType> = {
  products: productSchema,
  categories: categorySchema,
  banners: bannerSchema,
  favorites: favoriteSchema,
  reviews: reviewSchema,
  conversations: conversationSchema,
  messages: messageSchema,
  notifications: notificationSchema,
};

export function checkSyncItems(answer: SyncAnswer): void {
  for (const [name, { upserted }] of Object.entries(answer.changes)) {
    const schema = SYNC_ITEMS[name];
    if (!schema) continue;
    for (const item of upserted) checkAnswer(`sync/ (${name})`, schema, item);
  }
}
