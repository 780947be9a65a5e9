import { sql, type Kysely } from 'kysely';
import { FEEDING_TABLES, SYNCED_TABLES } from '../synced-tables';

/**
 * The change feed without the global write lock (0001, 0005). Every synced row and
 * tombstone now records the transaction that wrote it (`txid`, from pg_current_xact_id())
 * beside its `seq`. Sequence numbers no longer follow commit order, so GET /api/sync/
 * orders changes by (txid, seq) and only hands out those of transactions older than the
 * oldest one still running (pg_snapshot_xmin): a transaction that commits later always has
 * a txid at or above that bound, so it sorts after any cursor already handed out.
 * Concurrent writers no longer wait for each other.
 *
 * Rows written before this migration get txid 0: they sort first, in seq order. Cursors
 * of the old format answer reset (server/sync/feed.ts), so the pruning mark restarts at 0.
 */
const TXID = 'pg_current_xact_id()::text::bigint';

/** The synced tables that existed when this migration was written (later ones make their own triggers). */
const TABLES = SYNCED_TABLES.filter((t) => !('migration' in t));

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`
    create or replace function sync_bump_seq() returns trigger language plpgsql as $$
    begin
      new.seq := nextval('change_seq');
      new.txid := ${TXID};
      return new;
    end $$`)
    .execute(db);

  for (const { table, audience } of TABLES) {
    await sql`alter table ${sql.table(table)} add column txid bigint not null default 0`.execute(db);
    await sql`drop index ${sql.raw(`${table}_seq`)}`.execute(db);
    await sql`create index ${sql.raw(`${table}_txid_seq`)} on ${sql.table(table)} (txid, seq)`.execute(db);
    const skipOrphans = table === 'messages' ? 'if audience is null then return old; end if;' : '';
    await sql
      .raw(`
      create or replace function ${table}_tombstone() returns trigger language plpgsql as $$
      declare audience integer[] := ${audience};
      begin
        ${skipOrphans}
        insert into tombstones (seq, txid, collection, row_id, audience)
        values (nextval('change_seq'), ${TXID}, '${table}', old.id, audience);
        return old;
      end $$`)
      .execute(db);
  }
  await sql`alter table tombstones add column txid bigint not null default 0`.execute(db);
  await sql`drop index tombstones_seq_collection`.execute(db);
  await sql`create index tombstones_collection_txid_seq on tombstones (collection, txid, seq)`.execute(db);
  await sql`create index tombstones_txid_seq on tombstones (txid, seq)`.execute(db);
  await sql`update sync_meta set value = 0 where key = 'tombstones_pruned_through'`.execute(db);

  // Other processes still hear of every commit (0006), without the lock.
  await sql`
    create function notify_changes() returns trigger language plpgsql as $$
    begin
      perform pg_notify('sync_changes', '');
      return null;
    end $$`.execute(db);
  for (const table of [...TABLES.map((t) => t.table), ...FEEDING_TABLES]) {
    await sql`drop trigger ${sql.raw(`${table}_sync_lock`)} on ${sql.table(table)}`.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_notify_changes`)} after insert or update or delete on ${sql.table(table)}
      for each statement execute function notify_changes()`.execute(db);
  }
  await sql`drop function sync_lock_statement()`.execute(db);
  await sql`drop function sync_lock()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('The change feed cannot go back to the global lock: restore a backup instead');
}
