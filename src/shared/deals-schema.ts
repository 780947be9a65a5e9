import { z } from 'zod';
import { messageSchema } from './chat';
import { offerPriceField } from './messaging-schema';
import { ORDER_REASON_MAX, ORDER_STATUSES } from './deals';
import { blankToUndefined, referenceId, wholeNumber } from './validation';
import { SERVER_MESSAGES } from './messages';

/** The API's shapes and inputs for offers and orders (docs/api.md#offers-and-orders). */

const quantityField = wholeNumber(1);
const clientId = z.preprocess(blankToUndefined, z.uuid().nullish()).transform((v) => v ?? null);

/** POST /api/offers/{id}/accept|decline|withdraw/. */
export const offerAnswerInput = z.strictObject({ client_id: clientId });

/** POST /api/offers/{id}/counter/: the supplier's own price and quantity (free of the ±10 % of one-click offers). */
export const offerCounterInput = z.strictObject({
  price: offerPriceField,
  quantity: quantityField,
  client_id: clientId,
});

export const orderStatusSchema = z.enum(ORDER_STATUSES);

export const orderEventSchema = z.object({
  status: orderStatusSchema,
  at: z.string(),
  by: z.object({ id: z.number() }),
  reason: z.string().nullable(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

const party = z.object({ id: z.number(), name: z.string() });

export const orderSchema = z.object({
  id: z.number(),
  status: orderStatusSchema,
  /** id null once the product was deleted; the name is kept as ordered. */
  product: z.object({ id: z.number().nullable(), name: z.string(), thumbnail_url: z.string().nullable() }),
  buyer: party,
  supplier: party,
  quantity: z.number(),
  /** USD, decimal strings: the agreed price of one unit and quantity × unit_price. */
  unit_price: z.string(),
  total: z.string(),
  /** The accepted offer it came from (null: a "Buy now" request), and its conversation. */
  offer: z.number().nullable(),
  conversation: z.number().nullable(),
  /** The timeline, oldest first; a cancellation or refusal carries its reason. */
  events: z.array(orderEventSchema),
  created_at: z.string(),
  updated_at: z.string(),
  client_id: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** What an answer to an offer did: the offer now, the message that answered it, the order an acceptance made. */
export const offerAnswerSchema = z.object({
  offer: messageSchema,
  message: messageSchema,
  order: orderSchema.nullable(),
});
export type OfferAnswer = z.infer<typeof offerAnswerSchema>;

/**
 * POST /api/orders/: "Buy now" at the unit price of the quantity (src/shared/prices.ts unitPrice), or
 * `sample: true`: one piece at the product's sample price (docs/api.md#quantity-tiers-and-samples).
 */
export const orderCreateInput = z
  .strictObject({
    product: referenceId,
    quantity: quantityField.optional(),
    sample: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean()).optional(),
    client_id: clientId,
  })
  .superRefine((v, ctx) => {
    if (!v.sample && v.quantity === undefined) ctx.addIssue({ code: 'custom', path: ['quantity'], message: SERVER_MESSAGES.REQUIRED });
  });

/** POST /api/orders/{id}/<action>/: a reason is required to cancel, optional to decline. */
export const orderMoveInput = z.strictObject({
  reason: z
    .string()
    .max(ORDER_REASON_MAX)
    .nullish()
    .transform((v) => v?.trim() || null),
  client_id: clientId,
});

/** GET /api/orders/?role=&status=. */
export const orderListQuery = z.object({
  role: z.enum(['buyer', 'supplier']).optional(),
  status: orderStatusSchema.optional(),
});
