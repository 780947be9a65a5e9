import { REVIEW_MAX_RATING } from './constants';
import { ORDERINGS, type ListingFilters, type Ordering } from './listing-filters';

/**
 * The listing filters of the app's own URL, read without zod so the listing screens a visitor
 * lands on do not load it: the same rules as the server's query schema
 * (listing-filters-query.ts, which tests/web checks this against), but what does not parse is
 * left out rather than refused.
 */
export const QUERY_MAX = 1_000_000_000;

/** A number as z.coerce.number() reads a query value, within [min, max]; else undefined. */
function numberIn(raw: string, min: number, max: number, integer = false): number | undefined {
  const value = Number(raw);
  if (Number.isNaN(value) || value < min || value > max || (integer && !Number.isInteger(value))) return undefined;
  return value;
}

export function readListingFilters(params: URLSearchParams): ListingFilters {
  const out: ListingFilters = {};
  const read = (key: keyof ListingFilters) => {
    const raw = params.get(key);
    return raw === null || raw === '' ? undefined : raw;
  };
  const ordering = read('ordering');
  if (ordering !== undefined && ordering !== 'relevance' && (ORDERINGS as readonly string[]).includes(ordering))
    out.ordering = ordering as Ordering;
  for (const key of ['price_min', 'price_max'] as const) {
    const raw = read(key);
    const value = raw === undefined ? undefined : numberIn(raw, 0, QUERY_MAX);
    if (value !== undefined) out[key] = value;
  }
  const moq = read('moq_max');
  const moqValue = moq === undefined ? undefined : numberIn(moq, 1, QUERY_MAX, true);
  if (moqValue !== undefined) out.moq_max = moqValue;
  const rating = read('rating_min');
  const ratingValue = rating === undefined ? undefined : numberIn(rating, 0, REVIEW_MAX_RATING);
  if (ratingValue !== undefined) out.rating_min = ratingValue;
  for (const key of ['verified', 'in_stock'] as const) {
    const raw = read(key);
    if (raw === 'true' || raw === '1') out[key] = true;
  }
  return out;
}
