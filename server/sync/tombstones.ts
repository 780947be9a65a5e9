import { sql } from 'kysely';
import type { Database } from '../db';

/** Deletions are remembered this long; a device away longer starts over (reset). */
export const TOMBSTONE_DAYS = 90;

/**
 * Forgets tombstones older than TOMBSTONE_DAYS and records the highest seq forgotten in
 * sync_meta 'tombstones_pruned_through': a cursor below it may have missed a deletion.
 */
export async function pruneTombstones(db: Database): Promise<void> {
  await sql`
    with pruned as (
      delete from tombstones where deleted_at < now() - make_interval(days => ${TOMBSTONE_DAYS}) returning seq
    )
    update sync_meta set value = greatest(value, (select max(seq) from pruned))
    where key = 'tombstones_pruned_through' and exists (select 1 from pruned)`.execute(db);
}

/** Every table with a seq (migration 0001): the newest of their seqs is the latest committed change. */
const SYNCED_TABLES = ['categories', 'banners', 'products', 'reviews', 'favorites', 'conversations', 'messages', 'notifications', 'tombstones'];

/**
 * What a cursor is checked against, in one query: the pruning mark, the newest seq handed
 * out, and the newest change committed anywhere (a device already past it has nothing new).
 */
export async function syncBounds(db: Database): Promise<{ prunedThrough: number; lastSeq: number; latestChange: number }> {
  const newest = SYNCED_TABLES.map((t) => sql`(select max(seq) from ${sql.table(t)})`);
  const { rows } = await sql<{ pruned: number; last: number; latest: number }>`
    select (select value from sync_meta where key = 'tombstones_pruned_through')::bigint as pruned,
           (select last_value from change_seq)::bigint as last,
           greatest(${sql.join(newest)}, 0)::bigint as latest`.execute(db);
  return { prunedThrough: Number(rows[0].pruned), lastSeq: Number(rows[0].last), latestChange: Number(rows[0].latest) };
}
