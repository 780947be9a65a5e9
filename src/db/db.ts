import Dexie, { type EntityTable, type Table } from 'dexie';
import type { Banner, Product, Review } from '../shared/catalogue';
import type { Conversation, Message, Notification } from '../shared/chat';
import type { Category, UserSummary } from '../shared/types';
import type { Order } from '../shared/deals-schema';
import type { ReportReason, ReportTargetType } from '../shared/trust';
import type { VerificationCheck } from '../shared/trust-schema';
import type { Rfq, RfqQuote } from '../shared/rfqs';

/**
 * The device's local database (docs/architecture.md#the-web-app-one-direction): screens render from it through live queries; the
 * sync layer (src/sync/) is the only writer of what comes from the server, and intent
 * functions write the user's own actions here first, with an outbox entry to send them.
 */

/** What a row written on the device shows until the server has it (see OutboxRow). */
export interface PendingMark {
  pending?: 'sending' | 'failed';
  /** The server's reason, when failed. */
  error?: string;
  /** The outbox entry to retry or discard. */
  outboxId?: number;
}

export interface CategoryRow extends Category {
  /** Server order, kept because the category list is shown as the server sorts it. */
  position: number;
}

export interface ProductRow extends Product {
  /** Indexed copies of nested ids. */
  category_id: number | null;
  supplier_id: number;
  /** When the device last had this product from the server (ms). */
  fetched_at: number;
}

/** One product list as the server ordered it (a home section, a search, a category page...). */
export interface ListRow {
  /** The query, canonical: see listKey(). */
  key: string;
  ids: number[];
  count: number;
  fetched_at: number;
}

/** A favourite, keyed by product: at most one per product. */
export interface FavoriteRow extends PendingMark {
  product_id: number;
  /** The server's id; null while the add is pending. */
  id: number | null;
  created_at: string;
  /** A removal waiting to be sent: hidden from the screens, kept so a pull cannot bring it back. */
  removed?: boolean;
}

export interface ReviewRow extends Review, PendingMark {}

export interface ConversationRow extends Conversation {
  /** last_message_timestamp or created_at: the list's order. */
  activity: string;
}

export interface MessageRow extends Message, PendingMark {
  /** A file still waiting to be uploaded (kept as a Blob until the upload succeeded). */
  file_name?: string | null;
}

export type NotificationRow = Notification;

/** An order (docs/api.md#offers-and-orders); a "Buy now" not yet sent has a temporary negative id. */
export interface OrderRow extends Order, PendingMark {}

/** A request for quotation (docs/api.md#requests-for-quotation); one posted on this device and not yet sent has a temporary negative id. */
export interface RfqRow extends Rfq, PendingMark {
  /** The closing asked on this device and not yet sent. */
  closing?: boolean;
}

/** A quote on a request: every quote of the buyer's own requests, a supplier's own quotes. */
export interface RfqQuoteRow extends RfqQuote, PendingMark {}

export interface SellerRow extends UserSummary {
  seller_average_rating?: string | null;
  /** What was checked of the supplier and when, and the registry checked (docs/api.md#trust-and-safety). */
  verification?: VerificationCheck[];
  business_registry?: string | null;
  fetched_at: number;
}

/**
 * What the user reported, keyed by target ('product:12', 'user:3', 'message:40'): the item shows
 * "Reported" from then on (docs/sync.md#reports). `id` is the server's once the report reached it.
 */
export interface ReportRow extends PendingMark {
  target: string;
  target_type: ReportTargetType;
  target_id: number;
  reason: ReportReason;
  details: string;
  id: number | null;
  created_at: string;
}

export interface RatesRow {
  base: 'USD';
  rates: Record<string, number>;
  fetched_at: number;
}

export interface RecentRow {
  product_id: number;
  viewed_at: number;
  product: Product;
}

export type OutboxKind =
  | 'favorite.add'
  | 'favorite.remove'
  | 'review.create'
  | 'review.edit'
  | 'message.send'
  | 'notification.read'
  | 'notification.read-all'
  | 'offer.answer'
  | 'order.create'
  | 'order.move'
  | 'report.create'
  | 'rfq.create'
  | 'rfq.picture'
  | 'rfq.quote'
  | 'rfq.close';

export interface OutboxRow {
  seq?: number;
  kind: OutboxKind;
  /** Entries of one target are sent in order ('product:12', 'conversation:5', 'notifications'). */
  target: string;
  /** Made on the device before the first send; the server's idempotency key (docs/api.md#idempotent-writes). */
  client_id: string;
  payload: Record<string, unknown>;
  /** A chat file, or a request's picture, until it is uploaded. */
  file?: Blob;
  /** Its resumable upload (src/sync/outbox/uploads.ts): the URL to resume at, and how far it got. */
  upload?: { url?: string; sent: number; total: number };
  state: 'pending' | 'sending' | 'failed';
  error?: string;
  attempts: number;
  /** A try got no answer: the server may have it already, so it is no longer undone by collapsing. */
  uncertain?: boolean;
  /** Not before this time (ms): the backoff after a network error or a 5xx. */
  next_at: number;
  created_at: number;
  /** The signed-in user who made it: another user's entries are never sent. */
  user_id: number;
  /**
   * A part of an entry behind it (a request's picture): failed, it holds its target until the
   * user retries it or lets the whole go without it, where a failed entry otherwise holds nothing.
   */
  holdsTarget?: boolean;
}

/** Sync bookkeeping: one row per stream, plus small facts (keys below). */
export interface SyncStateRow {
  key: string;
  cursor?: string | null;
  user_id?: number | null;
  value?: unknown;
  updated_at?: number;
}

export class MarketplaceDb extends Dexie {
  categories!: EntityTable<CategoryRow, 'id'>;
  products!: EntityTable<ProductRow, 'id'>;
  lists!: EntityTable<ListRow, 'key'>;
  banners!: EntityTable<Banner, 'id'>;
  favorites!: Table<FavoriteRow, number>;
  reviews!: EntityTable<ReviewRow, 'id'>;
  conversations!: EntityTable<ConversationRow, 'id'>;
  messages!: EntityTable<MessageRow, 'id'>;
  notifications!: EntityTable<NotificationRow, 'id'>;
  orders!: EntityTable<OrderRow, 'id'>;
  sellers!: EntityTable<SellerRow, 'id'>;
  rates!: EntityTable<RatesRow, 'base'>;
  recent!: Table<RecentRow, number>;
  reports!: EntityTable<ReportRow, 'target'>;
  rfqs!: EntityTable<RfqRow, 'id'>;
  rfqQuotes!: EntityTable<RfqQuoteRow, 'id'>;
  outbox!: EntityTable<OutboxRow, 'seq'>;
  syncState!: EntityTable<SyncStateRow, 'key'>;

  constructor(name = 'marketplace') {
    super(name);
    this.version(1).stores({
      categories: 'id, position',
      counts: 'key',
    });
    // Version 2: the whole data layer. Counts are derived from the local tables now.
    this.version(2).stores({
      counts: null,
      products: 'id, created_at, flash_deal_ends_at, category_id, supplier_id',
      lists: 'key, fetched_at',
      banners: 'id',
      favorites: 'product_id, id',
      reviews: 'id, product, [product+created_at]',
      conversations: 'id, activity',
      messages: 'id, [conversation+timestamp], client_id',
      notifications: 'id, created_at',
      sellers: 'id',
      rates: 'base',
      recent: 'product_id, viewed_at',
      outbox: '++seq, state, target, client_id',
      syncState: 'key',
    });
    // Version 3: orders (docs/sync.md). The private stream starts over (its rows stay where they
    // are): a cursor an older version moved on without asking for orders would skip the early ones.
    this.version(3)
      .stores({ orders: 'id, status, updated_at, client_id' })
      .upgrade((tx) => tx.table('syncState').delete('stream:private'));
    // Version 4: products by rating, so the working set keeps the best rated beside the newest (docs/sync.md#working-set).
    this.version(4).stores({ products: 'id, created_at, flash_deal_ends_at, category_id, supplier_id, average_rating' });
    // Version 5: the user's reports, by target (docs/sync.md#reports); requests for quotation and
    // their quotes (docs/sync.md#the-local-database). The private stream starts over, keeping its
    // rows: an older version's cursor moved past the requests and quotes it did not ask for.
    this.version(5)
      .stores({ reports: 'target', rfqs: 'id, created_at, client_id', rfqQuotes: 'id, rfq, client_id' })
      .upgrade((tx) => tx.table('syncState').delete('stream:private'));
  }
}

export const db = new MarketplaceDb();

/** Tables that belong to the signed-in user: cleared on sign-out and when another user signs in. */
export const PRIVATE_TABLES = [
  'favorites',
  'reviews',
  'conversations',
  'messages',
  'notifications',
  'orders',
  'rfqs',
  'rfqQuotes',
  'outbox',
  'recent',
  'reports',
] as const;
