import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sql } from 'kysely';
import { syncCollections } from '../sync';
import { pruneTombstones, syncBounds, type SyncBounds } from '../sync/tombstones';
import { CURSOR_PATTERN, START, after, compare, cursorOf, inWindow, readCursor, type Cursor, type Position } from '../sync/feed';
import { freshRead } from '../services/catalogue-cache';
import type { SyncAnswer } from '../../src/shared/catalogue';
import type { Database } from '../db';

export const SYNC_DEFAULT_LIMIT = 500;
export const SYNC_MAX_LIMIT = 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

const INVALID_CURSOR = 'Invalid cursor: start again without "since".';

const syncQuery = z.object({
  since: z.string().regex(CURSOR_PATTERN, INVALID_CURSOR).optional(),
  limit: z.coerce.number({ error: 'A valid integer is required.' }).int('A valid integer is required.').min(1).max(SYNC_MAX_LIMIT).optional(),
  // DESIGN §5 (second wave): only these collections, so a client can keep a cursor per stream.
  collections: z.string().max(500).optional().transform((value, ctx) => {
    if (value === undefined || value.trim() === '') return undefined;
    const names = [...new Set(value.split(',').map((name) => name.trim()).filter(Boolean))];
    const unknown = names.filter((name) => !syncCollections.some((c) => c.name === name));
    if (unknown.length > 0) {
      ctx.addIssue({ code: 'custom', message: `Unknown collection: ${unknown.join(', ')}. Known: ${syncCollections.map((c) => c.name).join(', ')}.` });
      return z.NEVER;
    }
    return names;
  }),
});

type Entry = Position & { collection: string } & ({ item: unknown } | { deleted: number });

/** A pull chain behind a later tombstone pruning may have missed a deletion. */
const missedDeletions = (cursor: Cursor, prunedThrough: number) => cursor.at.txid <= prunedThrough && cursor.mark < prunedThrough;

/** The pruning mark a new cursor carries: the current one once the chain is past it. */
const markFor = (cursor: Cursor, next: Position, prunedThrough: number, startedNow: boolean) =>
  startedNow || next.txid > prunedThrough ? prunedThrough : cursor.mark;

/**
 * GET /api/sync/?since=<cursor>&limit=<n> (DESIGN §5): every change after the cursor,
 * rows and tombstones of all collections merged in change-feed order (sync/feed.ts), at
 * most `limit` of them. Without `since`, everything. A cursor older than the pruned
 * tombstones, of the old format, or not made by this database answers a full snapshot
 * with reset: true.
 */
const sync: FastifyPluginAsyncZod = async (app) => {
  let prunedAt = 0;
  const pruneNowAndThen = async () => {
    if (Date.now() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = Date.now();
    await pruneTombstones(app.db);
  };
  app.addHook('onReady', pruneNowAndThen);
  const bounds = freshRead(app.db, () => syncBounds(app.db));

  app.get('/api/sync/', { schema: { tags: ['sync'], querystring: syncQuery } }, async (request): Promise<SyncAnswer> => {
    await pruneNowAndThen();
    const since = readCursor(request.query.since);
    const upToDate = await nothingNew(since, bounds);
    if (upToDate) return upToDate;
    // One snapshot for every query: the bound of settled transactions and the rows agree.
    return app.db.transaction().setIsolationLevel('repeatable read').execute((db) =>
      pull(db, request.user?.id ?? null, since, request.query.limit ?? SYNC_DEFAULT_LIMIT, request.query.collections));
  });
};

/** The common pull of a device that is up to date: one (shared) query, one small answer. */
async function nothingNew(cursor: Cursor, bounds: () => Promise<SyncBounds>): Promise<SyncAnswer | undefined> {
  if (cursor.fresh || cursor.outdated) return undefined;
  const { prunedThrough, nextTxid, latest } = await bounds();
  if (missedDeletions(cursor, prunedThrough) || cursor.at.txid >= nextTxid || compare(latest, cursor.at) >= 0) return undefined;
  return { cursor: cursorOf(cursor.at, markFor(cursor, cursor.at, prunedThrough, false)), has_more: false, reset: false, changes: {} };
}

async function pull(db: Database, userId: number | null, cursor: Cursor, limit: number, only?: string[]): Promise<SyncAnswer> {
  const { prunedThrough, nextTxid, settled } = await syncBounds(db);
  const reset = !cursor.fresh && (cursor.outdated || missedDeletions(cursor, prunedThrough) || cursor.at.txid >= nextTxid);
  // Each source gives its first limit + 1 entries: the merged first `limit` are then exact.
  const window = { after: reset ? START : cursor.at, before: settled, limit: limit + 1 };

  const collections = syncCollections
    .filter((c) => c.scope === 'public' || userId !== null)
    .filter((c) => !only || only.includes(c.name));
  const publicNames = collections.filter((c) => c.scope === 'public').map((c) => c.name);
  const userNames = collections.filter((c) => c.scope === 'user').map((c) => c.name);
  const [rowLists, tombstones] = await Promise.all([
    Promise.all(collections.map(async (c) => (await c.changedSince(db, { userId, window }))
      .map(({ txid, seq, item }): Entry => ({ txid, seq, collection: c.name, item })))),
    collections.length === 0 ? [] : db.selectFrom('tombstones').select(['txid', 'seq', 'collection', 'row_id']).where(inWindow('tombstones', window))
      .where((eb) => eb.or([
        ...(publicNames.length > 0 ? [eb.and([eb('audience', 'is', null), eb('collection', 'in', publicNames)])] : []),
        ...(userId !== null && userNames.length > 0
          ? [eb.and([sql<boolean>`${userId}::int = any(audience)`, eb('collection', 'in', userNames)])]
          : []),
      ]))
      .orderBy('txid').orderBy('seq').limit(window.limit).execute(),
  ]);
  const merged: Entry[] = [
    ...rowLists.flat(),
    ...tombstones.map((t): Entry => ({ txid: t.txid, seq: t.seq, collection: t.collection, deleted: t.row_id })),
  ].sort(compare);
  const taken = merged.slice(0, limit);

  const changes: SyncAnswer['changes'] = {};
  for (const entry of taken) {
    const bucket = (changes[entry.collection] ??= { upserted: [], deleted: [] });
    if ('item' in entry) bucket.upserted.push(entry.item); else bucket.deleted.push(entry.deleted);
  }
  const next = taken.length > 0 ? after(taken[taken.length - 1]) : window.after;
  return {
    cursor: cursorOf(next, markFor(cursor, next, prunedThrough, cursor.fresh || reset)),
    has_more: merged.length > limit,
    reset,
    changes,
  };
}

export default sync;
