import { t } from '@lingui/core/macro';
import type { Product } from '../../shared/catalogue';
import { RECENTLY_VIEWED_MAX, OFFER_STEP } from '../../shared/constants';
import { offerPrice } from '../../shared/currency';
import { db, type ConversationRow, type MessageRow, type ReviewRow } from '../../db/db';
import { api } from '../api/client';
import { putProducts, toConversationRow } from '../pull/apply';
import { enqueue, unsent, waitingEntry } from './queue';
import { markRow, OUTBOX_ROW_TABLES } from './send';
import { requestPull } from '../engine';
import { guardedWrite } from '../storage';
import { nowIso, signedInUser, tempId } from './localRows';
import { wakePush } from './signals';
import { NotSignedInError } from '../api/errors';
import { discardDeal, isDealKind } from './dealRows';
import { discardRfq, isRfqKind } from './rfqRows';
import { moqPrice } from '../../shared/prices';
import { reportTargetOf } from './reportSend';

export { NotSignedInError };
export { answerOffer, moveOrder, placeOrder } from './deals';
export { reportTarget } from './reports';
export { closeRfq, postRfq, sendQuote } from './rfqs';

/**
 * What the screens call (docs/architecture.md#the-web-app-one-direction): each writes the device first, so the screen changes at
 * once, and queues an outbox entry the engine sends when it can. None throws for network
 * reasons; a failure later shows on the row (pending: 'failed', error) with retry and discard.
 */

/** Adds when not favourited, removes when favourited (docs/product.md#screens). A toggle back before sending cancels both. */
export async function toggleFavorite(product: Product): Promise<'added' | 'removed'> {
  const user = signedInUser();
  const target = `product:${product.id}`;
  return guardedWrite(t`your favourite`, () =>
    db.transaction('rw', [db.favorites, db.outbox, db.products], async () => {
      const row = await db.favorites.get(product.id);
      const favorited = Boolean(row && !row.removed);
      const opposite = await waitingEntry(target, [favorited ? 'favorite.add' : 'favorite.remove']);
      if (opposite) {
        // Collapse (docs/sync.md#collapse): undo the unsent opposite action instead of queueing a new one.
        // biome-ignore lint/style/noNonNullAssertion: outbox rows read from the table carry their key.
        await db.outbox.delete(opposite.seq!);
        if (favorited) await db.favorites.delete(product.id);
        // biome-ignore lint/style/noNonNullAssertion: an unsent add to undo means the row is there.
        else await db.favorites.put({ ...row!, removed: false, pending: undefined, error: undefined, outboxId: undefined });
        return favorited ? 'removed' : 'added';
      }
      if (!(await db.products.get(product.id))) await putProducts([product]);
      const kind = favorited ? 'favorite.remove' : 'favorite.add';
      const seq = await enqueue({ kind, target, payload: { product: product.id }, userId: user.id });
      const mark = { pending: 'sending' as const, error: undefined, outboxId: seq };
      // biome-ignore lint/style/noNonNullAssertion: favourited means the row is there.
      if (favorited) await db.favorites.put({ ...row!, removed: true, ...mark });
      else await db.favorites.put({ product_id: product.id, id: row?.id ?? null, created_at: nowIso(), removed: false, ...mark });
      return favorited ? 'removed' : 'added';
    }),
  );
}

/** A new review (buyers, one per product): shown at once as pending. */
export async function submitReview(productId: number, input: { rating: number; comment: string }): Promise<ReviewRow> {
  const user = signedInUser();
  const id = tempId();
  return guardedWrite(t`your review`, () =>
    db.transaction('rw', [db.reviews, db.outbox], async () => {
      const seq = await enqueue({
        kind: 'review.create',
        target: `product:${productId}`,
        userId: user.id,
        payload: { product: productId, rating: input.rating, comment: input.comment.trim(), tempId: id },
      });
      const review: ReviewRow = {
        id,
        rating: input.rating,
        comment: input.comment.trim(),
        created_at: nowIso(),
        updated_at: nowIso(),
        product: productId,
        reviewer: {
          id: user.id,
          first_name: user.first_name,
          user_type: user.user_type,
          date_joined: user.date_joined,
          supplier_profile: null,
          buyer_profile: user.buyer_profile,
          profile: user.buyer_profile,
        },
        pending: 'sending',
        outboxId: seq,
      };
      await db.reviews.put(review);
      return review;
    }),
  );
}

/** The reviewer edits their comment (docs/product.md#screens). Edits not yet sent collapse into the last one. */
export async function editReview(shown: ReviewRow, comment: string): Promise<void> {
  const user = signedInUser();
  const text = comment.trim();
  const target = `product:${shown.product}`;
  await guardedWrite(t`your review`, () =>
    db.transaction('rw', [db.reviews, db.outbox], async () => {
      // The screen may hold the review under its temporary id while its creation was answered:
      // the edit is aimed at the server's id, or it would go to a review that does not exist.
      const review = (await db.reviews.get(shown.id)) ?? (await createdFrom(shown, user.id)) ?? shown;
      const waiting = await waitingEntry(target, ['review.create', 'review.edit']);
      if (waiting && (waiting.payload.tempId === review.id || waiting.payload.review === review.id)) {
        // biome-ignore lint/style/noNonNullAssertion: outbox rows read from the table carry their key.
        await db.outbox.update(waiting.seq!, { payload: { ...waiting.payload, comment: text } });
        await db.reviews.update(review.id, { comment: text });
        return;
      }
      const seq = await enqueue({
        kind: 'review.edit',
        target,
        userId: user.id,
        payload: { product: review.product, review: review.id, comment: text, previous: review.comment },
      });
      await db.reviews.update(review.id, { comment: text, pending: 'sending', error: undefined, outboxId: seq });
    }),
  );
}

/** The server's row of a review the device created under a temporary id, once its creation was answered. */
async function createdFrom(review: ReviewRow, userId: number): Promise<ReviewRow | undefined> {
  if (review.id >= 0) return undefined;
  return db.reviews
    .where('product')
    .equals(review.product)
    .filter((r) => r.id > 0 && r.reviewer.id === userId)
    .first();
}

export interface NewMessage {
  text?: string;
  file?: Blob & { name?: string };
  price?: string | null;
  /** An offer: the product and the price it was made against (checked again before it goes out). */
  offerOn?: { product: number; price: string };
}

/** A chat message (text, a file and/or an offer price): shown at once as pending, sent in order. */
export async function sendMessage(conversationId: number, input: NewMessage): Promise<MessageRow> {
  const user = signedInUser();
  const id = tempId();
  const text = input.text?.trim() ?? '';
  const fileName = input.file?.name ?? null;
  const message = await guardedWrite(t`your message`, () =>
    db.transaction('rw', [db.messages, db.outbox], async () => {
      const seq = await enqueue({
        kind: 'message.send',
        target: `conversation:${conversationId}`,
        userId: user.id,
        file: input.file,
        payload: {
          conversation: conversationId,
          text,
          price: input.price ?? null,
          image: null,
          fileName,
          tempId: id,
          ...(input.offerOn ? { offerProduct: input.offerOn.product, offerBase: input.offerOn.price } : {}),
        },
      });
      const entry = await db.outbox.get(seq);
      const row: MessageRow = {
        id,
        conversation: conversationId,
        sender: { id: user.id },
        text,
        image_url: null,
        price: input.price ?? null,
        timestamp: nowIso(),
        // biome-ignore lint/style/noNonNullAssertion: the entry was queued just above, in this transaction.
        client_id: entry!.client_id,
        pending: 'sending',
        outboxId: seq,
        file_name: fileName ?? undefined,
      };
      await db.messages.put(row);
      return row;
    }),
  );
  return message;
}

/** One-click offer (docs/product.md#chat-rules): the unit price at the minimum order 10% lower or higher, two decimals. */
export async function sendOffer(conversation: ConversationRow, direction: 'lower' | 'higher'): Promise<MessageRow> {
  if (!conversation.product) throw new Error('Price offers can only be made in a conversation about a product.');
  // The device's newest copy of the product, priced now at its minimum order (a flash deal may
  // have ended since; an offer with no quantity is for the minimum order): the conversation's may be older.
  const held = await db.products.get(conversation.product.id);
  const base = held ? moqPrice(held) : conversation.product.price;
  const price = offerPrice(base, direction === 'lower' ? -OFFER_STEP : OFFER_STEP);
  return sendMessage(conversation.id, { price, offerOn: { product: conversation.product.id, price: base } });
}

/** Starts (or reuses) the conversation about a product; online only, since the chat opens at its server id. */
export async function startConversation(product: Product): Promise<number> {
  signedInUser();
  const conversation = await api.startConversation(product.id, product.supplier.id);
  await db.conversations.put(toConversationRow(conversation));
  return conversation.id;
}

export async function markNotificationRead(id: number): Promise<void> {
  const user = signedInUser();
  await guardedWrite(t`your change`, () =>
    db.transaction('rw', [db.notifications, db.outbox], async () => {
      await db.notifications.update(id, { is_read: true });
      await enqueue({ kind: 'notification.read', target: 'notifications', userId: user.id, payload: { id } });
    }),
  );
}

/**
 * Marks read what the device has shown, up to its newest notification: the server is told
 * that notification's `created_at` as `until`, so a "mark all" made offline never marks
 * notifications that arrive later (docs/sync.md).
 */
export async function markAllNotificationsRead(): Promise<void> {
  const user = signedInUser();
  await guardedWrite(t`your change`, () =>
    db.transaction('rw', [db.notifications, db.outbox], async () => {
      const newest = await db.notifications.orderBy('created_at').last();
      if (!newest) return;
      const until = newest.created_at;
      await db.notifications.where('created_at').belowOrEqual(until).modify({ is_read: true });
      await enqueue({ kind: 'notification.read-all', target: 'notifications', userId: user.id, payload: { until } });
    }),
  );
}

/** Recently viewed (docs/product.md#constants): at most 5, newest first, de-duplicated. */
export async function openProduct(product: Product): Promise<void> {
  await db
    .transaction('rw', db.recent, async () => {
      await db.recent.put({ product_id: product.id, viewed_at: Date.now(), product });
      const extra = await db.recent.orderBy('viewed_at').reverse().offset(RECENTLY_VIEWED_MAX).primaryKeys();
      await db.recent.bulkDelete(extra);
    })
    .catch((error) => console.warn('Could not record the recently viewed product', error));
}

/** Sends a failed entry again. */
export async function retryOutboxEntry(outboxId: number): Promise<void> {
  await db.transaction('rw', [db.outbox, ...OUTBOX_ROW_TABLES], async () => {
    const entry = await db.outbox.get(outboxId);
    if (!entry) return;
    // An offer held back because the price changed: retrying is the buyer's "send anyway".
    const payload = entry.payload.priceChange ? { ...entry.payload, priceAccepted: true } : entry.payload;
    await db.outbox.update(outboxId, { state: 'pending', error: undefined, attempts: 0, next_at: 0, payload });
    await markRow(entry, { pending: 'sending', error: undefined, outboxId });
  });
  wakePush();
}

/**
 * Gives up a failed (or waiting) entry and undoes what it showed on the device. One that may
 * be on the server already (on its way, or sent without an answer) stays: undoing it there
 * takes an intent of its own.
 */
export async function discardOutboxEntry(outboxId: number): Promise<void> {
  await db.transaction('rw', [db.outbox, ...OUTBOX_ROW_TABLES], async () => {
    const entry = await db.outbox.get(outboxId);
    if (!entry || !unsent(entry)) return;
    await db.outbox.delete(outboxId);
    const p = entry.payload;
    switch (entry.kind) {
      case 'favorite.add': {
        const row = await db.favorites.get(p.product as number);
        if (row?.id) await db.favorites.put({ product_id: row.product_id, id: row.id, created_at: row.created_at });
        else await db.favorites.delete(p.product as number);
        break;
      }
      case 'favorite.remove': {
        const row = await db.favorites.get(p.product as number);
        if (row) await db.favorites.put({ product_id: row.product_id, id: row.id, created_at: row.created_at });
        break;
      }
      case 'review.create':
        await db.reviews.delete(p.tempId as number);
        break;
      case 'review.edit':
        await db.reviews.update(p.review as number, {
          comment: p.previous as string,
          pending: undefined,
          error: undefined,
          outboxId: undefined,
        });
        break;
      case 'message.send':
        await db.messages.delete(p.tempId as number);
        break;
      case 'report.create':
        await db.reports.delete(reportTargetOf(entry));
        break;
      default:
        if (isDealKind(entry.kind)) await discardDeal(entry);
        else if (isRfqKind(entry.kind)) await discardRfq(entry);
        break;
    }
  });
  // The server's own copy comes back with the next pull.
  requestPull();
}

/** Pulls the user's data now (e.g. when the notification dropdown opens). */
export async function syncNow(): Promise<void> {
  await requestPull();
}
