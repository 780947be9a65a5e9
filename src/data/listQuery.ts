import type { ProductSection } from '../sync/api';
import { listingFilterParams, type ListingFilters } from '../shared/listing-filters';

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
