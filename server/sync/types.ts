import type { Database } from '../db';

/**
 * One collection of GET /api/sync/ (DESIGN §5). Each synced table carries `seq` (set by a
 * trigger from the global change sequence) and leaves tombstones on delete; a collection
 * only says which changed rows a reader may see and how they look in the API.
 */
export interface SyncCollection {
  /** Key under `changes` in the answer, e.g. "products". Also the tombstones' collection name. */
  name: string;
  /** Public collections are sent to guests too; user collections need a signed-in user. */
  scope: 'public' | 'user';
  /**
   * Rows with seq > since visible to userId, ordered by seq ascending, at most `limit`,
   * each already in its API shape (the same shape the resource's own GET answers).
   */
  changedSince(db: Database, args: { userId: number | null; since: number; limit: number }): Promise<Array<{ seq: number; item: unknown }>>;
}
