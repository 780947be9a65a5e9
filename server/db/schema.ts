import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of the tables created by server/db/migrations. Keep the two in step. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** numeric(12,2): read as a decimal string ("12.50"), written as string or number. */
type Money = ColumnType<string, string | number, string | number>;
type Seq = ColumnType<number, never, never>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  country: Generated<string>;
  password_hash: string;
  user_type: 'SUPPLIER' | 'BUYER' | null;
  is_first_login: Generated<boolean>;
  is_verified: Generated<boolean>;
  currency: string | null;
  date_joined: Timestamp;
}

export interface CategoriesTable { id: Generated<number>; name: string; position: Generated<number>; seq: Seq }

export interface SupplierProfilesTable {
  user_id: number;
  company_name: string;
  about: Generated<string>;
  logo_url: string | null;
  is_verified: Generated<boolean>;
}
export interface SupplierIndustriesTable { user_id: number; category_id: number }
export interface BuyerProfilesTable { user_id: number; name: string; logo_url: string | null }
export interface BuyerCategoriesTable { user_id: number; category_id: number }

export interface RefreshTokensTable {
  jti: string;
  family: string;
  user_id: number;
  issued_at: Timestamp;
  expires_at: Timestamp;
  replaced_by: string | null;
  replaced_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface OtpCodesTable {
  user_id: number;
  code_hash: string;
  expires_at: Timestamp;
  failed_attempts: Generated<number>;
  sent_at: Timestamp;
}

export interface RateEventsTable { id: Generated<number>; key: string; at: Timestamp }

export interface BannersTable {
  id: Generated<number>;
  image_url: string;
  title: Generated<string>;
  link: string | null;
  position: Generated<number>;
  seq: Seq;
}

export interface ProductsTable {
  id: Generated<number>;
  supplier_id: number;
  category_id: number | null;
  name: string;
  description: string;
  price: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  min_price: Money;
  max_price: Money;
  thumbnail_url: string;
  minimum_order_quantity: number;
  quantity_in_stock: number;
  average_rating: ColumnType<string, string | number | undefined, string | number>;
  reviews_count: Generated<number>;
  flash_deal_ends_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  seq: Seq;
}

export interface ProductMediaTable {
  id: Generated<number>;
  product_id: number;
  media_source_url: string;
  media_type: 'image' | 'video';
  position: Generated<number>;
}

export interface ReviewsTable {
  id: Generated<number>;
  product_id: number;
  reviewer_id: number;
  rating: number;
  comment: Generated<string>;
  client_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  seq: Seq;
}

export interface FavoritesTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  client_id: string | null;
  created_at: Timestamp;
  seq: Seq;
}

export interface ConversationsTable {
  id: Generated<number>;
  buyer_id: number;
  supplier_id: number;
  product_id: number | null;
  created_at: Timestamp;
  last_message_timestamp: NullableTimestamp;
  buyer_last_read_at: NullableTimestamp;
  supplier_last_read_at: NullableTimestamp;
  seq: Seq;
}

export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender_id: number;
  text: Generated<string>;
  image_url: string | null;
  price: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  client_id: string | null;
  timestamp: Timestamp;
  seq: Seq;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  params: ColumnType<Record<string, unknown>, string | undefined, string>;
  message: string;
  link: string | null;
  is_read: Generated<boolean>;
  created_at: Timestamp;
  seq: Seq;
}

export interface TombstonesTable {
  seq: number;
  collection: string;
  row_id: number;
  audience: number[] | null;
  deleted_at: Timestamp;
}

export interface SyncMetaTable { key: string; value: number }

export interface DB {
  users: UsersTable;
  categories: CategoriesTable;
  supplier_profiles: SupplierProfilesTable;
  supplier_industries: SupplierIndustriesTable;
  buyer_profiles: BuyerProfilesTable;
  buyer_categories: BuyerCategoriesTable;
  refresh_tokens: RefreshTokensTable;
  otp_codes: OtpCodesTable;
  rate_events: RateEventsTable;
  banners: BannersTable;
  products: ProductsTable;
  product_media: ProductMediaTable;
  reviews: ReviewsTable;
  favorites: FavoritesTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  notifications: NotificationsTable;
  tombstones: TombstonesTable;
  sync_meta: SyncMetaTable;
}
