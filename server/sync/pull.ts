import { sql, type Transaction } from 'kysely';
import type { Database } from '../db';
import type { DB } from '../db/schema';
import { syncCollections } from '.';
import { syncBounds, type SyncBounds } from './tombstones';
import { START, after, compare, cursorOf, inWindow, type Cursor, type Position } from './feed';
import { SHAPE_TOMBSTONES, shapeColumn, shapeProducts, type Shape } from './shapes';
import type { SyncAnswer } from '@/shared/catalogue';
import type { FeedEntry } from './types';

/** One pull of GET /api/sync/ (docs/api.md#delta-sync): the changes after a cursor, of every collection, merged in change-feed order. */

type Entry = Position & { collection: string } & ({ item: unknown } | { deleted: number });

/** A collection's change as an entry of the merged feed: an upsert, or a deletion for a row the reader may no longer see. */
const feedEntry = ({ txid, seq, item, deleted }: FeedEntry, collection: string): Entry =>
  deleted === undefined ? { txid, seq, collection, item } : { txid, seq, collection, deleted };

/** A pull chain behind a later tombstone pruning may have missed a deletion. */
const missedDeletions = (cursor: Cursor, prunedThrough: number) => cursor.at.txid <= prunedThrough && cursor.mark < prunedThrough;

/** The pruning mark a new cursor carries: the current one once the chain is past it. */
const markFor = (cursor: Cursor, next: Position, prunedThrough: number, startedNow: boolean) =>
  startedNow || next.txid > prunedThrough ? prunedThrough : cursor.mark;

/** The common pull of a device that is up to date: one (shared) query, one small answer. */
export async function nothingNew(cursor: Cursor, bounds: () => Promise<SyncBounds>): Promise<SyncAnswer | undefined> {
  if (cursor.fresh || cursor.outdated) return undefined;
  const { prunedThrough, nextTxid, latest } = await bounds();
  if (missedDeletions(cursor, prunedThrough) || cursor.at.txid >= nextTxid || compare(latest, cursor.at) >= 0) return undefined;
  return { cursor: cursorOf(cursor.at, markFor(cursor, cursor.at, prunedThrough, false)), has_more: false, reset: false, changes: {} };
}

/** A page of the feed, and whether it holds every committed change up to its bound. */
export interface Pulled {
  answer: SyncAnswer;
  /**
   * False when a running transaction held the bound back: changes committed after it wait.
   * Its end may move no catalogue version (it may have written no catalogue table), so a page
   * shared between devices is kept only when complete (routes/sync.ts).
   */
  complete: boolean;
}

/**
 * With a `shape`, only that shape of the products collection (docs/api.md#shapes): its rows from
 * their index, and its tombstones, exits included, under `products`.
 *
 * The bound of settled transactions is read first, in a statement of its own, and the rows after
 * it, in one repeatable-read snapshot taken later: a transaction that the bound lets through has
 * ended by the time the bound is read, so that snapshot sees its writes (docs/api.md#why-no-change-is-skipped).
 * Reading the bound inside the same snapshot skipped such a transaction for good.
 */
export async function pull(
  db: Database,
  userId: number | null,
  cursor: Cursor,
  limit: number,
  only?: string[],
  shape?: Shape,
): Promise<Pulled> {
  const bounds = await syncBounds(db);
  const answer = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute((snapshot) => pullWithin(snapshot, bounds, userId, cursor, limit, only, shape));
  return { answer, complete: bounds.settled >= bounds.nextTxid };
}

async function pullWithin(
  db: Transaction<DB>,
  { prunedThrough, nextTxid, settled }: SyncBounds,
  userId: number | null,
  cursor: Cursor,
  limit: number,
  only?: string[],
  shape?: Shape,
): Promise<SyncAnswer> {
  const reset = !cursor.fresh && (cursor.outdated || missedDeletions(cursor, prunedThrough) || cursor.at.txid >= nextTxid);
  // Each source gives its first limit + 1 entries: the merged first `limit` are then exact.
  const window = { after: reset ? START : cursor.at, before: settled, limit: limit + 1 };

  if (shape) return pullShape(db, userId, cursor, limit, shape, { prunedThrough, reset, window });
  const collections = syncCollections.filter((c) => c.scope === 'public' || userId !== null).filter((c) => !only || only.includes(c.name));
  const publicNames = collections.filter((c) => c.scope === 'public').map((c) => c.name);
  const userNames = collections.filter((c) => c.scope === 'user').map((c) => c.name);
  const [rowLists, tombstones] = await Promise.all([
    Promise.all(collections.map(async (c) => (await c.changedSince(db, { userId, window })).map((entry) => feedEntry(entry, c.name)))),
    collections.length === 0
      ? []
      : db
          .selectFrom('tombstones')
          .select(['txid', 'seq', 'collection', 'row_id'])
          .where(inWindow('tombstones', window))
          .where((eb) =>
            eb.or([
              ...(publicNames.length > 0 ? [eb.and([eb('audience', 'is', null), eb('collection', 'in', publicNames)])] : []),
              ...(userId !== null && userNames.length > 0
                ? [eb.and([sql<boolean>`${userId}::int = any(audience)`, eb('collection', 'in', userNames)])]
                : []),
            ]),
          )
          .orderBy('txid')
          .orderBy('seq')
          .limit(window.limit)
          .execute(),
  ]);
  const merged: Entry[] = [
    ...rowLists.flat(),
    ...tombstones.map((t): Entry => ({ txid: t.txid, seq: t.seq, collection: t.collection, deleted: t.row_id })),
  ].sort(compare);
  return answer(merged, limit, cursor, prunedThrough, reset, window.after);
}

interface Bounds {
  prunedThrough: number;
  reset: boolean;
  window: { after: Position; before: number; limit: number };
}

async function pullShape(db: Transaction<DB>, userId: number | null, cursor: Cursor, limit: number, shape: Shape, bounds: Bounds) {
  const { window } = bounds;
  const [rows, tombstones] = await Promise.all([
    shapeProducts(db, shape, userId, window),
    db
      .selectFrom('tombstones')
      .select(['txid', 'seq', 'row_id'])
      .where(shapeColumn(shape), '=', shape.id)
      .where(inWindow('tombstones', window))
      .where('collection', 'in', SHAPE_TOMBSTONES)
      .orderBy('txid')
      .orderBy('seq')
      .limit(window.limit)
      .execute(),
  ]);
  const merged: Entry[] = [
    ...rows.map((entry) => feedEntry(entry, 'products')),
    ...tombstones.map((t): Entry => ({ txid: t.txid, seq: t.seq, collection: 'products', deleted: t.row_id })),
  ].sort(compare);
  const page = answer(merged, limit, cursor, bounds.prunedThrough, bounds.reset, window.after);
  const products = page.changes.products;
  if (products) {
    // A product that left the shape and came back is in it: its row, read now, is newer than its exit.
    const back = new Set(products.upserted.map((p) => (p as { id: number }).id));
    products.deleted = [...new Set(products.deleted)].filter((id) => !back.has(id));
  }
  return page;
}

function answer(merged: Entry[], limit: number, cursor: Cursor, prunedThrough: number, reset: boolean, start: Position): SyncAnswer {
  const taken = merged.slice(0, limit);

  const changes: SyncAnswer['changes'] = {};
  for (const entry of taken) {
    changes[entry.collection] ??= { upserted: [], deleted: [] };
    const bucket = changes[entry.collection];
    if ('item' in entry) bucket.upserted.push(entry.item);
    else bucket.deleted.push(entry.deleted);
  }
  const next = taken.length > 0 ? after(taken[taken.length - 1]) : start;
  return {
    cursor: cursorOf(next, markFor(cursor, next, prunedThrough, cursor.fresh || reset)),
    has_more: merged.length > limit,
    reset,
    changes,
  };
}
