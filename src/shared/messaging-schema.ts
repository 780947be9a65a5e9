import { z } from 'zod';
// validation.ts also installs the DRF wording of zod's messages (e.g. 'Ensure this field has no more than 5000 characters.').
import { INVALID_NUMBER, TWO_DECIMALS_AT_MOST, wholeNumber } from './validation';
import { MESSAGE_NEEDS_CONTENT, MESSAGE_TEXT_MAX, messageHasContent } from './messaging';
import { SERVER_MESSAGES } from './messages';

/**
 * The API's input for a chat message and an offer's price (docs/product.md#chat-rules). Apart from
 * messaging.ts's rules so that the device's start-up, which needs only those, does not evaluate zod.
 */

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
