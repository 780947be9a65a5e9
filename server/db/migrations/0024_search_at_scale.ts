import { sql, type Kysely } from 'kysely';

/**
 * Searches and sections that cost the same at any catalogue size (services/catalogue/product-list.ts,
 * docs/operations.md#scale-out):
 * - the newest-first index carries the normalized name and text, so a search reads a window of
 *   the newest products from the index alone, without visiting the table;
 * - flash deals are read in their full order (ending soonest, then newest), never sorted;
 * - the price orderings read from an index in their exact order, milliseconds included (the
 *   order products are shown in on the device), carrying what a search and the running-deal
 *   test need; the few products on a running deal have their own small index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index products_created_search on products (created_at desc, id desc) include (search_name, search_doc)`.execute(db);
  await sql`
    create index products_flash_deal_order on products (flash_deal_ends_at, created_at desc, id desc)
    where flash_deal_ends_at is not null`.execute(db);
  await sql`drop index products_flash_deal`.execute(db);
  await sql`
    create index products_deal_price on products (flash_deal_ends_at)
    where flash_deal_ends_at is not null and price is not null`.execute(db);
  // created_at is carried as well: an index on an expression of a column serves index-only
  // scans only when the column itself is in it.
  for (const [name, direction] of [
    ['products_price', 'asc'],
    ['products_price_desc', 'desc'],
  ]) {
    await sql`
      create index ${sql.raw(name)} on products (min_price ${sql.raw(direction)}, date_trunc('milliseconds', created_at at time zone 'UTC') desc, id desc)
      include (created_at, search_doc, flash_deal_ends_at, price)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index products_deal_price`.execute(db);
  await sql`drop index products_price_desc`.execute(db);
  await sql`drop index products_price`.execute(db);
  await sql`create index products_flash_deal on products (flash_deal_ends_at, id) where flash_deal_ends_at is not null`.execute(db);
  await sql`drop index products_flash_deal_order`.execute(db);
  await sql`drop index products_created_search`.execute(db);
}
