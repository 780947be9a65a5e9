/**
 * The one list of synced tables: each carries `seq` and `txid` (set by a trigger on every
 * insert and update) and leaves a tombstone on delete. The change feed's triggers
 * (migration 0009), the newest-change bounds of GET /api/sync/ and the sync collections are
 * derived from or checked against it (tests/server/db/synced-tables.test.ts).
 *
 * `audience` is the SQL, over the deleted row `old`, of the users who may learn of a
 * deletion; null for public collections.
 */
export const SYNCED_TABLES = [
  { table: 'categories', audience: 'null' },
  { table: 'banners', audience: 'null' },
  { table: 'products', audience: 'null' },
  { table: 'reviews', audience: 'array[old.reviewer_id]' },
  { table: 'favorites', audience: 'array[old.user_id]' },
  { table: 'conversations', audience: 'array[old.buyer_id, old.supplier_id]' },
  { table: 'notifications', audience: 'array[old.user_id]' },
  // When the whole conversation goes, its own tombstone tells the client to drop the messages.
  { table: 'messages', audience: '(select array[c.buyer_id, c.supplier_id] from conversations c where c.id = old.conversation_id)' },
  // `migration`: made later than 0009, by that migration, with its own triggers.
  { table: 'orders', audience: 'array[old.buyer_id, old.supplier_id]', migration: '0020' },
  // Suppliers are shown open requests by category; only the buyer learns of a deletion.
  { table: 'rfqs', audience: 'array[old.buyer_id]', migration: '0028' },
  {
    table: 'rfq_quotes',
    audience: 'array_remove(array[old.supplier_id, (select r.buyer_id from rfqs r where r.id = old.rfq_id)], null)',
    migration: '0028',
  },
] as const;

export type SyncedTable = (typeof SYNCED_TABLES)[number]['table'];

/**
 * Tables whose rows feed synced answers without being synced themselves (a product embeds
 * its supplier's profile and gallery): writes to them also tell other server processes
 * that something changed (LISTEN sync_changes, see db/index.ts).
 */
export const FEEDING_TABLES = [
  'users',
  'supplier_profiles',
  'buyer_profiles',
  'supplier_industries',
  'buyer_categories',
  'product_media',
] as const;
