import type { Database } from '../db';
import type { FeedWindow } from './feed';

/** One change of a collection, already in its API shape. */
export interface FeedEntry {
  txid: number;
  seq: number;
  item: unknown;
  /** Set (item null) for a row the reader may no longer see (a hidden product): sent as its deletion. */
  deleted?: number;
}

/**
 * One collection of GET /api/sync/ (docs/api.md#delta-sync). Each synced table (db/synced-tables.ts)
 * carries `txid` and `seq`, set by a trigger, and leaves tombstones on delete; a collection
 * only says which changed rows a reader may see and how they look in the API.
 */
export interface SyncCollection {
  /** Key under `changes` in the answer, e.g. "products". Also the tombstones' collection name. */
  name: string;
  /** Public collections are sent to guests too; user collections need a signed-in user. */
  scope: 'public' | 'user';
  /**
   * Rows inside the window visible to userId, ordered by (txid, seq), at most `limit`,
   * each already in its API shape (the same shape the resource's own GET answers).
   */
  changedSince(db: Database, args: { userId: number | null; window: FeedWindow }): Promise<FeedEntry[]>;
}
