import type { ProductSection } from '../sync/api';

/** A product list a screen shows: a section, optionally narrowed like GET /api/products/. */
export interface ListQuery {
  section?: ProductSection;
  search?: string;
  category?: number;
  supplier?: number;
  exclude?: number;
  pageSize?: number;
}

/** One canonical key per list, for the lists table and for sharing requests. */
export function listKey(q: ListQuery): string {
  return JSON.stringify([q.section ?? 'all', q.search?.trim().toLowerCase() ?? '', q.category ?? 0, q.supplier ?? 0, q.exclude ?? 0]);
}
