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

/** What a cursor is checked against: the pruning mark, and the newest seq handed out. */
export async function syncBounds(db: Database): Promise<{ prunedThrough: number; lastSeq: number }> {
  const { rows } = await sql<{ pruned: number; last: number }>`
    select (select value from sync_meta where key = 'tombstones_pruned_through')::bigint as pruned,
           (select last_value from change_seq)::bigint as last`.execute(db);
  return { prunedThrough: Number(rows[0].pruned), lastSeq: Number(rows[0].last) };
}
