import { sql, type Kysely } from 'kysely';

/**
 * Every statement that writes a synced table (0005) also notifies 'sync_changes'. PostgreSQL
 * delivers it once per transaction, at commit, to every listening server process, so their
 * caches learn of other processes' writes without asking the database on each request.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function sync_lock_statement() returns trigger language plpgsql as $$
    begin
      perform sync_lock();
      perform pg_notify('sync_changes', '');
      return null;
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function sync_lock_statement() returns trigger language plpgsql as $$
    begin
      perform sync_lock();
      return null;
    end $$`.execute(db);
}
