import { db } from '../../db/db';
import { api } from '../api/client';
import { applyChanges, SYNC_TABLES } from './apply';
import { productsChanged } from '../../db/search';
import { recountHeld } from './workingSet';

/**
 * Pulls GET /api/sync/ into the local database (docs/api.md#delta-sync) as two streams, each with its own
 * cursor (`collections=`): the user's own collections with categories and banners, small
 * and pulled often; and the product catalogue, replicated in the background. Each page and
 * its cursor are written in one transaction, so a reload resumes where it stopped.
 */

export type StreamName = 'private' | 'catalogue';

export const STREAM_COLLECTIONS: Record<StreamName, string[]> = {
  private: ['categories', 'banners', 'favorites', 'reviews', 'conversations', 'messages', 'notifications', 'orders', 'rfqs', 'rfq_quotes'],
  catalogue: ['products'],
};

/** The catalogue comes in the server's largest pages: fewer round trips on a long-latency link. */
const PAGE_SIZE: Record<StreamName, number> = { private: 500, catalogue: 1000 };

/** What each stream's reset (a cursor too old for the server) drops before the snapshot arrives. */
const RESET_TABLES: Record<StreamName, () => Promise<unknown>> = {
  // Rows written on this device and not yet sent (negative ids) stay: the outbox still owns them.
  private: () =>
    Promise.all([
      db.categories.clear(),
      db.banners.clear(),
      db.favorites.clear(),
      db.conversations.clear(),
      db.notifications.clear(),
      db.orders.where(':id').above(0).delete(),
      db.reviews.where(':id').above(0).delete(),
      db.messages.where(':id').above(0).delete(),
      db.rfqs.where(':id').above(0).delete(),
      db.rfqQuotes.where(':id').above(0).delete(),
    ]),
  catalogue: () => Promise.all([db.products.clear(), db.lists.clear()]).then(productsChanged),
};

export const streamKey = (stream: StreamName) => `stream:${stream}`;

export async function cursorOf(stream: StreamName): Promise<string | null> {
  return (await db.syncState.get(streamKey(stream)))?.cursor ?? null;
}

type Answer = Awaited<ReturnType<typeof api.sync>>;

const ask = (stream: StreamName, since: string | null, limit: number) =>
  api.sync({ since, limit, collections: STREAM_COLLECTIONS[stream] });

/**
 * Writes one answer and its cursor in one transaction; false when the stream's cursor is no
 * longer `since` (another tab led meanwhile), and then nothing is written.
 */
async function applyPage(stream: StreamName, since: string | null, answer: Answer): Promise<boolean> {
  return db.transaction('rw', SYNC_TABLES, async () => {
    if (((await db.syncState.get(streamKey(stream)))?.cursor ?? null) !== since) return false;
    if (answer.reset) await RESET_TABLES[stream]();
    await applyChanges(answer.changes);
    if (stream === 'catalogue') await recountHeld();
    await db.syncState.put({
      key: streamKey(stream),
      cursor: answer.cursor,
      updated_at: Date.now(),
      value: answer.has_more ? 'partial' : 'done',
    });
    return true;
  });
}

/**
 * Pulls one page; answers whether more pages wait. `stillWanted` is asked before writing: an
 * answer for a user who signed out meanwhile is dropped.
 */
export async function pullPage(stream: StreamName, stillWanted: () => boolean = () => true, limit = PAGE_SIZE[stream]): Promise<boolean> {
  const since = await cursorOf(stream);
  const answer = await ask(stream, since, limit);
  if (!stillWanted()) return false;
  return (await applyPage(stream, since, answer)) && answer.has_more;
}

/**
 * Pulls a stream until it has nothing more, or `keepGoing` says stop (asked before each write
 * and each request). The next page is asked for while this one is written, so the server's
 * time and the device's overlap instead of adding up.
 */
export async function pullStream(
  stream: StreamName,
  keepGoing: () => boolean = () => true,
  limit = PAGE_SIZE[stream],
  roomFor: () => Promise<boolean> = async () => true,
): Promise<void> {
  let since = await cursorOf(stream);
  let next: Promise<Answer> | null = keepGoing() ? ask(stream, since, limit) : null;
  while (next) {
    const answer: Answer = await next;
    next = answer.has_more && keepGoing() ? ask(stream, answer.cursor, limit) : null;
    // Not awaited when this page ends the loop: its failure must not go unhandled.
    next?.catch(() => undefined);
    // `roomFor` (the device's storage) is asked before each write, not each request.
    if (!keepGoing() || !(await roomFor()) || !(await applyPage(stream, since, answer))) return;
    since = answer.cursor;
  }
}
