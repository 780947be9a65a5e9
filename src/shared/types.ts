/** The API's shapes (spec §3, DESIGN §5), as the web app reads them. */

export interface Category { id: number; name: string }

export interface SupplierProfile {
  company_name: string;
  about: string;
  logo_url: string | null;
  is_verified: boolean;
  industries: Category[];
}

export interface BuyerProfile {
  name: string;
  logo_url: string | null;
  interested_categories: Category[];
}

export type UserType = 'SUPPLIER' | 'BUYER';

/** The signed-in user's own account (GET /api/me/). */
export interface User {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  country: { code: string; name: string };
  user_type: UserType | null;
  is_first_login: boolean;
  is_verified: boolean;
  date_joined: string;
  currency: string | null;
  supplier_profile: SupplierProfile | null;
  buyer_profile: BuyerProfile | null;
  seller_average_rating: string | null;
}

/** Another user as shown beside a product, review or conversation, and on /users/{id}. */
export interface UserSummary {
  id: number;
  first_name: string;
  user_type: UserType | null;
  date_joined: string;
  supplier_profile: SupplierProfile | null;
  buyer_profile: BuyerProfile | null;
  profile: SupplierProfile | BuyerProfile | null;
}

/** A product's supplier as products carry it (spec §3: id, first_name, supplier_profile). */
export type Seller = Pick<UserSummary, 'id' | 'first_name' | 'user_type' | 'date_joined' | 'supplier_profile'>;

export interface TokenPair { access: string; refresh: string }

/** A DRF page (DESIGN §5); lists may also come as plain arrays (spec §3). */
export interface Page<T> { count: number; next: string | null; previous: string | null; results: T[] }
