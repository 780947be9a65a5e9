import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { syncCollections } from '../sync';
import { pruneTombstones, syncBounds } from '../sync/tombstones';
import { CURSOR_PATTERN, readCursor } from '../sync/feed';
import { nothingNew, pull } from '../sync/pull';
import { freshRead } from '../services/catalogue-cache';
import type { SyncAnswer } from '../../src/shared/catalogue';
import { INVALID_INTEGER } from '../../src/shared/validation';

const SYNC_DEFAULT_LIMIT = 500;
const SYNC_MAX_LIMIT = 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

const INVALID_CURSOR = 'Invalid cursor: start again without "since".';

const syncQuery = z.object({
  since: z.string().regex(CURSOR_PATTERN, INVALID_CURSOR).optional(),
  limit: z.coerce.number({ error: INVALID_INTEGER }).int(INVALID_INTEGER).min(1).max(SYNC_MAX_LIMIT).optional(),
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

export default sync;
