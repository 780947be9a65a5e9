import type { ProductFilters, ProductSection } from '../shared/catalogue';
import { listingFilterParams, type ListingFilters } from '../shared/listing-filters';

/** Products per page of a list when its query names no size. */
export const LIST_PAGE_SIZE = 20;

/** A product list a screen shows: a section, optionally narrowed like GET /api/products/. */
export interface ListQuery {
  section?: ProductSection;
  search?: string;
  category?: number;
  supplier?: number;
  exclude?: number;
  pageSize?: number;
  /** Sorting and filters the user chose (src/shared/listing-filters.ts). */
  filters?: ListingFilters;
}

/** One canonical key per list, for the lists table and for sharing requests. */
export function listKey(q: ListQuery): string {
  const base = [q.section ?? 'all', q.search?.trim().toLowerCase() ?? '', q.category ?? 0, q.supplier ?? 0, q.exclude ?? 0];
  const filters = listingFilterParams(q.filters);
  // Lists without filters keep the key they always had, so what a device holds stays found.
  return JSON.stringify(Object.keys(filters).length ? [...base, filters] : base);
}

/**
 * The URL of a list's first page as the API client asks for it (src/sync/api/client.ts productPage):
 * index.html preloads the home's first list by it (scripts/first-paint.ts), so both must agree
 * (tests/web/queries/first-visit.test.tsx checks it against the home screen's request).
 */
export function firstPageUrl(q: ListQuery): string {
  const { section = 'all', search, category, supplier, exclude } = q;
  const params = new URLSearchParams();
  const query: ProductFilters & { limit: number; offset: number } = {
    search,
    category,
    supplier,
    exclude,
    ...listingFilterParams(q.filters),
    limit: q.pageSize ?? LIST_PAGE_SIZE,
    offset: 0,
  };
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(name, String(value));
  return `/api/${section === 'all' ? 'products/' : `products/${section}/`}?${params}`;
}
