import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readShape, shapeExists, syncCollections, type Shape } from '../sync';
import { pruneTombstones, syncBounds } from '../sync/tombstones';
import { CURSOR_PATTERN, readCursor, type Cursor } from '../sync/feed';
import { nothingNew, pull } from '../sync/pull';
import { fieldError } from '../lib/errors';
import { catalogueVersionReader, createCatalogueCache, freshRead } from '../services/catalogue/cache';
import { withFavorites } from '../services/catalogue/products';
import { sendPrepared } from '../lib/compression';
import { failures } from '../lib/responses';
import { syncPullRows } from '../lib/metrics';
import { syncAnswerSchema, type Product, type SyncAnswer } from '@/shared/catalogue';
import { INVALID_INTEGER } from '@/shared/validation';

const SYNC_DEFAULT_LIMIT = 500;
const SYNC_MAX_LIMIT = 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

const INVALID_CURSOR = 'Invalid cursor: start again without "since".';
const INVALID_SHAPE = 'Unknown shape: use category:<id> or supplier:<id>.';
const SHAPE_OF_PRODUCTS = 'A shape is a part of the products collection: leave out "collections" or name only products.';

const syncQuery = z.object({
  since: z.string().regex(CURSOR_PATTERN, INVALID_CURSOR).optional(),
  limit: z.coerce.number({ error: INVALID_INTEGER }).int(INVALID_INTEGER).min(1).max(SYNC_MAX_LIMIT).optional(),
  // docs/api.md#delta-sync: only these collections, so a client can keep a cursor per stream.
  collections: z
    .string()
    .max(500)
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return undefined;
      const names = [
        ...new Set(
          value
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean),
        ),
      ];
      const unknown = names.filter((name) => !syncCollections.some((c) => c.name === name));
      if (unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `Unknown collection: ${unknown.join(', ')}. Known: ${syncCollections.map((c) => c.name).join(', ')}.`,
        });
        return z.NEVER;
      }
      return names;
    }),
  // docs/api.md#shapes: one category's or one supplier's products, with a cursor of their own.
  shape: z
    .string()
    .max(40)
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const shape = readShape(value);
      if (!shape) {
        ctx.addIssue({ code: 'custom', message: INVALID_SHAPE });
        return z.NEVER;
      }
      return shape;
    }),
});

/**
 * GET /api/sync/?since=<cursor>&limit=<n> (docs/api.md#delta-sync): every change after the cursor,
 * rows and tombstones of all collections merged in change-feed order (sync/feed.ts), at
 * most `limit` of them. Without `since`, everything. A cursor older than the pruned
 * tombstones, of the old format, or not made by this database answers a full snapshot
 * with reset: true. With `shape=category:<id>` or `shape=supplier:<id>`, only that shape's
 * products and tombstones (docs/api.md#shapes), with the same cursors.
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

  // The catalogue stream (collections=products) is the same for every device that starts from
  // the same cursor: its pages are made once per catalogue version, like the product lists
  // (services/catalogue/cache.ts), so a crowd of first visits costs the server bytes written.
  // A page of 1,000 products holds a few MB in memory: 24 cover a 20,000-product catalogue.
  const cataloguePages = createCatalogueCache<SyncAnswer>(Infinity, 24);
  const version = catalogueVersionReader(app.db);
  // A shape's pages are shared the same way, in a cache of their own so that the many shapes
  // devices hold do not push the whole catalogue's pages out.
  const shapePages = createCatalogueCache<SyncAnswer>(Infinity, 64);
  // A page made while a running transaction held the feed back is not kept: that transaction's
  // end may move no catalogue version, and the kept page would hold back what followed it.
  const heldBack = new WeakSet<SyncAnswer>();
  const sharedPull = async (since: Cursor, limit: number, only?: string[], shape?: Shape) => {
    const { answer, complete } = await pull(app.db, null, since, limit, only, shape);
    if (!complete) heldBack.add(answer);
    return answer;
  };

  app.get(
    '/api/sync/',
    { schema: { tags: ['sync'], querystring: syncQuery, response: { 200: syncAnswerSchema, ...failures(400, 401) } } },
    async (request, reply): Promise<SyncAnswer> => {
      await pruneNowAndThen();
      const { shape } = request.query;
      if (shape && request.query.collections?.some((name) => name !== 'products')) throw fieldError('shape', SHAPE_OF_PRODUCTS);
      if (shape && !(await shapeExists(app.db, shape))) throw fieldError('shape', `No ${shape.kind} ${shape.id}: leave this shape.`);
      const since = readCursor(request.query.since);
      const upToDate = await nothingNew(since, bounds);
      if (upToDate) return counted(upToDate);
      const limit = request.query.limit ?? SYNC_DEFAULT_LIMIT;
      const only = request.query.collections;
      const userId = request.user?.id ?? null;
      if (!shape && (only?.length !== 1 || only[0] !== 'products')) return counted((await pull(app.db, userId, since, limit, only)).answer);

      const pages = shape ? shapePages : cataloguePages;
      const key = `${shape ? `${shape.kind}:${shape.id} ` : ''}${request.query.since ?? ''} ${limit}`;
      const page = await pages.get(
        key,
        await version(),
        () => sharedPull(since, limit, only, shape),
        (answer) => !heldBack.has(answer),
      );
      counted(page.value);
      if (userId === null) return sendPrepared(request, reply, page.prepared(), 'application/json; charset=utf-8');
      const products = page.value.changes.products;
      if (!products) return page.value;
      const upserted = await withFavorites(app.db, products.upserted as Product[], userId);
      return { ...page.value, changes: { products: { ...products, upserted } } };
    },
  );
};

/** A pull and its size for the metrics (docs/operations.md#metrics): the rows and tombstones it answered. */
function counted(answer: SyncAnswer): SyncAnswer {
  let rows = 0;
  for (const changes of Object.values(answer.changes)) rows += changes.upserted.length + changes.deleted.length;
  syncPullRows.observe(rows);
  return answer;
}

export default sync;
