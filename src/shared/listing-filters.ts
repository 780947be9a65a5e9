/**
 * Sorting and filtering of product listings (docs/api.md#sorting-and-filtering), one set of
 * rules for the server's query and the device's offline lists, so both give the same results.
 * The query parameters are the same in the app's URL and on GET /api/products/ and its
 * sections; without them a listing keeps its own order and contents.
 */
import { moqPrice, type PriceTier } from './prices';

/** DRF-style `ordering` values; `relevance` is the listing's own order (best search match, deals ending soonest, newest). */
export const ORDERINGS = ['relevance', 'price', '-price', '-created_at', '-average_rating'] as const;
export type Ordering = (typeof ORDERINGS)[number];

export interface ListingFilters {
  ordering?: Ordering;
  /** The price a buyer pays per unit now at the minimum order, in USD (./prices.ts moqPrice). */
  price_min?: number;
  price_max?: number;
  /** Minimum order quantity at most this. */
  moq_max?: number;
  /** Average rating at least this (1 to 5). */
  rating_min?: number;
  /** Only suppliers with the trust badge. */
  verified?: boolean;
  /** Only products with stock for at least one minimum order. */
  in_stock?: boolean;
}

/** The query parameters of a set of filters, in a fixed order (URLs and cache keys stay canonical). */
export function listingFilterParams(filters: ListingFilters | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!filters) return out;
  if (filters.ordering && filters.ordering !== 'relevance') out.ordering = filters.ordering;
  if (filters.price_min !== undefined) out.price_min = String(filters.price_min);
  if (filters.price_max !== undefined) out.price_max = String(filters.price_max);
  if (filters.moq_max !== undefined) out.moq_max = String(filters.moq_max);
  if (filters.rating_min !== undefined) out.rating_min = String(filters.rating_min);
  if (filters.verified) out.verified = 'true';
  if (filters.in_stock) out.in_stock = 'true';
  return out;
}

export const hasListingFilters = (filters: ListingFilters | undefined) => Object.keys(listingFilterParams(filters)).length > 0;

/** What the rules read of a product (the API's shape). */
export interface FilterableProduct {
  id: number;
  price: string | null;
  min_price: string;
  minimum_order_quantity: number;
  quantity_in_stock: number;
  average_rating: number;
  reviews_count: number;
  created_at: string;
  flash_deal_ends_at: string | null;
  price_tiers?: readonly PriceTier[] | null;
  supplier: { supplier_profile: { is_verified: boolean } | null };
}

/** The unit price now at the minimum order, as a number to compare (./prices.ts, as the server's price-sql.ts). */
const priceNow = (p: FilterableProduct, now: number) => Number(moqPrice(p, now));

/** Whether a product passes the filters. */
export function matchesListingFilters(p: FilterableProduct, f: ListingFilters, now = Date.now()): boolean {
  if (f.price_min !== undefined || f.price_max !== undefined) {
    const price = priceNow(p, now);
    if (f.price_min !== undefined && price < f.price_min) return false;
    if (f.price_max !== undefined && price > f.price_max) return false;
  }
  if (f.moq_max !== undefined && p.minimum_order_quantity > f.moq_max) return false;
  if (f.rating_min !== undefined && Number(p.average_rating) < f.rating_min) return false;
  if (f.verified && !p.supplier.supplier_profile?.is_verified) return false;
  if (f.in_stock && !(p.quantity_in_stock >= Math.max(p.minimum_order_quantity, 1))) return false;
  return true;
}

/** Newest first, then the higher id: every ordering's last word, on both sides. */
export const newestFirst = (a: Pick<FilterableProduct, 'created_at' | 'id'>, b: Pick<FilterableProduct, 'created_at' | 'id'>) =>
  a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id;

/** The comparator of an explicit ordering; null keeps the listing's own order (relevance). */
export function listingComparator(ordering: Ordering | undefined, now = Date.now()) {
  switch (ordering) {
    case 'price':
      return (a: FilterableProduct, b: FilterableProduct) => priceNow(a, now) - priceNow(b, now) || newestFirst(a, b);
    case '-price':
      return (a: FilterableProduct, b: FilterableProduct) => priceNow(b, now) - priceNow(a, now) || newestFirst(a, b);
    case '-created_at':
      return newestFirst;
    case '-average_rating':
      return (a: FilterableProduct, b: FilterableProduct) =>
        Number(b.average_rating) - Number(a.average_rating) || b.reviews_count - a.reviews_count || newestFirst(a, b);
    default:
      return null;
  }
}
