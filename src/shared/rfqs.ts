import { z } from 'zod';
import { SERVER_MESSAGES } from './messages';
import { price } from './catalogue';
import { blankToUndefined, formValue, referenceId, requiredText, wholeNumber } from './validation';

/**
 * Requests for quotation (docs/api.md#requests-for-quotation): a buyer asks once, the suppliers
 * of the category answer with quotes, each an offer in a conversation. The rules and shapes
 * both sides read: the server enforces them, the web app shows and checks them before sending.
 */

export const RFQ_TITLE_MAX = 120;
export const RFQ_DESCRIPTION_MAX = 2000;
export const RFQ_NOTE_MAX = 1000;
/** A deadline is at least a day and at most 60 days ahead when the request is posted. */
export const RFQ_DEADLINE_MIN_DAYS = 1;
export const RFQ_DEADLINE_MAX_DAYS = 60;
/** The tenth quote closes a request (as on the big wholesale marketplaces). */
export const RFQ_MAX_QUOTES = 10;
/** Longest lead time a quote may promise. */
export const RFQ_LEAD_TIME_MAX_DAYS = 365;
/** Pictures a request may show (a sample, a drawing, the label wanted). */
export const RFQ_PICTURES_MAX = 5;
/** Formats a request's picture may have: images only. */
export const RFQ_PICTURE_FORMATS = ['jpg', 'png', 'gif', 'webp'] as const;

const DAY_MS = 24 * 60 * 60 * 1000;
/** A deadline sent as "in one day" reaches the server a little later: this much slack either side. */
const DEADLINE_GRACE_MS = 5 * 60 * 1000;

/**
 * Why a request is closed: `quotes` (its tenth), `deadline` (passed; computed on read, never
 * written) or `buyer` (POST /api/rfqs/{id}/close/); null while open.
 */
export const RFQ_CLOSED_REASONS = ['quotes', 'deadline', 'buyer'] as const;
export type RfqClosedReason = (typeof RFQ_CLOSED_REASONS)[number];
export type RfqStatus = 'open' | 'closed';

/** The status to show at `now` (ms): a stored open request past its deadline is closed by it. */
export function rfqStatusAt(
  r: { status: RfqStatus; closed_reason: RfqClosedReason | null; deadline: string | Date },
  now = Date.now(),
): { status: RfqStatus; closed_reason: RfqClosedReason | null } {
  if (r.status === 'closed') return { status: 'closed', closed_reason: r.closed_reason };
  const deadline = r.deadline instanceof Date ? r.deadline.getTime() : Date.parse(r.deadline);
  return deadline <= now ? { status: 'closed', closed_reason: 'deadline' } : { status: 'open', closed_reason: null };
}

/** Whether a deadline (ms) is 1 to 60 days after `now`. */
export function deadlineInRange(deadline: number, now = Date.now()): boolean {
  return (
    deadline >= now + RFQ_DEADLINE_MIN_DAYS * DAY_MS - DEADLINE_GRACE_MS &&
    deadline <= now + RFQ_DEADLINE_MAX_DAYS * DAY_MS + DEADLINE_GRACE_MS
  );
}

const clientId = z.preprocess(blankToUndefined, z.uuid().nullish()).transform((v) => v ?? null);

const deadline = formValue((text, fail) => {
  const at = Date.parse(text);
  if (Number.isNaN(at)) return fail(SERVER_MESSAGES.INVALID_DATETIME);
  if (!deadlineInRange(at)) return fail(SERVER_MESSAGES.RFQ_DEADLINE_RANGE);
  return new Date(at).toISOString();
});

/** A positive price, or none (blank, null or absent). */
const optionalPrice = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
  price.nullable().refine((v) => v === null || Number(v) > 0, SERVER_MESSAGES.PRICE_ABOVE_ZERO),
);

/**
 * `images` as sent: a JSON array of the URLs of the buyer's own uploads, or that array as a
 * JSON string (a multipart form); blank or null is none. Whose uploads they are is the server's check.
 */
const rfqImages = z.preprocess(
  (v) => {
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return [];
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  },
  z
    .array(z.string().trim().min(1, SERVER_MESSAGES.RFQ_PICTURE_NOT_YOURS), { error: SERVER_MESSAGES.RFQ_PICTURES_NOT_A_LIST })
    .max(RFQ_PICTURES_MAX, SERVER_MESSAGES.RFQ_PICTURES_TOO_MANY),
);

/** POST /api/rfqs/. */
export const rfqCreateInput = z.strictObject({
  title: requiredText(RFQ_TITLE_MAX),
  description: requiredText(RFQ_DESCRIPTION_MAX),
  category: referenceId,
  quantity: wholeNumber(1),
  target_price: optionalPrice.optional().transform((v) => v ?? null),
  deadline,
  images: rfqImages,
  client_id: clientId,
});
export type RfqCreateInput = z.output<typeof rfqCreateInput>;

/** POST /api/rfqs/{id}/quotes/. */
export const rfqQuoteInput = z.strictObject({
  product: referenceId,
  unit_price: price.refine((v) => Number(v) > 0, SERVER_MESSAGES.PRICE_ABOVE_ZERO),
  quantity: wholeNumber(1),
  lead_time_days: wholeNumber(0).pipe(z.number().max(RFQ_LEAD_TIME_MAX_DAYS)),
  note: z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string().trim().max(RFQ_NOTE_MAX)),
  client_id: clientId,
});
export type RfqQuoteInput = z.output<typeof rfqQuoteInput>;

/** GET /api/rfqs/?role=buyer|supplier: the caller's own requests, or those shown to them as a supplier. */
export const rfqListQuery = z.object({ role: z.enum(['buyer', 'supplier']).optional() });

/** POST /api/rfqs/{id}/close/. */
export const rfqCloseInput = z.strictObject({ client_id: clientId });

export const rfqSchema = z.object({
  id: z.number(),
  status: z.enum(['open', 'closed']),
  closed_reason: z.enum(RFQ_CLOSED_REASONS).nullable(),
  title: z.string(),
  description: z.string(),
  category: z.object({ id: z.number(), name: z.string() }),
  quantity: z.number(),
  /** A unit price in USD, or null. */
  target_price: z.string().nullable(),
  deadline: z.string(),
  quotes_count: z.number(),
  /** The pictures the buyer added: media URLs, in their order ([] when none). */
  images: z.array(z.string()),
  /** The buyer's name and country only, never their e-mail or phone (docs/api.md#requests-for-quotation). */
  buyer: z.object({ id: z.number(), name: z.string(), country: z.string().nullable() }),
  created_at: z.string(),
  updated_at: z.string(),
  client_id: z.string().nullable(),
});
export type Rfq = z.infer<typeof rfqSchema>;

export const rfqQuoteSchema = z.object({
  id: z.number(),
  rfq: z.number(),
  supplier: z.object({ id: z.number(), name: z.string() }),
  /** The quoted product's id (null once deleted). */
  product: z.number().nullable(),
  unit_price: z.string(),
  quantity: z.number(),
  lead_time_days: z.number(),
  note: z.string(),
  conversation: z.number().nullable(),
  /** The pending offer the quote posted: a message id, answered like any offer. */
  offer: z.number().nullable(),
  created_at: z.string(),
  client_id: z.string().nullable(),
});
export type RfqQuote = z.infer<typeof rfqQuoteSchema>;
