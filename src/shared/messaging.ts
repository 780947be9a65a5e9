import { MAX_UPLOAD_BYTES, OFFER_STEP } from './constants';
import { offerPrice } from './currency';
import { SERVER_MESSAGES } from './messages';

/**
 * Chat rules of docs/product.md#chat-rules, used by the API server (which enforces them) and the web
 * app (which shows them before sending).
 */

/** One file per message, at most 50 MB (docs/product.md#chat-rules). */
export const CHAT_FILE_MAX_BYTES = MAX_UPLOAD_BYTES;

/** File formats a chat message may carry, as the media store names them (read from content). */
export const CHAT_FILE_FORMATS = ['jpg', 'png', 'gif', 'webp', 'mp4', 'webm', 'mov', 'ogg', 'pdf'] as const;

/** The same formats as MIME types, for the file picker's `accept` and a first check on the device. */
export const CHAT_FILE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'video/ogg',
  'application/pdf',
] as const;

/** Longest message text we store: a long enquiry fits, a pasted book does not. */
export const MESSAGE_TEXT_MAX = 5000;

export const MESSAGE_NEEDS_CONTENT = SERVER_MESSAGES.MESSAGE_NEEDS_CONTENT;
export const FILE_TOO_LARGE = SERVER_MESSAGES.FILE_TOO_LARGE;
export const CANNOT_MESSAGE_SELF = SERVER_MESSAGES.CANNOT_MESSAGE_SELF;
export const CANNOT_MESSAGE_OWN_PRODUCT = SERVER_MESSAGES.CANNOT_MESSAGE_OWN_PRODUCT;
export const ONLY_BUYER_OFFERS = SERVER_MESSAGES.ONLY_BUYER_OFFERS;
export const OFFER_NEEDS_PRODUCT = SERVER_MESSAGES.OFFER_NEEDS_PRODUCT;

/**
 * Message rates: well above a person typing (or a device sending what it queued offline, which
 * retries on 429), well below a script. Offers count as messages.
 */
export const MESSAGES_PER_CONVERSATION_PER_MINUTE = 60;
export const MESSAGES_PER_USER_PER_MINUTE = 120;
export const MESSAGES_PER_USER_PER_HOUR = 1000;
export const SENDING_TOO_FAST = (seconds: number) =>
  `You are sending messages too fast. Please wait ${seconds} second${seconds === 1 ? '' : 's'}.`;

/** Chat rules (docs/product.md#chat-rules): a message is sent only with non-blank text or an attached file; an offer's price counts too. */
export function messageHasContent(m: { text?: string | null; image?: string | null; price?: string | null }): boolean {
  return Boolean(m.text?.trim()) || Boolean(m.image?.trim()) || Boolean(m.price);
}

/** The two one-click offers of docs/product.md#chat-rules: the product price 10% lower and 10% higher, two decimals. */
export function offerPrices(productPrice: string | number): { lower: string; higher: string } {
  return { lower: offerPrice(productPrice, -OFFER_STEP), higher: offerPrice(productPrice, OFFER_STEP) };
}

/** How a message's attachment is shown, by the extension of its URL (docs/product.md#chat-rules). */
export function attachmentKind(url: string): 'image' | 'video' | 'file' {
  const ext = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(url)?.[1]?.toLowerCase() ?? '';
  if (['jpeg', 'jpg', 'gif', 'png', 'webp', 'bmp', 'tiff', 'svg'].includes(ext)) return 'image';
  if (['mp4', 'webm', 'ogg', 'mov', 'avi'].includes(ext)) return 'video';
  return 'file';
}
