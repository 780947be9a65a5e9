import { t } from '@lingui/core/macro';
import type { Review } from '../../shared/catalogue';
import type { Message } from '../../shared/chat';
import { db, type OutboxRow } from '../../db/db';
import { api, ApiError, forgetRefresh, OtherSessionError } from '../api/client';
import { putMessages, putProducts, rebase } from '../pull/apply';
import { serverReason } from '../api/errors';
import { sessionIsOf } from '../session/identity';
import { isDealKind, markDealRow } from './dealRows';
import { sendDeal } from './dealSend';
import { isRfqKind, markRfqRow } from './rfqRows';
import { sendRfq } from './rfqSend';
import { aimAt, claim, type Named } from './queue';
import { forgetLanes, type LaneHooks, type Outcome, runLanes, withUploadSlot } from './lanes';
import { moqPrice } from '../../shared/prices';
import { sessionUserId } from '../session/deviceUser';
import { APP_OUTDATED_STATUS } from '../../shared/app-version';
import { reportTargetOf, sendReport } from './reportSend';

/**
 * Sends the outbox (docs/sync.md#outbox). Per entry: network errors, 5xx and 429 retry with
 * backoff; any other 4xx fails the entry with the server's reason for the user to retry or
 * discard; a target that disappeared fails with a clear reason. Entries of one target go in
 * order, targets side by side; a failed entry does not hold back the others.
 */

const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 60_000;

export function backoff(attempts: number): number {
  const ms = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return ms / 2 + Math.random() * (ms / 2);
}

/** Retry later: the network or the server had a passing problem. */
export const isTransient = (error: unknown) =>
  !(error instanceof ApiError) ||
  error.status === 0 ||
  error.status >= 500 ||
  error.status === 429 ||
  error.status === 408 ||
  error.status === 401;

/**
 * On start-up, entries a closed tab left "sending" go back to pending as uncertain: the server
 * may hold them already, so they are resent with their client_id (which the server answers
 * with what it holds) and never taken back as if unsent (docs/sync.md#outbox-states).
 */
export async function recoverInterrupted(): Promise<void> {
  forgetLanes();
  forgetRefresh();
  await db.outbox.where('state').equals('sending').modify({ state: 'pending', next_at: 0, uncertain: true });
}

/** The server no longer serves this build (docs/api.md#app-versions): nothing was done, the entry waits for the updated app. */
export const refusedAsOutdated = (error: unknown) => error instanceof ApiError && error.status === APP_OUTDATED_STATUS;

export { nextDueIn } from './lanes';

/**
 * Sends every entry that is due, target by target side by side (./lanes.ts); a lane stops at
 * a network failure or when the server is in trouble (the engine resumes later). Answers,
 * once every lane has ended, whether it sent anything.
 */
export function pushOutbox(
  userId: number,
  shouldStop: () => boolean = () => false,
  hooks: Omit<LaneHooks, 'shouldStop'> = {},
): Promise<boolean> {
  return runLanes(userId, sendOne, { ...hooks, shouldStop });
}

/** Sends one entry and records the outcome on it. */
async function sendOne(waiting: OutboxRow): Promise<Outcome> {
  // Another tab signed in as someone else: this entry waits for its own user's session.
  if (!sessionIsOf(waiting.user_id)) return 'stop';
  const entry = await claim(waiting);
  if (!entry) return 'changed';
  try {
    await send(entry);
    return 'sent';
  } catch (error) {
    if (error instanceof OtherSessionError) {
      // Nothing was sent: the entry waits, untouched, for its own user's session.
      // biome-ignore lint/style/noNonNullAssertion: outbox rows read from the table carry their key.
      await db.outbox.update(entry.seq!, { state: 'pending' });
      return 'stop';
    }
    if (refusedAsOutdated(error)) {
      // Kept as it was (not failed, no attempt counted): the updated app sends it (docs/sync.md#outbox-states).
      // biome-ignore lint/style/noNonNullAssertion: outbox rows read from the table carry their key.
      await db.outbox.update(entry.seq!, { state: 'pending' });
      return 'stop';
    }
    if (error instanceof PriceChanged) {
      // biome-ignore lint/style/noNonNullAssertion: outbox rows read from the table carry their key.
      await db.outbox.update(entry.seq!, { payload: { ...entry.payload, priceChange: { was: error.was, now: error.now } } });
      await fail(entry, reasonFor(entry, error));
      return 'failed';
    }
    if (isTransient(error)) {
      const unanswered = error instanceof ApiError && error.status === 0;
      // biome-ignore lint/style/noNonNullAssertion: outbox rows read from the table carry their key.
      await db.outbox.update(entry.seq!, {
        state: 'pending',
        attempts: entry.attempts + 1,
        next_at: Date.now() + backoff(entry.attempts + 1),
        ...(unanswered || entry.uncertain ? { uncertain: true } : {}),
      });
      return error instanceof ApiError && (error.status === 0 || error.status === 401) ? 'stop' : 'retry';
    }
    await fail(entry, reasonFor(entry, error));
    return 'failed';
  }
}

async function send(entry: OutboxRow): Promise<void> {
  const p = entry.payload;
  switch (entry.kind) {
    case 'favorite.add': {
      const favorite = await api.addFavorite(p.product as number, entry.client_id, entry.user_id);
      return done(entry, async () => {
        await putProducts([favorite.product]);
        await db.favorites.put({ product_id: favorite.product.id, id: favorite.id, created_at: favorite.created_at });
      });
    }
    case 'favorite.remove':
      try {
        await api.removeFavorite(p.product as number, entry.user_id);
      } catch (error) {
        // Already gone on the server: the user's wish holds.
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
      return done(entry, () => db.favorites.delete(p.product as number));
    case 'review.create': {
      const review: Review = await api.createReview(
        p.product as number,
        {
          rating: p.rating as number,
          comment: p.comment as string,
          client_id: entry.client_id,
        },
        entry.user_id,
      );
      return done(
        entry,
        async () => {
          await db.reviews.delete(p.tempId as number);
          await db.reviews.put(review);
        },
        { kind: 'review.edit', key: 'review', id: review.id },
      );
    }
    case 'review.edit': {
      const review = await api.editReview(p.product as number, p.review as number, p.comment as string, entry.user_id);
      return done(entry, () => db.reviews.put(review));
    }
    case 'message.send': {
      await checkOfferPrice(entry);
      let image = (p.image as string | null) ?? null;
      const file = entry.file;
      if (file) {
        image = (await withUploadSlot(() => api.upload(file, (p.fileName as string) || 'file', entry.user_id))).secure_url;
        // Uploaded: keep the URL, drop the Blob, so a retry of the post does not upload again.
        // biome-ignore lint/style/noNonNullAssertion: outbox rows read from the table carry their key.
        await db.outbox.update(entry.seq!, { file: undefined, payload: { ...p, image } });
      }
      const message: Message = await api.sendMessage(
        p.conversation as number,
        {
          text: (p.text as string) || '',
          image,
          file_name: image ? (p.fileName as string) || null : null,
          price: (p.price as string | null) ?? null,
          client_id: entry.client_id,
        },
        entry.user_id,
      );
      return done(
        entry,
        async () => {
          await db.messages.delete(p.tempId as number);
          await putMessages([message]);
        },
        { kind: 'offer.answer', key: 'offer', id: message.id },
      );
    }
    case 'notification.read':
      try {
        await api.markNotificationRead(p.id as number, entry.user_id);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
      return done(entry, async () => undefined);
    case 'notification.read-all':
      await api.markAllNotificationsRead(typeof p.until === 'string' ? p.until : undefined, entry.user_id);
      return done(entry, async () => undefined);
    case 'report.create':
      return done(entry, await sendReport(entry));
    case 'offer.answer':
    case 'order.create':
    case 'order.move': {
      const { apply, named } = await sendDeal(entry);
      return done(entry, apply, named);
    }
    case 'rfq.create':
    case 'rfq.picture':
    case 'rfq.quote':
    case 'rfq.close': {
      const { apply, named } = await sendRfq(entry);
      return done(entry, apply, named);
    }
  }
}

/** An offer queued against a price that has changed since: held for the buyer to decide (docs/sync.md). */
class PriceChanged extends Error {
  constructor(
    readonly was: string,
    readonly now: string,
  ) {
    super('The price changed');
  }
}

async function checkOfferPrice(entry: OutboxRow): Promise<void> {
  const p = entry.payload;
  if (p.price === null || p.offerProduct === undefined || p.priceAccepted) return;
  // The server's price now: on reconnecting, the offer would otherwise go out before the
  // catalogue's pull brings the news of a new price.
  const held = await db.products.get(p.offerProduct as number);
  let now = held ? moqPrice(held) : undefined;
  try {
    const product = await api.product(p.offerProduct as number);
    await db.transaction('rw', db.products, () => putProducts([product]));
    now = moqPrice(product);
  } catch (error) {
    // A product gone (404) leaves the offer to the server's own judgement.
    if (isTransient(error)) throw error;
  }
  if (now !== undefined && Number(now) !== Number(p.offerBase)) throw new PriceChanged(p.offerBase as string, now);
}

/**
 * The entry reached the server: apply the answer and forget the entry, in one transaction. The
 * answer is applied only while the device's data is still its sender's: another account may
 * have signed in (another tab) while it was in flight, and its tables are not the sender's. The
 * server holds the change; the sender's next sign-in pulls it.
 */
async function done(entry: OutboxRow, apply: () => Promise<unknown>, named?: Named): Promise<void> {
  await db.transaction(
    'rw',
    [
      db.outbox,
      db.products,
      db.favorites,
      db.reviews,
      db.messages,
      db.notifications,
      db.orders,
      db.reports,
      db.rfqs,
      db.rfqQuotes,
      db.syncState,
    ],
    async () => {
      // biome-ignore lint/style/noNonNullAssertion: outbox rows read from the table carry their key.
      await db.outbox.delete(entry.seq!);
      // Whoever the device shows now, the sender's entries behind this one must name the server's id.
      if (named) await aimAt(entry, named);
      if ((await sessionUserId()) !== entry.user_id) return;
      await apply();
      await rebase();
    },
  );
}

function reasonFor(entry: OutboxRow, error: unknown): string {
  if (error instanceof PriceChanged) {
    const { was, now } = error;
    const offer = entry.payload.price as string;
    return t`Your offer of $${offer} was made when the price was $${was}; it is now $${now}. Retry sends the offer anyway; Discard drops it.`;
  }
  if (error instanceof ApiError && error.status === 404 && entry.kind === 'message.send') return t`This conversation no longer exists.`;
  if (error instanceof ApiError && error.status === 404 && entry.kind === 'report.create') return t`What you reported is no longer there.`;
  // A deal's refusal says what happened (withdrawn meanwhile, stock gone...): the server's words.
  if (isDealKind(entry.kind) || isRfqKind(entry.kind)) return serverReason(error);
  const productGone =
    error instanceof ApiError &&
    (error.status === 404 ||
      (error.status === 400 && entry.kind.startsWith('favorite') && /does not exist/.test(JSON.stringify(error.body))));
  if (productGone) return t`This product is no longer available.`;
  if (error instanceof ApiError && error.status === 413)
    return t`Failed to send message. The file might be too large or of an unsupported type.`;
  return serverReason(error);
}

/** Marks the entry and the row it shows on as failed, with the reason. */
async function fail(entry: OutboxRow, reason: string): Promise<void> {
  await db.transaction('rw', [db.outbox, ...OUTBOX_ROW_TABLES], async () => {
    // biome-ignore lint/style/noNonNullAssertion: outbox rows read from the table carry their key.
    await db.outbox.update(entry.seq!, { state: 'failed', error: reason });
    await markRow(entry, { pending: 'failed', error: reason, outboxId: entry.seq });
  });
}

/** The local row an entry shows on. */
export async function markRow(
  entry: OutboxRow,
  mark: { pending?: 'sending' | 'failed'; error?: string; outboxId?: number },
): Promise<void> {
  const p = entry.payload;
  if (entry.kind === 'favorite.add' || entry.kind === 'favorite.remove') await db.favorites.update(p.product as number, mark);
  else if (entry.kind === 'review.create') await db.reviews.update(p.tempId as number, mark);
  else if (entry.kind === 'review.edit') await db.reviews.update(p.review as number, mark);
  else if (entry.kind === 'message.send') await db.messages.update(p.tempId as number, mark);
  else if (entry.kind === 'report.create') await db.reports.update(reportTargetOf(entry), mark);
  else if (isDealKind(entry.kind)) await markDealRow(entry, mark);
  else if (isRfqKind(entry.kind)) await markRfqRow(entry, mark);
}

/** Every table an entry's row may be in: what retry, discard and a failure write. */
export const OUTBOX_ROW_TABLES = [db.favorites, db.reviews, db.messages, db.notifications, db.orders, db.reports, db.rfqs, db.rfqQuotes];
