import { sql } from 'kysely';

/**
 * Positions in the change feed (migration 0009). Changes are ordered by (txid, seq): the
 * transaction that wrote them, then the order within it. A pull only hands out changes of
 * transactions older than every transaction of its database still running (`before`);
 * any transaction that commits later has a txid at or above that bound, so it sorts after
 * every position handed out so far and no change is ever skipped, without writers taking
 * turns. The bound is read before the snapshot the rows are read in: the argument is in
 * docs/api.md#why-no-change-is-skipped.
 */
export interface Position {
  txid: number;
  seq: number;
}

/** What a collection reads: the changes at or after `after` of transactions below `before`. */
export interface FeedWindow {
  after: Position;
  before: number;
  limit: number;
}

export const START: Position = { txid: 0, seq: 0 };

/** The position just after a change. */
export const after = (change: Position): Position => ({ txid: change.txid, seq: change.seq + 1 });

export const compare = (a: Position, b: Position) => a.txid - b.txid || a.seq - b.seq;

/** SQL: the row named `table` (or its alias) falls inside the window. */
export const inWindow = (table: string, w: FeedWindow) => {
  const txid = sql.ref(`${table}.txid`);
  return sql<boolean>`((${txid}, ${sql.ref(`${table}.seq`)}) >= (${w.after.txid}::bigint, ${w.after.seq}::bigint) and ${txid} < ${w.before}::bigint)`;
};

/**
 * Cursors are "v2.<txid>.<seq>.<mark>", opaque to clients and versioned so the format can
 * change: (txid, seq) is the feed position the device has reached, mark the tombstone
 * pruning mark its pull chain was checked against. A chain started from scratch (or caught
 * up past the mark) cannot have missed a pruned deletion; one left behind the mark by a
 * later pruning may have. "v1.<seq>.<mark>" cursors (ordered by seq alone, under the old
 * global lock) cannot be placed in the new order: they answer a reset.
 */
export const CURSOR_PATTERN = /^(v1\.\d{1,15}(\.\d{1,15})?|v2\.\d{1,15}\.\d{1,15}\.\d{1,15})$/;

export interface Cursor {
  at: Position;
  mark: number;
  fresh: boolean;
  outdated: boolean;
}

export const cursorOf = (at: Position, mark: number) => `v2.${at.txid}.${at.seq}.${mark}`;

export function readCursor(text: string | undefined): Cursor {
  if (!text) return { at: START, mark: 0, fresh: true, outdated: false };
  const [version, txid, seq, mark] = text.split('.');
  if (version !== 'v2') return { at: START, mark: 0, fresh: false, outdated: true };
  return { at: { txid: Number(txid), seq: Number(seq) }, mark: Number(mark), fresh: false, outdated: false };
}
