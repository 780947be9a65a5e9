import type { z } from 'zod';
import { bannerSchema, favoriteSchema, productSchema, reviewSchema, syncAnswerSchema, type SyncAnswer } from '../../shared/catalogue';
import {
  buyerProfileSchema,
  categorySchema,
  countsSchema,
  listSchema,
  otpLoginSchema,
  pageSchema,
  publicUserSchema,
  supplierProfileSchema,
  tokenPairSchema,
  userSchema,
} from '../../shared/types';
import { conversationSchema, messageSchema, notificationSchema } from '../../shared/chat';
import { offerAnswerSchema, orderSchema } from '../../shared/deals-schema';
import {
  blockedUserSchema,
  moderationActionSchema,
  moderationReportSchema,
  reportAnswerSchema,
  verificationRequestSchema,
} from '../../shared/trust-schema';
import { rfqQuoteSchema, rfqSchema } from '../../shared/rfqs';

/**
 * Answers checked against the shared API schemas (src/shared/) at the client's edge, in
 * development and tests only: a server answer that drifted from the shapes the web app is
 * typed by fails loudly there. client.ts loads this module on demand, so zod and the schemas
 * stay out of the production bundle.
 */
export class AnswerShapeError extends Error {
  constructor(path: string, issues: z.core.$ZodIssue[]) {
    const first = issues[0];
    super(`The answer of ${path} does not match its shared schema: ${first ? `${first.path.join('.')}: ${first.message}` : 'invalid'}`);
    this.name = 'AnswerShapeError';
  }
}

/** The shared schema of each answer the client checks, by the name client.ts passes. */
const SHAPES = {
  tokenPair: tokenPairSchema,
  otpLogin: otpLoginSchema,
  user: userSchema,
  supplierProfile: supplierProfileSchema,
  buyerProfile: buyerProfileSchema,
  categories: listSchema(categorySchema),
  counts: countsSchema,
  notifications: listSchema(notificationSchema),
  sync: syncAnswerSchema,
  productPage: pageSchema(productSchema),
  product: productSchema,
  reviewPage: pageSchema(reviewSchema),
  review: reviewSchema,
  publicUser: publicUserSchema,
  banners: listSchema(bannerSchema),
  favorite: favoriteSchema,
  conversation: conversationSchema,
  messagePage: pageSchema(messageSchema),
  message: messageSchema,
  offerAnswer: offerAnswerSchema,
  order: orderSchema,
  report: reportAnswerSchema,
  blockedPage: pageSchema(blockedUserSchema),
  verificationRequests: listSchema(verificationRequestSchema),
  moderationReportPage: pageSchema(moderationReportSchema),
  moderationReport: moderationReportSchema,
  verificationPage: pageSchema(verificationRequestSchema),
  verificationRequest: verificationRequestSchema,
  moderationActionPage: pageSchema(moderationActionSchema),
  rfq: rfqSchema,
  rfqQuote: rfqQuoteSchema,
} satisfies Record<string, z.ZodType>;

export type AnswerShape = keyof typeof SHAPES;

/** The item schema of each sync collection (docs/api.md#delta-sync: the shape of the resource's own GET). */
const SYNC_ITEMS: Record<string, z.ZodType> = {
  products: productSchema,
  categories: categorySchema,
  banners: bannerSchema,
  favorites: favoriteSchema,
  reviews: reviewSchema,
  conversations: conversationSchema,
  messages: messageSchema,
  notifications: notificationSchema,
  orders: orderSchema,
  rfqs: rfqSchema,
  rfq_quotes: rfqQuoteSchema,
};

function checkAnswer(path: string, schema: z.ZodType, data: unknown): void {
  const result = schema.safeParse(data);
  if (!result.success) throw new AnswerShapeError(path, result.error.issues);
}

/** Throws when `data` does not fit the named shape (a sync answer's items too); the data is never changed. */
export function checkShape(path: string, shape: AnswerShape, data: unknown): void {
  checkAnswer(path, SHAPES[shape], data);
  if (shape !== 'sync') return;
  for (const [name, { upserted }] of Object.entries((data as SyncAnswer).changes)) {
    const schema = SYNC_ITEMS[name];
    if (schema) for (const item of upserted) checkAnswer(`sync/ (${name})`, schema, item);
  }
}
