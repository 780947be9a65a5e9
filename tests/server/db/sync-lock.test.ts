import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestApp, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t.close(); });

async function insertProduct(supplierId: number) {
  return t.db.insertInto('products').values({
    supplier_id: supplierId, category_id: 1, name: 'Shea butter', description: 'Raw, unrefined',
    min_price: '5.00', max_price: '9.00', thumbnail_url: '/media/x.png', minimum_order_quantity: 1, quantity_in_stock: 10,
  }).returning(['id', 'seq']).executeTakeFirstOrThrow();
}

describe('change sequence', () => {
  it('hands out a new, higher seq on every insert and update of a synced row', async () => {
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    const product = await insertProduct(supplier.user.id);
    const updated = await t.db.updateTable('products').set({ name: 'Shea butter, grade A' }).where('id', '=', product.id)
      .returning('seq').executeTakeFirstOrThrow();
    expect(updated.seq).toBeGreaterThan(product.seq);
  });

  // Only a server with several connections can interleave two transactions.
  it.runIf(Boolean(process.env.DATABASE_URL))(
    'lets a transaction holding the lock update a row another statement is about to update, without deadlock',
    async () => {
      const supplier = await createUser(t, { type: 'SUPPLIER' });
      const buyer = await createUser(t, { type: 'BUYER' });
      const product = await insertProduct(supplier.user.id);
      let releaseFirst!: () => void;
      const firstHoldsLock = new Promise<void>((resolve) => { releaseFirst = resolve; });
      let continueFirst!: () => void;
      const secondStarted = new Promise<void>((resolve) => { continueFirst = resolve; });

      const first = t.db.transaction().execute(async (trx) => {
        await trx.insertInto('favorites').values({ user_id: buyer.user.id, product_id: product.id, client_id: null }).execute();
        releaseFirst();
        await secondStarted;
        // Give the second statement time to queue behind us before we touch its row.
        await sql`select pg_sleep(0.2)`.execute(trx);
        await trx.updateTable('products').set({ quantity_in_stock: 9 }).where('id', '=', product.id).execute();
      });
      await firstHoldsLock;
      const second = t.db.updateTable('products').set({ name: 'Shea butter (bulk)' }).where('id', '=', product.id).execute();
      continueFirst();

      await expect(Promise.all([first, second])).resolves.toBeDefined();
      const row = await t.db.selectFrom('products').select(['name', 'quantity_in_stock']).where('id', '=', product.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ name: 'Shea butter (bulk)', quantity_in_stock: 9 });
    },
  );
});
