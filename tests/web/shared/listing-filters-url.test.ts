import { describe, expect, it } from 'vitest';
import type { ListingFilters } from '@/shared/listing-filters';
import { listingFiltersQuery } from '@/shared/listing-filters-query';
import { readListingFilters } from '@/shared/listing-filters-url';

/** What the server's zod schema makes of a query string, with the app's leniency: bad values left out, defaults dropped. */
function bySchema(params: URLSearchParams): ListingFilters {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(listingFiltersQuery.shape) as Array<keyof typeof listingFiltersQuery.shape>) {
    const raw = params.get(key);
    if (raw === null) continue;
    const parsed = listingFiltersQuery.shape[key].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) out[key] = parsed.data;
  }
  if (out.ordering === 'relevance') delete out.ordering;
  if (out.verified === false) delete out.verified;
  if (out.in_stock === false) delete out.in_stock;
  return out as ListingFilters;
}

const QUERIES = [
  '',
  'ordering=price&price_min=5&price_max=20.5',
  'ordering=-average_rating&rating_min=4&verified=true&in_stock=1',
  'ordering=relevance&verified=false&in_stock=0',
  'ordering=cheapest&price_min=abc&price_max=-1&moq_max=0&rating_min=6',
  'price_min=&price_max=&moq_max=&rating_min=&verified=&in_stock=',
  'moq_max=2.5&rating_min=4.5&price_min=1e3&price_max=0x10',
  'moq_max=1000000001&price_max=Infinity&price_min=%201%20&verified=yes',
  'moq_max=12&rating_min=0&ordering=-created_at',
];

describe('the listing filters of the app’s URL', () => {
  it.each(QUERIES)('reads %j as the server’s query schema does', (query) => {
    const params = new URLSearchParams(query);
    expect(readListingFilters(params)).toEqual(bySchema(params));
  });

  it('keeps what parses and leaves out what does not', () => {
    expect(readListingFilters(new URLSearchParams('ordering=price&price_min=abc&price_max=20&in_stock=true'))).toEqual({
      ordering: 'price',
      price_max: 20,
      in_stock: true,
    });
  });
});
