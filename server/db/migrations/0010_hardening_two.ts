import { sql, type Kysely } from 'kysely';

/**
 * - Change notifications name the table written (TG_TABLE_NAME as the payload), so each
 *   server process drops only the cached answers read from that table: a message or a failed
 *   sign-in no longer empties the catalogue's cache (services/catalogue/cache.ts).
 * - rate_events gets an index on its time column: the sweep of old events no longer reads
 *   the whole table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function notify_changes() returns trigger language plpgsql as $$
    begin
      perform pg_notify('sync_changes', tg_table_name);
      return null;
    end $$`.execute(db);
  await sql`create index rate_events_at on rate_events (at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index rate_events_at`.execute(db);
  await sql`
    create or replace function notify_changes() returns trigger language plpgsql as $$
    begin
      perform pg_notify('sync_changes', '');
      return null;
    end $$`.execute(db);
}
