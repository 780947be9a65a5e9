import type { Product, Review } from '@/shared/catalogue';
import type { UserSummary } from '@/shared/types';

/** API answers for the product and seller screens, shaped like the server's (docs/api.md#calls). */

export const SELLER_ID = 9;

export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 5,
    name: 'Premium Garri (Ijebu)',
    description: 'Crisp, sour Ijebu garri, double-sieved and sun-dried.',
    price: '0.90',
    min_price: '0.90',
    max_price: '1.40',
    thumbnail_url: '/media/garri.png',
    images: [
      { id: 1, media_source_url: '/media/garri.png', media_type: 'image' },
      { id: 2, media_source_url: '/media/garri-bag.png', media_type: 'image' },
      { id: 3, media_source_url: '/media/garri.mp4', media_type: 'video' },
    ],
    minimum_order_quantity: 50,
    quantity_in_stock: 4000,
    average_rating: 4.5,
    reviews_count: 2,
    is_favorited: false,
    category: { id: 1, name: 'Agriculture & Food' },
    supplier: {
      id: SELLER_ID,
      first_name: 'Adebayo',
      user_type: 'SUPPLIER',
      date_joined: '2019-03-04T10:00:00Z',
      supplier_profile: {
        company_name: 'Lagos Agro Foods Ltd',
        about: 'Staples since 2009.',
        logo_url: null,
        is_verified: true,
        industries: [],
      },
    },
    created_at: '2025-06-01T10:00:00Z',
    updated_at: '2025-06-01T10:00:00Z',
    flash_deal_ends_at: null,
    ...overrides,
  };
}

export function reviewer(id: number, first_name: string): UserSummary {
  const buyer_profile = { name: first_name, logo_url: null, interested_categories: [] };
  return {
    id,
    first_name,
    user_type: 'BUYER',
    date_joined: '2024-01-01T00:00:00Z',
    supplier_profile: null,
    buyer_profile,
    profile: buyer_profile,
  };
}

export function makeReview(overrides: Partial<Review> = {}): Review {
  return {
    id: 31,
    rating: 5,
    comment: 'Very good garri, well packed.',
    created_at: '2025-07-01T09:00:00Z',
    updated_at: '2025-07-01T09:00:00Z',
    reviewer: reviewer(21, 'Fatou'),
    product: 5,
    ...overrides,
  };
}

export const page = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

export function sellerSummary(overrides: Partial<UserSummary & { seller_average_rating: string | null }> = {}) {
  const product = makeProduct();
  const supplier_profile = product.supplier.supplier_profile;
  return {
    ...product.supplier,
    buyer_profile: null,
    profile: supplier_profile,
    country: { code: 'NG', name: 'Nigeria' },
    seller_average_rating: '4.25',
    ...overrides,
  };
}

/** What the running sync engine asks on every cycle: nothing new, an empty catalogue and the fallback rates. */
export const ENGINE_ROUTES = {
  'GET /api/sync/': { body: { cursor: '1', has_more: false, reset: false, changes: {} } },
  'GET /api/products/': { body: page([]) },
  'GET /api/rates/latest/USD/': { body: { base_code: 'USD', conversion_rates: { USD: 1, EUR: 0.92, TRY: 32.5, NGN: 1480, XOF: 605 } } },
};
