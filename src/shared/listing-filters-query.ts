import { z } from 'zod';
import { REVIEW_MAX_RATING } from './constants';
import { ORDERINGS, type ListingFilters } from './listing-filters';

/**
 * The listing filters as a query string carries them, checked with zod: the server's query
 * schema and the app's reading of its own URL. Apart from listing-filters.ts so the first
 * screen's code, which only writes filters into URLs, does not load zod.
 */

const QUERY_MAX = 1_000_000_000;
const empty = (v: unknown) => (v === '' || v === null ? undefined : v);
const amount = z.preprocess(empty, z.coerce.number().min(0).max(QUERY_MAX).optional());
const yes = z
  .preprocess(empty, z.enum(['true', 'false', '1', '0']).optional())
  .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1'));

/** The query parameters, as the server reads them: bad values are field errors (400). */
export const listingFiltersQuery = z.object({
  ordering: z
    .preprocess(empty, z.enum(ORDERINGS).optional())
    .describe('Sort: relevance (the listing’s own order), price, -price, -created_at (newest), -average_rating'),
  price_min: amount.describe('Unit price now (deal price while a deal runs, else min_price) at least this, USD'),
  price_max: amount.describe('Unit price now at most this, USD'),
  moq_max: z.preprocess(empty, z.coerce.number().int().min(1).max(QUERY_MAX).optional()).describe('Minimum order quantity at most this'),
  rating_min: z.preprocess(empty, z.coerce.number().min(0).max(REVIEW_MAX_RATING).optional()).describe('Average rating at least this'),
  verified: yes.describe('true: only suppliers with the verified badge'),
  in_stock: yes.describe('true: only products with stock for at least one minimum order'),
});

/** The filters of a query string (the app's URL): what does not parse is left out rather than refused. */
export function readListingFilters(params: URLSearchParams): ListingFilters {
  const out: ListingFilters = {};
  for (const key of Object.keys(listingFiltersQuery.shape) as Array<keyof ListingFilters>) {
    const raw = params.get(key);
    if (raw === null) continue;
    const parsed = listingFiltersQuery.shape[key].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) (out as Record<string, unknown>)[key] = parsed.data;
  }
  if (out.ordering === 'relevance') delete out.ordering;
  if (out.verified === false) delete out.verified;
  if (out.in_stock === false) delete out.in_stock;
  return out;
}
