import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_ACTIONS, mayMoveOrder, nextOrderStatus, holdsStock, type OrderAction, type OrderStatus } from '@/shared/deals';
import { createUser, startTestApp, type TestApp, type TestUser } from '../helpers';
import { insertProduct } from '../messaging-helpers';

/**
 * The order state machine as a property (docs/api.md#offers-and-orders): random sequences of
 * moves by random sides on a few orders of one product with little stock. The server must agree
 * with the model of src/shared/deals.ts on every answer, every status and the stock, which never
 * goes below zero and always equals what the confirmed, shipped and delivered orders hold.
 */

let t: TestApp;
let supplier: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  supplier = await createUser(t, { type: 'SUPPLIER' });
});
afterAll(async () => {
  await t.close();
});

const STOCK = 5;
const step = fc.record({
  order: fc.integer({ min: 0, max: 2 }),
  action: fc.constantFrom<OrderAction>(...ORDER_ACTIONS),
  bySupplier: fc.boolean(),
});

describe('order moves', () => {
  it('follow the model: answers, statuses and stock', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 3, maxLength: 3 }),
        fc.array(step, { maxLength: 10 }),
        async (quantities, steps) => {
          // A buyer a run: one buyer's orders are limited per minute.
          const buyer = await createUser(t, { type: 'BUYER' });
          const product = await insertProduct(t, supplier.user.id, { price: '3.00' });
          await t.db.updateTable('products').set({ quantity_in_stock: STOCK }).where('id', '=', product.id).execute();
          const ids: number[] = [];
          for (const quantity of quantities) {
            const placed = await t.api.post('/api/orders/', { product: product.id, quantity }, { token: buyer.token });
            expect(placed.status).toBe(201);
            ids.push(placed.body.id);
          }
          const model: OrderStatus[] = quantities.map(() => 'requested');
          let stock = STOCK;
          for (const { order, action, bySupplier } of steps) {
            const actor = bySupplier ? supplier : buyer;
            const body = action === 'cancel' ? { reason: 'Changed plans' } : {};
            const res = await t.api.post(`/api/orders/${ids[order]}/${action}/`, body, { token: actor.token });
            const next = nextOrderStatus(model[order], action);
            if (!mayMoveOrder(action, bySupplier ? 'supplier' : 'buyer')) expect(res.status).toBe(403);
            else if (next === null) expect(res.status).toBe(400);
            else if (action === 'confirm' && stock < quantities[order]) {
              expect(res.body).toEqual({ detail: 'There is not enough stock left for this order.' });
            } else {
              expect(res.status).toBe(200);
              expect(res.body.status).toBe(next);
              if (action === 'confirm') stock -= quantities[order];
              if (action === 'cancel' && model[order] === 'confirmed') stock += quantities[order];
              model[order] = next;
            }
          }
          const row = await t.db.selectFrom('products').select('quantity_in_stock').where('id', '=', product.id).executeTakeFirstOrThrow();
          expect(row.quantity_in_stock).toBe(stock);
          expect(row.quantity_in_stock).toBeGreaterThanOrEqual(0);
          const held = quantities.reduce((sum, q, i) => sum + (holdsStock(model[i]) ? q : 0), 0);
          expect(STOCK - row.quantity_in_stock).toBe(held);
          const statuses = await t.db
            .selectFrom('orders')
            .select(['id', 'status'])
            .where('product_id', '=', product.id)
            .orderBy('id')
            .execute();
          expect(statuses.map((s) => s.status)).toEqual(model);
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
