import { sql, type Kysely } from 'kysely';

/**
 * Sign-ins ending (refresh tokens revoked or deleted) notify every server process, as writes
 * to `users` already do (migration 0010): each process drops its cached sign-ins at once
 * (db/table-bound-cache.ts).
 *
 * Product lists filtered by category or supplier, newest first, read from an index in that
 * order: a page costs its own rows at any catalogue size, and `next` links seek in it
 * (services/catalogue/product-list.ts, docs/operations.md#scale-out).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index products_category_created on products (category_id, created_at desc, id desc)`.execute(db);
  await sql`create index products_supplier_created on products (supplier_id, created_at desc, id desc)`.execute(db);
  // The older single-column indexes are prefixes of these.
  await sql`drop index products_category`.execute(db);
  await sql`drop index products_supplier`.execute(db);
  await sql`
    create trigger refresh_tokens_notify_changes after update or delete on refresh_tokens
    for each statement execute function notify_changes()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger refresh_tokens_notify_changes on refresh_tokens`.execute(db);
  await sql`create index products_category on products (category_id)`.execute(db);
  await sql`create index products_supplier on products (supplier_id)`.execute(db);
  await sql`drop index products_supplier_created`.execute(db);
  await sql`drop index products_category_created`.execute(db);
}
