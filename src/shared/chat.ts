import type { UserSummary } from './types';

/** The API's chat and bell shapes (spec §3, DESIGN §5), as the server answers and the web app reads them. */

export interface ConversationProduct { id: number; name: string; price: string; thumbnail_url: string | null }

export interface LastMessage { text: string; price: string | null; image_url: string | null; timestamp: string; sender: { id: number } }

export interface Conversation {
  id: number;
  participants: UserSummary[];
  /** Null when the conversation has no product, or its product was deleted ('product unavailable'). */
  product: ConversationProduct | null;
  last_message_timestamp: string | null;
  created_at: string;
  unread_messages_count: number;
  last_message: LastMessage | null;
}

export interface Message {
  id: number;
  conversation: number;
  sender: { id: number };
  text: string;
  image_url: string | null;
  /** Set when the message is a price offer (a decimal string in USD). */
  price: string | null;
  timestamp: string;
  client_id: string | null;
}

export type NotificationKind = 'new_message' | 'new_offer' | 'new_review' | 'new_favorite';

export interface Notification {
  id: number;
  /** English wording, for clients that do not word `kind` + `params` themselves. */
  message: string;
  link: string | null;
  is_read: boolean;
  created_at: string;
  kind: NotificationKind;
  params: Record<string, string | number>;
}
