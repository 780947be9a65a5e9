import { sql } from 'kysely';
import type { Database } from '../db';
import { SYNCED_TABLES } from '../db/synced-tables';
import type { Position } from './feed';

/** Deletions are remembered this long; a device away longer starts over (reset). */
export const TOMBSTONE_DAYS = 90;

/**
 * Forgets tombstones older than TOMBSTONE_DAYS and records the highest txid forgotten in
 * sync_meta 'tombstones_pruned_through': a cursor at or below it may have missed a deletion.
 */
export async function pruneTombstones(db: Database): Promise<void> {
  await sql`
    with pruned as (
      delete from tombstones where deleted_at < now() - make_interval(days => ${TOMBSTONE_DAYS}) returning txid
    )
    update sync_meta set value = greatest(value, (select max(txid) from pruned))
    where key = 'tombstones_pruned_through' and exists (select 1 from pruned)`.execute(db);
}

export interface SyncBounds {
  prunedThrough: number;
  /** The next transaction id: a cursor at or past it was not made by this database. */
  nextTxid: number;
  /**
   * The oldest transaction of this database still running (or the next one): every change
   * below it is final once this query has returned. Transactions of other databases on the
   * same server (they share transaction ids) do not hold the feed back. The activity view is
   * read after the statement's snapshot, so a transaction missing from it ended in between,
   * whatever its database, and holds nothing back either: it is final, though this statement's
   * snapshot does not see it. Hence the rows are read in a snapshot taken after this query
   * (sync/pull.ts), never in the same one (docs/api.md#why-no-change-is-skipped). One missing
   * from the view yet still running (a prepared transaction) holds it back, unless it was
   * prepared in another database.
   */
  settled: number;
  /** The newest change of any synced table or tombstone: a cursor past it has nothing new. */
  latest: Position;
}

export const BOUNDS_IN_SNAPSHOT =
  'syncBounds reads the server as it is now: call it before the snapshot the rows are read in, not inside it';

/** What a cursor is checked against, in one query of its own (not inside a transaction: see `settled`). */
export async function syncBounds(db: Database): Promise<SyncBounds> {
  if (db.isTransaction) throw new Error(BOUNDS_IN_SNAPSHOT);
  const newest = [...SYNCED_TABLES.map((t) => t.table), 'tombstones'].map(
    (table) => sql`(select txid, seq from ${sql.table(table)} order by txid desc, seq desc limit 1)`,
  );
  const { rows } = await sql<{ pruned: number; next: number; settled: number; txid: number | null; seq: number | null }>`
    select (select value from sync_meta where key = 'tombstones_pruned_through')::bigint as pruned,
           pg_snapshot_xmax(pg_current_snapshot())::text::bigint as next,
           coalesce((
             select min(x::text::bigint) from pg_snapshot_xip(pg_current_snapshot()) x
             where exists (select 1 from pg_stat_activity a where a.backend_xid = x::xid and a.datid = ${sql`(select oid from pg_database where datname = current_database())`})
                or (not exists (select 1 from pg_stat_activity a where a.backend_xid = x::xid)
                    and not exists (select 1 from pg_prepared_xacts p where p.transaction = x::xid and p.database <> current_database())
                    and pg_xact_status(x) = 'in progress')
           ), pg_snapshot_xmax(pg_current_snapshot())::text::bigint) as settled,
           latest.txid, latest.seq
    from (select 1) one left join lateral (
      select txid, seq from (${sql.join(newest, sql` union all `)}) changes order by txid desc, seq desc limit 1
    ) latest on true`.execute(db);
  const row = rows[0];
  return {
    prunedThrough: Number(row.pruned),
    nextTxid: Number(row.next),
    settled: Number(row.settled),
    latest: { txid: Number(row.txid ?? 0), seq: Number(row.seq ?? 0) },
  };
}
