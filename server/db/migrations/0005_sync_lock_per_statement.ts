import { sql, type Kysely } from 'kysely';

/**
 * The change-sequence lock (0001) was first taken by row triggers, i.e. after an UPDATE or
 * DELETE had already locked its row. A transaction holding the lock that then touched the
 * same row deadlocked with it. A statement-level BEFORE trigger runs before any row is
 * locked, so every statement writing a synced table, or a table whose rows feed synced
 * answers (users, profiles, gallery), takes the lock first: one order for everyone.
 */
const TABLES = [
  'categories',
  'banners',
  'products',
  'reviews',
  'favorites',
  'conversations',
  'messages',
  'notifications',
  'users',
  'supplier_profiles',
  'buyer_profiles',
  'supplier_industries',
  'buyer_categories',
  'product_media',
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function sync_lock_statement() returns trigger language plpgsql as $$
    begin
      perform sync_lock();
      return null;
    end $$`.execute(db);
  for (const table of TABLES) {
    await sql`
      create trigger ${sql.raw(`${table}_sync_lock`)} before insert or update or delete on ${sql.table(table)}
      for each statement execute function sync_lock_statement()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await sql`drop trigger ${sql.raw(`${table}_sync_lock`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function sync_lock_statement()`.execute(db);
}
