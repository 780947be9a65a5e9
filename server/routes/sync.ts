import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sql } from 'kysely';
import { syncCollections } from '../sync';
import { pruneTombstones, syncBounds } from '../sync/tombstones';
import { freshRead } from '../services/catalogue-cache';
import type { SyncAnswer } from '../../src/shared/catalogue';
import type { Database } from '../db';

export const SYNC_DEFAULT_LIMIT = 500;
export const SYNC_MAX_LIMIT = 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * Cursors are "v1.<seq>.<mark>", opaque to clients and versioned so the format can change:
 * seq is the last change the device has, mark the tombstone pruning mark its pull chain
 * was checked against. A chain started from scratch (or caught up past the mark) cannot
 * have missed a pruned deletion; one left behind the mark by a later pruning may have.
 */
const cursorOf = (seq: number, mark: number) => `v1.${seq}.${mark}`;
const readCursor = (cursor: string | undefined) => {
  if (!cursor) return { seq: 0, mark: 0, fresh: true };
  const [, seq, mark = '0'] = cursor.split('.');
  return { seq: Number(seq), mark: Number(mark), fresh: false };
};
const INVALID_CURSOR = 'Invalid cursor: start again without "since".';

const syncQuery = z.object({
  since: z.string().regex(/^v1\.\d{1,15}(\.\d{1,15})?$/, INVALID_CURSOR).optional(),
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

type Entry = { seq: number; collection: string } & ({ item: unknown } | { deleted: number });

/**
 * GET /api/sync/?since=<cursor>&limit=<n> (DESIGN §5): every change after the cursor,
 * rows and tombstones of all collections merged in change order, at most `limit` of them.
 * Without `since`, everything. A cursor older than the pruned tombstones (or newer than
 * anything this server handed out) answers a full snapshot with reset: true.
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
    // One snapshot for every query: a change committing midway cannot be skipped by the cursor.
    return app.db.transaction().setIsolationLevel('repeatable read').execute((db) =>
      pull(db, request.user?.id ?? null, since, request.query.limit ?? SYNC_DEFAULT_LIMIT, request.query.collections));
  });
};

/** The common pull of a device that is up to date: one (shared) query, one small answer. */
async function nothingNew(cursor: ReturnType<typeof readCursor>, bounds: () => ReturnType<typeof syncBounds>): Promise<SyncAnswer | undefined> {
  if (cursor.fresh) return undefined;
  const { prunedThrough, lastSeq, latestChange } = await bounds();
  const missedDeletions = cursor.seq < prunedThrough && cursor.mark < prunedThrough;
  if (missedDeletions || cursor.seq > lastSeq || cursor.seq < latestChange) return undefined;
  return { cursor: cursorOf(cursor.seq, cursor.seq >= prunedThrough ? prunedThrough : cursor.mark), has_more: false, reset: false, changes: {} };
}

async function pull(db: Database, userId: number | null, cursor: ReturnType<typeof readCursor>, limit: number, only?: string[]): Promise<SyncAnswer> {
  const { prunedThrough, lastSeq } = await syncBounds(db);
  const missedDeletions = cursor.seq < prunedThrough && cursor.mark < prunedThrough;
  const reset = !cursor.fresh && (missedDeletions || cursor.seq > lastSeq);
  const since = reset ? 0 : cursor.seq;

  const collections = syncCollections
    .filter((c) => c.scope === 'public' || userId !== null)
    .filter((c) => !only || only.includes(c.name));
  const publicNames = collections.filter((c) => c.scope === 'public').map((c) => c.name);
  const userNames = collections.filter((c) => c.scope === 'user').map((c) => c.name);
  // Each source gives its first limit + 1 entries: the merged first `limit` are then exact.
  const [rowLists, tombstones] = await Promise.all([
    Promise.all(collections.map(async (c) => (await c.changedSince(db, { userId, since, limit: limit + 1 }))
      .map((r): Entry => ({ seq: r.seq, collection: c.name, item: r.item })))),
    collections.length === 0 ? [] : db.selectFrom('tombstones').select(['seq', 'collection', 'row_id']).where('seq', '>', since)
      .where((eb) => eb.or([
        ...(publicNames.length > 0 ? [eb.and([eb('audience', 'is', null), eb('collection', 'in', publicNames)])] : []),
        ...(userId !== null && userNames.length > 0
          ? [eb.and([sql<boolean>`${userId}::int = any(audience)`, eb('collection', 'in', userNames)])]
          : []),
      ]))
      .orderBy('seq').limit(limit + 1).execute(),
  ]);
  const merged: Entry[] = [
    ...rowLists.flat(),
    ...tombstones.map((t): Entry => ({ seq: t.seq, collection: t.collection, deleted: t.row_id })),
  ].sort((a, b) => a.seq - b.seq);
  const taken = merged.slice(0, limit);

  const changes: SyncAnswer['changes'] = {};
  for (const entry of taken) {
    const bucket = (changes[entry.collection] ??= { upserted: [], deleted: [] });
    if ('item' in entry) bucket.upserted.push(entry.item); else bucket.deleted.push(entry.deleted);
  }
  const last = taken.length > 0 ? taken[taken.length - 1].seq : since;
  const startedNow = cursor.fresh || reset;
  return {
    cursor: cursorOf(last, startedNow || last >= prunedThrough ? prunedThrough : cursor.mark),
    has_more: merged.length > limit,
    reset,
    changes,
  };
}

export default sync;
