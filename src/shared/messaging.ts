import { z } from 'zod';
import { MAX_UPLOAD_BYTES, OFFER_STEP } from './constants';
import { offerPrice } from './currency';
// validation.ts also installs the DRF wording of zod's messages (e.g. 'Ensure this field has no more than 5000 characters.').
import { INVALID_NUMBER, TWO_DECIMALS_AT_MOST, wholeNumber } from './validation';
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

const MAX_PRICE_DIGITS = 10;

/** An offer price: a positive decimal string (or number) with at most two decimals, read back as "12.50". */
export const offerPriceField = z.unknown().transform((value, ctx) => {
  const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) {
    ctx.addIssue({ code: 'custom', message: INVALID_NUMBER });
    return z.NEVER;
  }
  if ((match[2] ?? '').length > 2) {
    ctx.addIssue({ code: 'custom', message: TWO_DECIMALS_AT_MOST });
    return z.NEVER;
  }
  if (match[1].replace(/^0+(?=\d)/, '').length > MAX_PRICE_DIGITS) {
    ctx.addIssue({ code: 'custom', message: `Ensure that there are no more than ${MAX_PRICE_DIGITS} digits before the decimal point.` });
    return z.NEVER;
  }
  const fixed = Number(text).toFixed(2);
  if (Number(fixed) <= 0) {
    ctx.addIssue({ code: 'custom', message: 'Ensure this value is greater than or equal to 0.01.' });
    return z.NEVER;
  }
  return fixed;
});

/** POST /api/conversations/{id}/messages/: text and/or image (a media URL), optional offer price, optional client_id. */
export const sendMessageSchema = z
  .strictObject({
    text: z
      .string()
      .max(MESSAGE_TEXT_MAX)
      .nullish()
      .transform((v) => v?.trim() ?? ''),
    image: z
      .string()
      .max(2000)
      .nullish()
      .transform((v) => v?.trim() || null),
    // The file's name on the sender's device, shown instead of the stored name; path parts and control characters go.
    file_name: z
      .string()
      .max(255)
      .nullish()
      .transform((v) => v?.replace(/[\p{Cc}/\\]/gu, '').trim() || null),
    // Absent, null or '' means an ordinary message, not an offer.
    price: z.preprocess((v) => (v === '' || v === null ? undefined : v), offerPriceField.optional()).transform((v) => v ?? null),
    // An offer's quantity (docs/api.md#offers-and-orders); absent: the product's minimum order.
    quantity: z.preprocess((v) => (v === '' || v === null ? undefined : v), wholeNumber(1).optional()).transform((v) => v ?? null),
    client_id: z
      .uuid()
      .nullish()
      .transform((v) => v ?? null),
  })
  .refine((m) => messageHasContent(m), { message: MESSAGE_NEEDS_CONTENT })
  .refine((m) => m.quantity === null || m.price !== null, { message: SERVER_MESSAGES.QUANTITY_ONLY_WITH_PRICE, path: ['quantity'] });

export type SendMessageInput = z.input<typeof sendMessageSchema>;
