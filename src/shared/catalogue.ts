import { z } from 'zod';
import { MIN_ORDER_QUANTITY, MIN_STOCK, REVIEW_COMMENT_MAX, REVIEW_MAX_RATING, REVIEW_MIN_RATING } from './constants';

export { REVIEW_COMMENT_MAX };
import {
  INVALID_NUMBER,
  TWO_DECIMALS_AT_MOST,
  blankToUndefined,
  formValue,
  recordId,
  requiredText,
  wholeNumber,
  type FieldErrors,
} from './validation';
import { categorySchema, sellerSchema, userSummarySchema } from './types';
import { localizedTextSchema } from './content-language-schema';
import { SERVER_MESSAGES } from './messages';
import type { PriceTier } from './prices';

/**
 * Product and review rules of docs/product.md#validation-rules, #roles-and-permissions, used by the API server and the web app's forms
 * alike. Values may come as strings (multipart forms) or numbers (JSON).
 */

export const MIN_PRICE_ABOVE_MAX = SERVER_MESSAGES.MIN_PRICE_ABOVE_MAX;
export const MIN_ORDER_ABOVE_STOCK = SERVER_MESSAGES.MIN_ORDER_ABOVE_STOCK;
export const THUMBNAIL_REQUIRED = SERVER_MESSAGES.THUMBNAIL_REQUIRED;
export const RATING_REQUIRED = SERVER_MESSAGES.RATING_REQUIRED;
export const ALREADY_REVIEWED = SERVER_MESSAGES.ALREADY_REVIEWED;
export const EDIT_OWN_PRODUCTS_ONLY = SERVER_MESSAGES.EDIT_OWN_PRODUCTS_ONLY;
export const EDIT_OWN_REVIEW_ONLY = SERVER_MESSAGES.EDIT_OWN_REVIEW_ONLY;
export const GALLERY_FULL = SERVER_MESSAGES.GALLERY_FULL;

export const PRODUCT_NAME_MAX = 200;
export const PRODUCT_DESCRIPTION_MAX = 5000;
/** numeric(12,2) in the database. */
export const PRICE_MAX = 9_999_999_999.99;

/** A price in dollars: ≥ 0, step 0.01, answered as the two-decimal string the API stores ("12.50"). */
export const price = formValue((text, fail) => {
  if (!/^-?\d+(\.\d+)?$/.test(text)) return fail(INVALID_NUMBER);
  if (Number(text) < 0) return fail(SERVER_MESSAGES.AT_LEAST_0);
  if (/\.\d{3,}$/.test(text) && !/\.\d{2}0+$/.test(text)) return fail(TWO_DECIMALS_AT_MOST);
  if (Number(text) > PRICE_MAX) return fail(`Ensure this value is less than or equal to ${PRICE_MAX}.`);
  return Number(text).toFixed(2);
});

/** At most this many quantity tiers on a product (docs/api.md#quantity-tiers-and-samples). */
export const PRICE_TIERS_MAX = 5;

/** One quantity tier as sent: from a whole number of units (≥ 1), a unit price. */
export const priceTierRow = z.strictObject({ min_quantity: wholeNumber(1), unit_price: price });

/**
 * `price_tiers` as sent: a JSON array, or that array as a JSON string (a multipart form);
 * blank or null is no tiers. Each `{min_quantity, unit_price}`; the rules between tiers and
 * the product's prices are priceTierErrors'.
 */
export const priceTiersField = z.preprocess(
  (v) => {
    if (v === null || (typeof v === 'string' && v.trim() === '')) return [];
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  },
  z.array(priceTierRow, { error: SERVER_MESSAGES.TIERS_NOT_A_LIST }).max(PRICE_TIERS_MAX, SERVER_MESSAGES.TIERS_TOO_MANY),
);

/** `sample_price`: one piece's price, more than 0; blank or null removes it. */
export const samplePriceField = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
  price.nullable().refine((v) => v === null || Number(v) > 0, SERVER_MESSAGES.PRICE_ABOVE_ZERO),
);

/** What is wrong with one tier row: its quantity's messages and its unit price's. */
export interface PriceTierRowErrors {
  min_quantity: string[];
  unit_price: string[];
}

/**
 * The rules of quantity tiers (docs/api.md#quantity-tiers-and-samples), row by row, on the
 * product as it would be saved: the first at the minimum order quantity, quantities strictly
 * ascending, prices not increasing, each within min_price..max_price. The form shows them under
 * each row; the server answers them together (priceTierErrors).
 */
export function priceTierRowErrors(
  tiers: readonly PriceTier[],
  p: Pick<ProductFields, 'min_price' | 'max_price' | 'minimum_order_quantity'>,
): PriceTierRowErrors[] {
  return tiers.map((tier, i) => {
    const before = tiers[i - 1];
    const row: PriceTierRowErrors = { min_quantity: [], unit_price: [] };
    if (i === 0 && tier.min_quantity !== p.minimum_order_quantity) row.min_quantity.push(SERVER_MESSAGES.TIERS_START_AT_MINIMUM_ORDER);
    if (before && tier.min_quantity <= before.min_quantity) row.min_quantity.push(SERVER_MESSAGES.TIERS_QUANTITIES_ASCENDING);
    if (before && Number(tier.unit_price) > Number(before.unit_price)) row.unit_price.push(SERVER_MESSAGES.TIERS_PRICES_NOT_INCREASING);
    if (Number(tier.unit_price) < Number(p.min_price) || Number(tier.unit_price) > Number(p.max_price))
      row.unit_price.push(SERVER_MESSAGES.TIERS_PRICE_IN_RANGE);
    return row;
  });
}

/** The tier rules on the whole list, as the server answers them: every broken rule named once. */
export function priceTierErrors(
  tiers: readonly PriceTier[],
  p: Pick<ProductFields, 'min_price' | 'max_price' | 'minimum_order_quantity'>,
): string[] {
  const errors = new Set<string>();
  if (tiers.length > PRICE_TIERS_MAX) errors.add(SERVER_MESSAGES.TIERS_TOO_MANY);
  for (const row of priceTierRowErrors(tiers, p)) for (const message of [...row.min_quantity, ...row.unit_price]) errors.add(message);
  return [...errors];
}

/** Every field of the product form; all required on create (the thumbnail is a file, checked apart). */
export const productFields = z.object({
  name: requiredText(PRODUCT_NAME_MAX),
  description: requiredText(PRODUCT_DESCRIPTION_MAX),
  min_price: price,
  max_price: price,
  quantity_in_stock: wholeNumber(MIN_STOCK),
  minimum_order_quantity: wholeNumber(MIN_ORDER_QUANTITY),
  category_id: recordId,
  price_tiers: priceTiersField.optional(),
  sample_price: samplePriceField.optional(),
});
export type ProductFields = z.output<typeof productFields>;

/** Edit: only the fields sent (and the gallery items to remove); the cross-field rules then run on the merged product. */
export const productPatchFields = productFields.partial().extend({ remove_image_ids: z.array(recordId).optional() });

/** Rules between fields (docs/product.md#validation-rules), on the whole product as it would be saved. */
export function productRuleErrors(
  p: Pick<ProductFields, 'min_price' | 'max_price' | 'quantity_in_stock' | 'minimum_order_quantity'> & {
    price_tiers?: readonly PriceTier[] | null;
  },
): FieldErrors {
  const errors: FieldErrors = {};
  if (Number(p.min_price) > Number(p.max_price)) errors.min_price = [MIN_PRICE_ABOVE_MAX];
  if (p.minimum_order_quantity > p.quantity_in_stock) errors.minimum_order_quantity = [MIN_ORDER_ABOVE_STOCK];
  const tierErrors = priceTierErrors(p.price_tiers ?? [], p);
  if (tierErrors.length > 0) errors.price_tiers = tierErrors;
  return errors;
}

export const DEAL_PRICE_NOT_BELOW_MIN = SERVER_MESSAGES.DEAL_PRICE_NOT_BELOW_MIN;
export const DEAL_END_NOT_FUTURE = SERVER_MESSAGES.DEAL_END_NOT_FUTURE;
export const DEAL_NEEDS_BOTH = SERVER_MESSAGES.DEAL_NEEDS_BOTH;
const INVALID_DATETIME = SERVER_MESSAGES.INVALID_DATETIME;

/** A flash deal as stored: both set while a deal is on, both null otherwise. */
export interface FlashDeal {
  price: string | null;
  flash_deal_ends_at: string | null;
}

const cleared = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * The deal fields of a product form, when it sends any (`price` is the deal price, docs/api.md#calls).
 * Both blank (or null) ends the deal; both set starts or changes it; one alone is an error.
 */
export function readFlashDeal(fields: Record<string, unknown>): { deal?: FlashDeal; errors: FieldErrors } {
  if (!('price' in fields) && !('flash_deal_ends_at' in fields)) return { errors: {} };
  const rawPrice = fields.price;
  const rawEnd = fields.flash_deal_ends_at;
  if (cleared(rawPrice) && cleared(rawEnd)) return { deal: { price: null, flash_deal_ends_at: null }, errors: {} };
  const errors: FieldErrors = {};
  if (cleared(rawPrice)) errors.price = [DEAL_NEEDS_BOTH];
  if (cleared(rawEnd)) errors.flash_deal_ends_at = [DEAL_NEEDS_BOTH];
  const parsedPrice = cleared(rawPrice) ? undefined : price.safeParse(rawPrice);
  if (parsedPrice && !parsedPrice.success) errors.price = [parsedPrice.error.issues[0].message];
  const end = typeof rawEnd === 'string' && !cleared(rawEnd) ? new Date(rawEnd.trim()) : undefined;
  if (!cleared(rawEnd) && (!end || Number.isNaN(end.getTime()))) errors.flash_deal_ends_at = [INVALID_DATETIME];
  if (Object.keys(errors).length > 0) return { errors };
  // biome-ignore lint/style/noNonNullAssertion: without errors, both the price and the end were read.
  return { deal: { price: parsedPrice!.data as string, flash_deal_ends_at: end!.toISOString() }, errors };
}

/** A running deal sells below the minimum price and ends in the future (checked when set). */
export function flashDealRuleErrors(deal: FlashDeal, minPrice: string, now = Date.now()): FieldErrors {
  const errors: FieldErrors = {};
  if (deal.price === null || deal.flash_deal_ends_at === null) return errors;
  if (Number(deal.price) >= Number(minPrice)) errors.price = [DEAL_PRICE_NOT_BELOW_MIN];
  if (new Date(deal.flash_deal_ends_at).getTime() <= now) errors.flash_deal_ends_at = [DEAL_END_NOT_FUTURE];
  return errors;
}

/** True while the product's deal is running: its `price` is then the deal price. */
export function dealRunning(p: Pick<Product, 'flash_deal_ends_at'>, now = Date.now()): boolean {
  return p.flash_deal_ends_at !== null && new Date(p.flash_deal_ends_at).getTime() > now;
}

const rating = formValue(
  (text, fail) => {
    const n = Number(text);
    return Number.isInteger(n) && n >= REVIEW_MIN_RATING && n <= REVIEW_MAX_RATING ? n : fail(RATING_REQUIRED);
  },
  RATING_REQUIRED,
  RATING_REQUIRED,
);

const comment = z.preprocess((v) => (v === null ? '' : v), z.string().trim().max(REVIEW_COMMENT_MAX));
const clientId = z.preprocess(blankToUndefined, z.uuid().optional());

export const reviewCreate = z.object({ rating, comment: comment.optional().default(''), client_id: clientId });
export const reviewEdit = z.object({ comment });
export const favoriteCreate = z.object({ product: recordId, client_id: clientId });

/** The API's catalogue shapes (docs/api.md#calls), as the server answers and the web app reads them. */
export const productMediaSchema = z.object({
  id: z.number(),
  media_source_url: z.string(),
  media_type: z.enum(['image', 'video']),
  /** The picture's dominant colour ("#rrggbb"), painted while it loads; null when not known (docs/api.md). */
  color: z.string().nullable().optional(),
});
export type ProductMedia = z.infer<typeof productMediaSchema>;

export const productSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  /** Decimal strings in USD ("12.50"); price is min_price unless a deal price is set. */
  price: z.string(),
  min_price: z.string(),
  max_price: z.string(),
  thumbnail_url: z.string(),
  /** The thumbnail's dominant colour ("#rrggbb"), painted while it loads; null when not known (docs/api.md). */
  thumbnail_color: z.string().nullable().optional(),
  images: z.array(productMediaSchema),
  minimum_order_quantity: z.number(),
  quantity_in_stock: z.number(),
  /** 0 to 5, two decimals at most; 0 when there are no reviews. */
  average_rating: z.number(),
  reviews_count: z.number(),
  /** For the signed-in caller; always false for guests. */
  is_favorited: z.boolean(),
  category: categorySchema.nullable(),
  supplier: sellerSchema,
  created_at: z.string(),
  updated_at: z.string(),
  /** Set while the product is (or was) a flash deal. */
  flash_deal_ends_at: z.string().nullable(),
  /**
   * Quantity tiers (docs/api.md#quantity-tiers-and-samples), `[]` when none; one piece's price
   * for a sample, or null. The server always answers both; a device's copy from before may lack them.
   */
  price_tiers: z.array(z.object({ min_quantity: z.number(), unit_price: z.string() })).optional(),
  sample_price: z.string().nullable().optional(),
  /** Only on a product a moderator hid, which its supplier (and moderators) alone read (docs/api.md#trust-and-safety). */
  is_hidden: z.boolean().optional(),
  moderation_reason: z.string().optional(),
  /** When the supplier appealed the hiding (once); null before. */
  appealed_at: z.string().nullable().optional(),
});
export type Product = z.infer<typeof productSchema>;

export const reviewSchema = z.object({
  id: z.number(),
  rating: z.number(),
  comment: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  reviewer: userSummarySchema,
  /** The reviewed product's id. */
  product: z.number(),
});
export type Review = z.infer<typeof reviewSchema>;

export const favoriteSchema = z.object({ id: z.number(), product: productSchema, created_at: z.string() });
export type Favorite = z.infer<typeof favoriteSchema>;

/** `title` in the reader's language; `titles` every translation (docs/api.md#content-languages). */
export const bannerSchema = z.object({
  id: z.number(),
  image_url: z.string(),
  title: z.string(),
  titles: localizedTextSchema.optional(),
  link: z.string().nullable(),
});
export type Banner = z.infer<typeof bannerSchema>;

/** GET /api/sync/ (docs/api.md#delta-sync). Collections absent from `changes` did not change. */
export const syncAnswerSchema = z.object({
  /** Opaque to the client: stored and sent back as `since`. */
  cursor: z.string(),
  has_more: z.boolean(),
  /** True when the given cursor was too old (or unknown): drop the local copy and start over. */
  reset: z.boolean(),
  changes: z.record(z.string(), z.object({ upserted: z.array(z.unknown()), deleted: z.array(z.number()) })),
});
export type SyncAnswer = z.infer<typeof syncAnswerSchema>;

/** The product lists the API serves (GET /api/products/ and its sections). */
export type ProductSection = 'all' | 'new-arrivals' | 'flash-deals' | 'top-rated' | 'hot-selling';
export interface ProductFilters {
  search?: string;
  category?: number;
  supplier?: number;
  exclude?: number;
  /** The sorting and filter parameters of src/shared/listing-filters.ts. */
  [listingParam: string]: string | number | undefined;
}

/** A search suggestion: a product's name, picture and price. */
export interface SearchSuggestion {
  id: number;
  name: string;
  thumbnail_url: string | null;
  price: string | null;
}
