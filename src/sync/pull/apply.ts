import type { Banner, Favorite, Product, Review } from '../../shared/catalogue';
import type { Conversation, Message, Notification } from '../../shared/chat';
import { db, type CategoryRow, type ConversationRow, type FavoriteRow, type ProductRow } from '../../db/db';
import { productsRemoved, productsWritten } from '../../db/search';
import type { Order } from '../../shared/deals-schema';
import { isDealKind, putOrders, rebaseDeal } from '../outbox/dealRows';
import { isRfqKind, putQuotes, putRfqs, rebaseRfq } from '../outbox/rfqRows';
import type { Rfq, RfqQuote } from '../../shared/rfqs';

/**
 * Writing what the server sent into the local database. Every writer of server rows goes
 * through here, so the same guards hold everywhere: an older copy of a product never
 * replaces a newer one, and pending local actions are re-applied on top (docs/sync.md#rebase).
 */

export function toProductRow(product: Product, now = Date.now()): ProductRow {
  return { ...product, category_id: product.category?.id ?? null, supplier_id: product.supplier.id, fetched_at: now };
}

/**
 * Puts products. A copy fetched on demand never replaces a newer one the device holds; the
 * sync stream (`fromStream`) needs no such check, since a later change always comes later in
 * the stream, and skipping the read keeps the first catalogue pull close to a bare bulkPut.
 * A hidden product (read only by its own supplier, docs/api.md#trust-and-safety) is never held: the
 * catalogue on the device is everyone's who signs in on it, so it leaves like a deleted one and its
 * supplier's screens ask the server for it (src/queries/hiddenProducts.ts).
 * Call inside a transaction on db.products.
 */
export async function putProducts(all: Product[], fromStream = false): Promise<void> {
  const hidden = all.filter((p) => p.is_hidden).map((p) => p.id);
  const products = hidden.length === 0 ? all : all.filter((p) => !p.is_hidden);
  if (hidden.length > 0) {
    await db.products.bulkDelete(hidden);
    productsRemoved(hidden);
  }
  if (products.length === 0) return;
  const now = Date.now();
  let fresh = products;
  if (!fromStream) {
    // Only the products already held are read whole: a page of 100 read back costs a slow
    // phone's main thread more than writing it, and most of a fill's products are new.
    const heldIds = new Set(
      await db.products
        .where(':id')
        .anyOf(products.map((p) => p.id))
        .primaryKeys(),
    );
    const known = products.filter((p) => heldIds.has(p.id));
    const held = await db.products.bulkGet(known.map((p) => p.id));
    const older = new Set(known.filter((p, i) => (held[i]?.updated_at ?? '') > p.updated_at).map((p) => p.id));
    fresh = older.size === 0 ? products : products.filter((p) => !older.has(p.id));
  }
  // In slices, each its own task: between them the page can paint and answer a tap, while
  // the transaction stays open (it waits on IndexedDB, not on a timer).
  for (let from = 0; from < fresh.length; from += PUT_SLICE) {
    await db.products.bulkPut(fresh.slice(from, from + PUT_SLICE).map((p) => toProductRow(p, now)));
  }
  productsWritten(fresh);
}

/** Products written per IndexedDB request: a few ms of main-thread work each on a slow phone. */
const PUT_SLICE = 25;

export const toConversationRow = (c: Conversation): ConversationRow => ({ ...c, activity: c.last_message_timestamp ?? c.created_at });

type Changes = Record<string, { upserted: unknown[]; deleted: number[] }>;

/** Every table a sync page may touch: one transaction covers them all and the cursor. */
export const SYNC_TABLES = [
  db.products,
  db.lists,
  db.categories,
  db.banners,
  db.favorites,
  db.reviews,
  db.conversations,
  db.messages,
  db.notifications,
  db.orders,
  db.rfqs,
  db.rfqQuotes,
  db.outbox,
  db.syncState,
];

/** Applies one page of GET /api/sync/. Run inside a transaction over SYNC_TABLES. */
export async function applyChanges(changes: Changes): Promise<void> {
  for (const [name, { upserted, deleted }] of Object.entries(changes)) {
    switch (name) {
      case 'products':
        await putProducts(upserted as Product[], true);
        await db.products.bulkDelete(deleted);
        productsRemoved(deleted);
        break;
      case 'categories':
        await db.categories.bulkPut(
          (upserted as Array<CategoryRow>).map((c) => ({
            id: c.id,
            name: c.name,
            names: c.names,
            position: c.position ?? c.id,
          })),
        );
        await db.categories.bulkDelete(deleted);
        break;
      case 'banners':
        await db.banners.bulkPut(upserted as Banner[]);
        await db.banners.bulkDelete(deleted);
        break;
      case 'favorites': {
        const favorites = upserted as Favorite[];
        await putProducts(favorites.map((f) => f.product));
        await db.favorites.bulkPut(favorites.map((f): FavoriteRow => ({ product_id: f.product.id, id: f.id, created_at: f.created_at })));
        if (deleted.length > 0) await db.favorites.where('id').anyOf(deleted).delete();
        break;
      }
      case 'reviews':
        await db.reviews.bulkPut(upserted as Review[]);
        await db.reviews.bulkDelete(deleted);
        break;
      case 'conversations':
        await db.conversations.bulkPut((upserted as Conversation[]).map(toConversationRow));
        await db.conversations.bulkDelete(deleted);
        for (const id of deleted) await db.messages.where('[conversation+timestamp]').between([id, ''], [id, '\uffff']).delete();
        break;
      case 'messages':
        await putMessages(upserted as Message[]);
        await db.messages.bulkDelete(deleted);
        break;
      case 'notifications':
        await db.notifications.bulkPut(upserted as Notification[]);
        await db.notifications.bulkDelete(deleted);
        break;
      case 'orders':
        await putOrders(upserted as Order[]);
        await db.orders.bulkDelete(deleted);
        break;
      case 'rfqs':
        await putRfqs(upserted as Rfq[]);
        await db.rfqs.bulkDelete(deleted);
        break;
      case 'rfq_quotes':
        await putQuotes(upserted as RfqQuote[]);
        await db.rfqQuotes.bulkDelete(deleted);
        break;
      default:
        // A collection this version does not know yet: ignored, the server stays compatible.
        break;
    }
  }
  await rebase();
}

/** Server messages replace the pending copies they were sent from (same client_id). */
export async function putMessages(messages: Message[]): Promise<void> {
  const clientIds = messages.flatMap((m) => (m.client_id ? [m.client_id] : []));
  if (clientIds.length > 0) {
    const local = await db.messages
      .where('client_id')
      .anyOf(clientIds)
      .filter((m) => m.id < 0)
      .primaryKeys();
    await db.messages.bulkDelete(local);
  }
  await db.messages.bulkPut(messages);
}

/**
 * Re-applies every action still in the outbox on top of what the server sent, so an
 * optimistic change never flickers back (a favourite removed offline stays removed, an
 * edited comment keeps its new text, a notification marked read stays read).
 */
export async function rebase(): Promise<void> {
  const userId = ((await db.syncState.get('session'))?.user_id as number | null | undefined) ?? null;
  // Entries kept through a silent sign-out show again only for their own user.
  const entries = (await db.outbox.orderBy('seq').toArray()).filter((e) => e.user_id === userId);
  for (const entry of entries) {
    const mark = {
      pending: entry.state === 'failed' ? ('failed' as const) : ('sending' as const),
      error: entry.error,
      outboxId: entry.seq,
    };
    const p = entry.payload;
    switch (entry.kind) {
      case 'favorite.add': {
        const row = await db.favorites.get(p.product as number);
        await db.favorites.put({
          product_id: p.product as number,
          id: row?.id ?? null,
          created_at: row?.created_at ?? new Date(entry.created_at).toISOString(),
          ...mark,
        });
        break;
      }
      case 'favorite.remove': {
        const row = await db.favorites.get(p.product as number);
        if (row) await db.favorites.put({ ...row, removed: true, ...mark });
        break;
      }
      case 'review.edit': {
        const row = await db.reviews.get(p.review as number);
        if (row) await db.reviews.put({ ...row, comment: p.comment as string, ...mark });
        break;
      }
      case 'notification.read':
        await db.notifications.update(p.id as number, { is_read: true });
        break;
      case 'notification.read-all': {
        // Entries queued before `until` was sent carry none: the time they were made bounds them.
        const before = typeof p.until === 'string' ? p.until : new Date(entry.created_at).toISOString();
        await db.notifications.filter((n) => n.created_at <= before).modify({ is_read: true });
        break;
      }
      default:
        if (isDealKind(entry.kind)) await rebaseDeal(entry, mark);
        else if (isRfqKind(entry.kind)) await rebaseRfq(entry, mark);
        // Pending reviews and messages live under temporary ids the server never sends.
        break;
    }
  }
}
