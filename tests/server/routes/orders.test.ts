import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestApp, type TestApp, type TestUser } from '../helpers';
import { insertProduct } from '../messaging-helpers';
import { ORDERS_PER_BUYER_PER_MINUTE } from '@/shared/deals';

/** Orders (docs/api.md#offers-and-orders): "Buy now", every move of the state machine and every refusal. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function setUp(stock = 10, minimum = 1) {
  const buyer = await createUser(t, { type: 'BUYER' });
  const supplier = await createUser(t, { type: 'SUPPLIER' });
  // Listed at its minimum price: no flash deal runs (a deal's price is src/shared/prices.ts's, tests/server/routes/deal-end.test.ts).
  const product = await insertProduct(t, supplier.user.id, { min_price: '12.50', max_price: '15.00' });
  await t.db
    .updateTable('products')
    .set({ quantity_in_stock: stock, minimum_order_quantity: minimum })
    .where('id', '=', product.id)
    .execute();
  return { buyer, supplier, product };
}

const order = (user: TestUser, body: Record<string, unknown>) => t.api.post('/api/orders/', body, { token: user.token });
const move = (id: number, action: string, user: TestUser, body: Record<string, unknown> = {}) =>
  t.api.post(`/api/orders/${id}/${action}/`, body, { token: user.token });
const stockOf = async (id: number) =>
  (await t.db.selectFrom('products').select('quantity_in_stock').where('id', '=', id).executeTakeFirstOrThrow()).quantity_in_stock;
const kindsOf = async (userId: number) =>
  (await t.db.selectFrom('notifications').select('kind').where('user_id', '=', userId).orderBy('id').execute()).map((n) => n.kind);

describe('Buy now', () => {
  it('places a requested order at the listed price, tells the supplier, and a repeat of its client_id answers it again', async () => {
    const { buyer, supplier, product } = await setUp();
    const client_id = randomUUID();
    const res = await order(buyer, { product: product.id, quantity: 4, client_id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'requested',
      quantity: 4,
      unit_price: '12.50',
      total: '50.00',
      offer: null,
      product: { id: product.id, name: product.name },
      buyer: { id: buyer.user.id },
      supplier: { id: supplier.user.id },
      client_id,
    });
    expect(await kindsOf(supplier.user.id)).toEqual(['order_requested']);
    const again = await order(buyer, { product: product.id, quantity: 4, client_id });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(res.body.id);
    expect(await kindsOf(supplier.user.id)).toEqual(['order_requested']);
    expect(await stockOf(product.id)).toBe(10);
  });

  it('refuses a quantity outside the minimum order and the stock, an unknown product, and one’s own product', async () => {
    const { buyer, supplier, product } = await setUp(10, 3);
    expect((await order(buyer, { product: product.id, quantity: 2 })).body).toEqual({
      quantity: ['The quantity must be at least the minimum order quantity.'],
    });
    expect((await order(buyer, { product: product.id, quantity: 11 })).body).toEqual({
      quantity: ['The quantity cannot be more than the quantity in stock.'],
    });
    expect((await order(buyer, { product: product.id, quantity: 'many' })).status).toBe(400);
    expect((await order(buyer, { product: 999999, quantity: 3 })).body).toEqual({
      product: ['Invalid pk "999999" - object does not exist.'],
    });
    const own = await order(supplier, { product: product.id, quantity: 3 });
    expect(own.status).toBe(403);
    expect(own.body).toEqual({ detail: 'You cannot order your own product.' });
    await t.db.updateTable('products').set({ quantity_in_stock: 0 }).where('id', '=', product.id).execute();
    expect((await order(buyer, { product: product.id, quantity: 3 })).body).toEqual({ quantity: ['This product is out of stock.'] });
    expect((await t.api.post('/api/orders/', { product: product.id, quantity: 3 })).status).toBe(401);
    const unverified = await createUser(t, { verified: false });
    expect((await order(unverified, { product: product.id, quantity: 3 })).status).toBe(403);
  });
});

describe('Buy now is for buyers, at a human pace', () => {
  it('refuses an account that cannot buy: a supplier, or one that has not chosen its type', async () => {
    const { supplier, product } = await setUp();
    const other = await createUser(t, { type: 'SUPPLIER' });
    const untyped = await createUser(t, { type: null });
    for (const who of [other, untyped]) {
      const res = await order(who, { product: product.id, quantity: 1 });
      expect(res).toMatchObject({ status: 403, body: { detail: 'Only buyers can do this.' } });
    }
    expect(await kindsOf(supplier.user.id)).toEqual([]);
  });

  it(`takes at most ${ORDERS_PER_BUYER_PER_MINUTE} orders a minute from one buyer; a repeat of a client_id is free`, async () => {
    const { buyer, product } = await setUp(1000);
    const first = await order(buyer, { product: product.id, quantity: 1, client_id: randomUUID() });
    for (let i = 1; i < ORDERS_PER_BUYER_PER_MINUTE; i++)
      expect((await order(buyer, { product: product.id, quantity: 1 })).status).toBe(201);
    const refused = await order(buyer, { product: product.id, quantity: 1 });
    expect(refused).toMatchObject({ status: 429, body: { detail: 'You are placing orders too fast. Please wait a moment.' } });
    expect((await order(buyer, { product: product.id, quantity: 1, client_id: first.body.client_id })).status).toBe(200);
    // Another buyer is not held back.
    const { buyer: next, product: theirs } = await setUp();
    expect((await order(next, { product: theirs.id, quantity: 1 })).status).toBe(201);
  });
});

describe('the order state machine', () => {
  it('requested → confirmed (stock taken) → shipped → delivered, with a timeline and the other side told each time', async () => {
    const { buyer, supplier, product } = await setUp();
    const { body: placed } = await order(buyer, { product: product.id, quantity: 4 });
    const confirmed = await move(placed.id, 'confirm', supplier);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe('confirmed');
    expect(await stockOf(product.id)).toBe(6);
    expect((await move(placed.id, 'ship', supplier)).body.status).toBe('shipped');
    const delivered = await move(placed.id, 'deliver', buyer);
    expect(delivered.body.status).toBe('delivered');
    expect(delivered.body.events.map((e: any) => [e.status, e.by.id])).toEqual([
      ['requested', buyer.user.id],
      ['confirmed', supplier.user.id],
      ['shipped', supplier.user.id],
      ['delivered', buyer.user.id],
    ]);
    expect(await kindsOf(buyer.user.id)).toEqual(['order_confirmed', 'order_shipped']);
    expect(await kindsOf(supplier.user.id)).toEqual(['order_requested', 'order_delivered']);
    expect(await stockOf(product.id)).toBe(6);
  });

  it('refuses impossible moves with a clear 400 and moves only the supplier may make with 403', async () => {
    const { buyer, supplier, product } = await setUp();
    const { body: placed } = await order(buyer, { product: product.id, quantity: 1 });
    const impossible = await move(placed.id, 'ship', supplier);
    expect(impossible.status).toBe(400);
    expect(impossible.body).toEqual({ detail: 'This order cannot do that in its current status.' });
    expect((await move(placed.id, 'deliver', buyer)).status).toBe(400);
    for (const action of ['confirm', 'decline', 'ship']) {
      const res = await move(placed.id, action, buyer);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: 'Only the supplier can do this to an order.' });
    }
    const stranger = await createUser(t, { type: 'SUPPLIER' });
    expect((await move(placed.id, 'confirm', stranger)).status).toBe(404);
    expect((await t.api.get(`/api/orders/${placed.id}/`, { token: stranger.token })).status).toBe(404);
    expect((await t.api.post(`/api/orders/${placed.id}/confirm/`, {})).status).toBe(401);
    expect((await move(placed.id, 'decline', supplier, { reason: 'Sold elsewhere' })).body).toMatchObject({
      status: 'declined',
      events: [{ status: 'requested' }, { status: 'declined', reason: 'Sold elsewhere' }],
    });
    expect((await move(placed.id, 'confirm', supplier)).status).toBe(400);
    expect(await stockOf(product.id)).toBe(10);
  });

  it('either side cancels before shipment with a reason; a confirmed order gives its stock back; shipped ones cannot be cancelled', async () => {
    const { buyer, supplier, product } = await setUp();
    const { body: a } = await order(buyer, { product: product.id, quantity: 3 });
    const noReason = await move(a.id, 'cancel', buyer, { reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toEqual({ reason: ['This field is required.'] });
    expect((await move(a.id, 'cancel', buyer, { reason: 'Found it nearer' })).body).toMatchObject({ status: 'cancelled' });
    expect(await kindsOf(supplier.user.id)).toEqual(['order_requested', 'order_cancelled']);

    const { body: b } = await order(buyer, { product: product.id, quantity: 3 });
    await move(b.id, 'confirm', supplier);
    expect(await stockOf(product.id)).toBe(7);
    const cancelled = await move(b.id, 'cancel', supplier, { reason: 'Truck broke down' });
    expect(cancelled.body.events.at(-1)).toMatchObject({ status: 'cancelled', reason: 'Truck broke down', by: { id: supplier.user.id } });
    expect(await stockOf(product.id)).toBe(10);

    const { body: c } = await order(buyer, { product: product.id, quantity: 3 });
    await move(c.id, 'confirm', supplier);
    await move(c.id, 'ship', supplier);
    expect((await move(c.id, 'cancel', buyer, { reason: 'Too late' })).status).toBe(400);
  });

  it('a repeated move with its client_id answers the order as it is, once', async () => {
    const { buyer, supplier, product } = await setUp();
    const { body: placed } = await order(buyer, { product: product.id, quantity: 2 });
    const client_id = randomUUID();
    const [x, y] = await Promise.all([
      move(placed.id, 'confirm', supplier, { client_id }),
      move(placed.id, 'confirm', supplier, { client_id }),
    ]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect(await stockOf(product.id)).toBe(8);
    expect((await move(placed.id, 'confirm', supplier, { client_id })).body.events).toHaveLength(2);
    expect((await move(placed.id, 'confirm', supplier)).status).toBe(400);
  });

  it('lists only the caller’s orders, open ones first, filtered by role and status', async () => {
    const { buyer, supplier, product } = await setUp();
    const { body: first } = await order(buyer, { product: product.id, quantity: 1 });
    const { body: second } = await order(buyer, { product: product.id, quantity: 1 });
    await move(first.id, 'decline', supplier);
    const mine = await t.api.get('/api/orders/', { token: buyer.token });
    expect(mine.body.count).toBe(2);
    expect(mine.body.results.map((o: any) => o.id)).toEqual([second.id, first.id]);
    expect((await t.api.get('/api/orders/?status=declined', { token: supplier.token })).body.results.map((o: any) => o.id)).toEqual([
      first.id,
    ]);
    expect((await t.api.get('/api/orders/?role=supplier', { token: buyer.token })).body.count).toBe(0);
    expect((await t.api.get('/api/orders/?status=lost', { token: buyer.token })).status).toBe(400);
    const other = await createUser(t, { type: 'BUYER' });
    expect((await t.api.get('/api/orders/', { token: other.token })).body.count).toBe(0);
    expect((await t.api.get(`/api/orders/${first.id}/`, { token: supplier.token })).body.id).toBe(first.id);
  });

  it('syncs orders to both sides and to nobody else', async () => {
    const { buyer, supplier, product } = await setUp();
    const { body: placed } = await order(buyer, { product: product.id, quantity: 1 });
    for (const user of [buyer, supplier]) {
      const pull = await t.api.get('/api/sync/?collections=orders', { token: user.token });
      expect(pull.body.changes.orders.upserted.map((o: any) => o.id)).toContain(placed.id);
    }
    const other = await createUser(t, { type: 'BUYER' });
    const theirs = await t.api.get('/api/sync/?collections=orders', { token: other.token });
    expect(theirs.body.changes.orders?.upserted ?? []).toEqual([]);
  });
});

describe('concurrent orders', () => {
  it('20 buyers ordering the last 10 units: exactly the confirmed orders take stock, never below zero', async () => {
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    const product = await insertProduct(t, supplier.user.id, { price: '5.00' });
    await t.db.updateTable('products').set({ quantity_in_stock: 10 }).where('id', '=', product.id).execute();
    const buyers = await Promise.all(Array.from({ length: 20 }, () => createUser(t, { type: 'BUYER' })));
    const placed = await Promise.all(buyers.map((b) => order(b, { product: product.id, quantity: 1 })));
    expect(placed.map((r) => r.status)).toEqual(Array(20).fill(201));
    const confirmations = await Promise.all(placed.map((r) => move(r.body.id, 'confirm', supplier)));
    const ok = confirmations.filter((r) => r.status === 200);
    expect(ok).toHaveLength(10);
    expect(confirmations.filter((r) => r.status === 400).map((r) => r.body)).toEqual(
      Array(10).fill({ detail: 'There is not enough stock left for this order.' }),
    );
    expect(await stockOf(product.id)).toBe(0);
    const statuses = await t.db.selectFrom('orders').select('status').where('product_id', '=', product.id).execute();
    expect(statuses.filter((s) => s.status === 'confirmed')).toHaveLength(10);
    expect(statuses.filter((s) => s.status === 'requested')).toHaveLength(10);
  });
});
