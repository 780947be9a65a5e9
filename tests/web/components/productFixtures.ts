import type { Product } from '@/shared/catalogue';
import type { Page } from '@/shared/types';

/** Products as the API answers them (docs/api.md#calls), for the browsing screens' tests. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  const id = overrides.id ?? 1;
  return {
    id,
    name: `Product ${id}`,
    description: 'Good quality, shipped from Lagos.',
    price: '10.00',
    min_price: '10.00',
    max_price: '12.50',
    thumbnail_url: `/media/thumb-${id}.png`,
    images: [],
    minimum_order_quantity: 5,
    quantity_in_stock: 100,
    average_rating: 4.5,
    reviews_count: 2,
    is_favorited: false,
    category: { id: 3, name: 'Food' },
    supplier: {
      id: 9,
      first_name: 'Kemal',
      user_type: 'SUPPLIER',
      date_joined: '2024-03-01T10:00:00Z',
      supplier_profile: { company_name: 'Kemal Tekstil', about: '', logo_url: null, is_verified: true, industries: [] },
    },
    created_at: `2025-01-${String((id % 28) + 1).padStart(2, '0')}T10:00:00Z`,
    updated_at: '2025-01-01T10:00:00Z',
    flash_deal_ends_at: null,
    ...overrides,
  };
}

export function makeProducts(count: number, from = 1, overrides: Partial<Product> = {}): Product[] {
  return Array.from({ length: count }, (_, i) => makeProduct({ id: from + i, ...overrides }));
}

/** A DRF page of `all`, cut by the call's limit and offset like the server does. */
export function pageOf<T>(all: T[], query: URLSearchParams): Page<T> {
  const limit = Number(query.get('limit') ?? 20);
  const offset = Number(query.get('offset') ?? 0);
  return {
    count: all.length,
    next: offset + limit < all.length ? 'next' : null,
    previous: null,
    results: all.slice(offset, offset + limit),
  };
}
