import { z } from 'zod';
import { REVIEW_MAX_RATING } from './constants';
import { ORDERINGS } from './listing-filters';
import { QUERY_MAX } from './listing-filters-url';

/**
 * The listing filters as a query string carries them, checked with zod: the server's query
 * schema. The app reads its own URL with the same rules without zod (listing-filters-url.ts),
 * so the screens a visitor lands on do not load it.
 */
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
