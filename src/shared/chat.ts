import { z } from 'zod';
import { userSummarySchema } from './types';
import { OFFER_EVENTS, OFFER_STATES } from './deals';

/** The API's chat and bell shapes (docs/api.md#calls), as the server answers and the web app reads them. */

export const conversationProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  price: z.string(),
  thumbnail_url: z.string().nullable(),
});
export type ConversationProduct = z.infer<typeof conversationProductSchema>;

export const lastMessageSchema = z.object({
  text: z.string(),
  price: z.string().nullable(),
  image_url: z.string().nullable(),
  timestamp: z.string(),
  sender: z.object({ id: z.number() }),
});
export type LastMessage = z.infer<typeof lastMessageSchema>;

export const conversationSchema = z.object({
  id: z.number(),
  participants: z.array(userSummarySchema),
  /** Null when the conversation has no product, or its product was deleted ('product unavailable'). */
  product: conversationProductSchema.nullable(),
  last_message_timestamp: z.string().nullable(),
  created_at: z.string(),
  unread_messages_count: z.number(),
  last_message: lastMessageSchema.nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const messageSchema = z.object({
  id: z.number(),
  conversation: z.number(),
  sender: z.object({ id: z.number() }),
  text: z.string(),
  image_url: z.string().nullable(),
  /** The attached file's name on the sender's device; null when unknown (docs/api.md). */
  file_name: z.string().nullable().optional(),
  /** The attached file's size in bytes; null when unknown (an older message). */
  file_size: z.number().nullable().optional(),
  /** Set when the message is a price offer (a decimal string in USD). */
  price: z.string().nullable(),
  timestamp: z.string(),
  client_id: z.string().nullable(),
  /** An offer's quantity (null: the product's minimum order), state and end (docs/api.md#offers-and-orders). */
  quantity: z.number().nullable().optional(),
  offer_state: z
    .enum([...OFFER_STATES, 'expired'])
    .nullable()
    .optional(),
  expires_at: z.string().nullable().optional(),
  /** An answer: the offer it answers, and what it did to it (a counter is also an offer of its own). */
  reply_to: z.number().nullable().optional(),
  event: z.enum(OFFER_EVENTS).nullable().optional(),
  /** Only on a message a moderator hid: its text and file are gone for both sides (docs/api.md#trust-and-safety). */
  is_hidden: z.boolean().optional(),
});
export type Message = z.infer<typeof messageSchema>;

export const NOTIFICATION_KINDS = [
  'new_message',
  'new_offer',
  'new_review',
  'new_favorite',
  'offer_accepted',
  'offer_declined',
  'offer_countered',
  'offer_withdrawn',
  'order_requested',
  'order_confirmed',
  'order_declined',
  'order_shipped',
  'order_delivered',
  'order_cancelled',
  'rfq_new',
  'rfq_quote',
  // Trust and safety (docs/api.md#trust-and-safety).
  'report_resolved',
  'verification_approved',
  'verification_rejected',
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

export const notificationSchema = z.object({
  id: z.number(),
  /** English wording, for clients that do not word `kind` + `params` themselves. */
  message: z.string(),
  link: z.string().nullable(),
  is_read: z.boolean(),
  created_at: z.string(),
  kind: notificationKindSchema,
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type Notification = z.infer<typeof notificationSchema>;
