import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { db, type OutboxRow } from '@/db/db';
import { nextDueIn, recoverInterrupted } from '@/sync/outbox/send';

/**
 * Every local database schema the app ever shipped (`git log -p --follow src/db/db.ts`) opens
 * under this version with its outbox whole: an installed app that updates keeps the changes it
 * had not sent yet (docs/operations.md#releases-and-compatibility). Each declaration below is the
 * one that version's code made, as it made it; add the next one here when db.ts gains a version.
 */
const SHIPPED: Record<number, (old: Dexie) => void> = {
  1: (old) => old.version(1).stores({ categories: 'id, position', counts: 'key' }),
  2: (old) =>
    old.version(2).stores({
      counts: null,
      products: 'id, created_at, flash_deal_ends_at, category_id, supplier_id',
      lists: 'key, fetched_at',
      banners: 'id',
      favorites: 'product_id, id',
      reviews: 'id, product, [product+created_at]',
      conversations: 'id, activity',
      messages: 'id, [conversation+timestamp], client_id',
      notifications: 'id, created_at',
      sellers: 'id',
      rates: 'base',
      recent: 'product_id, viewed_at',
      outbox: '++seq, state, target, client_id',
      syncState: 'key',
    }),
  3: (old) => old.version(3).stores({ orders: 'id, status, updated_at, client_id' }),
  4: (old) => old.version(4).stores({ products: 'id, created_at, flash_deal_ends_at, category_id, supplier_id, average_rating' }),
  5: (old) => old.version(5).stores({ reports: 'target', rfqs: 'id, created_at, client_id', rfqQuotes: 'id, rfq, client_id' }),
};
const versions = Object.keys(SHIPPED).map(Number);

const BUYER = 7;
const product = (id: number) => ({
  id,
  name: `Kettle ${id}`,
  price: '12.00',
  created_at: `2026-11-0${id}T10:00:00Z`,
  flash_deal_ends_at: null,
  category_id: 3,
  supplier_id: 11,
  average_rating: '4.5',
  fetched_at: 1,
});
const entry = (seq: number, kind: OutboxRow['kind'], state: OutboxRow['state'], payload: Record<string, unknown>): OutboxRow => ({
  seq,
  kind,
  target: kind.startsWith('message') ? 'conversation:5' : `product:${payload.product}`,
  client_id: `00000000-0000-4000-8000-00000000000${seq}`,
  payload,
  state,
  attempts: state === 'pending' ? 0 : 1,
  next_at: 0,
  created_at: 1_700_000_000_000 + seq,
  user_id: BUYER,
  ...(state === 'failed' ? { error: 'This product is no longer available.' } : {}),
});
/** What the user had queued: one waiting, one a closed tab left on its way, one the server refused. */
const QUEUED: OutboxRow[] = [
  entry(1, 'favorite.add', 'pending', { product: 1 }),
  entry(2, 'message.send', 'sending', { conversation: 5, text: 'Still available?', tempId: -2, image: null, price: null }),
  entry(3, 'favorite.remove', 'failed', { product: 2 }),
];

/** The database as the app at `version` left it: its rows, and its outbox when it had one. */
async function shippedDatabase(version: number): Promise<void> {
  const old = new Dexie('marketplace');
  for (const v of versions.filter((v) => v <= version)) SHIPPED[v](old);
  await old.open();
  await old.table('categories').bulkPut([{ id: 3, name: 'Kitchen', position: 0 }]);
  if (version === 1) {
    await old.table('counts').put({ key: 'favorites', value: 2 });
    old.close();
    return;
  }
  await old.table('products').bulkPut([product(1), product(2)]);
  await old.table('favorites').put({ product_id: 2, id: 40, created_at: '2026-11-02T10:00:00Z', removed: true, pending: 'failed' });
  await old
    .table('messages')
    .put({ id: -2, conversation: 5, text: 'Still available?', timestamp: '2026-11-03T10:00:00Z', pending: 'sending' });
  await old.table('syncState').bulkPut([
    { key: 'session', user_id: BUYER },
    { key: 'stream:private', cursor: '120', user_id: BUYER },
    { key: 'stream:catalogue', cursor: '300' },
  ]);
  await old.table('outbox').bulkAdd(QUEUED.map(({ seq: _seq, ...rest }) => rest));
  if (version >= 3) await old.table('orders').put({ id: 9, status: 'requested', updated_at: '2026-11-03T11:00:00Z', client_id: 'c-9' });
  old.close();
}

afterEach(async () => {
  db.close();
  await Dexie.delete('marketplace');
  await db.open();
});

describe('the local database opens from every schema ever shipped', () => {
  it.each(versions.slice(0, -1))('from version %i: the outbox whole, every table usable', async (version) => {
    db.close();
    await Dexie.delete('marketplace');
    await shippedDatabase(version);

    await db.open();
    expect(db.verno).toBe(Math.max(...versions));
    expect(await db.categories.toArray()).toEqual([{ id: 3, name: 'Kitchen', position: 0 }]);

    if (version === 1) {
      expect(await db.outbox.count()).toBe(0);
    } else {
      // Every queued change, as it was queued: nothing lost, nothing changed.
      expect(await db.outbox.orderBy('seq').toArray()).toEqual(QUEUED);
      expect((await db.products.where('average_rating').equals('4.5').primaryKeys()).sort()).toEqual([1, 2]);
      expect(await db.favorites.get(2)).toMatchObject({ removed: true, pending: 'failed' });
      // Before requests for quotation (5) the private stream starts over, so none of them is skipped.
      expect((await db.syncState.get('stream:private'))?.cursor).toBeUndefined();
      expect((await db.syncState.get('stream:catalogue'))?.cursor).toBe('300');
      // This version's engine sends them: the entry left on its way goes back as uncertain, and both are due now.
      await recoverInterrupted();
      expect(await db.outbox.get(2)).toMatchObject({ state: 'pending', uncertain: true });
      expect(await nextDueIn(BUYER)).toBe(0);
    }

    // Every table of this version takes rows and finds them by its indexes.
    await db.orders.put({ id: 10, status: 'confirmed', updated_at: '2026-11-04T00:00:00Z', client_id: 'c-10' } as never);
    expect(await db.orders.where('status').equals('confirmed').primaryKeys()).toEqual([10]);
    await db.products.put(product(3) as never);
    expect(await db.products.orderBy('average_rating').count()).toBe(version === 1 ? 1 : 3);
    const seq = await db.outbox.add({ ...QUEUED[0], seq: undefined, client_id: 'new', state: 'pending' });
    expect(seq).toBe(version === 1 ? 1 : QUEUED.length + 1);
    for (const table of db.tables) await table.count();
  });
});
