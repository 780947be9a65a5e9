import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestApp, type TestApp, type TestUser } from '../helpers';
import { insertProduct, openConversation, send } from '../messaging-helpers';

/**
 * One price rule (src/shared/prices.ts): a product's price is its flash deal's while the deal
 * runs, else its minimum price, and a deal's end takes effect at its end time, with no write to
 * the product: the product, the lists, Buy now and offers all follow it.
 */
let t: TestApp;
let buyer: TestUser;
let supplier: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  buyer = await createUser(t, { type: 'BUYER' });
  supplier = await createUser(t, { type: 'SUPPLIER' });
});
afterAll(async () => {
  await t.close();
});

/** A product on a deal at 17.00 (minimum 20.00) ending `inMs` from now, read once while it runs (so any cache holds it). */
async function onDeal(inMs: number) {
  const product = await insertProduct(t, supplier.user.id, { min_price: '20.00', max_price: '30.00' });
  await t.db
    .updateTable('products')
    .set({ price: '17.00', flash_deal_ends_at: new Date(Date.now() + inMs) })
    .where('id', '=', product.id)
    .execute();
  return product;
}

const flashDealIds = async () =>
  ((await t.api.get('/api/products/flash-deals/?limit=100')).body.results as Array<{ id: number }>).map((p) => p.id);

describe("a flash deal's end", () => {
  it('while it runs, the product reads its deal price, is listed among the deals, and Buy now orders at it', async () => {
    const product = await onDeal(60 * 60_000);
    expect((await t.api.get(`/api/products/${product.id}/`)).body.price).toBe('17.00');
    expect(await flashDealIds()).toContain(product.id);
    const order = await t.api.post('/api/orders/', { product: product.id, quantity: 1 }, { token: buyer.token });
    expect(order.body).toMatchObject({ unit_price: '17.00' });
  });

  it('once passed, the product reads its minimum price within a second, leaves the deals, and Buy now orders at the minimum', async () => {
    const product = await onDeal(1_500);
    // Read while the deal runs: whatever is kept of these answers must not outlive the deal.
    expect((await t.api.get(`/api/products/${product.id}/`)).body.price).toBe('17.00');
    expect((await t.api.get(`/api/products/?limit=100`)).body.results.find((p: { id: number }) => p.id === product.id).price).toBe('17.00');
    expect(await flashDealIds()).toContain(product.id);
    await new Promise((resolve) => setTimeout(resolve, 2_600));

    expect((await t.api.get(`/api/products/${product.id}/`)).body.price).toBe('20.00');
    expect((await t.api.get(`/api/products/?limit=100`)).body.results.find((p: { id: number }) => p.id === product.id).price).toBe('20.00');
    expect(await flashDealIds()).not.toContain(product.id);
    const order = await t.api.post('/api/orders/', { product: product.id, quantity: 1 }, { token: buyer.token });
    expect(order.status).toBe(201);
    expect(order.body).toMatchObject({ unit_price: '20.00', total: '20.00' });

    // Offers start from the minimum price too: 10 % under it is the lowest a buyer may offer.
    const conversation = await openConversation(t, buyer, supplier.user.id, product.id);
    const tooLow = await send(t, buyer, conversation.id, { price: '15.30' });
    expect(tooLow).toMatchObject({ status: 400, body: { price: ['An offer must be within 10% of the listed price.'] } });
    expect((await send(t, buyer, conversation.id, { price: '18.00' })).status).toBe(201);
  });
});

describe("a buyer's opening offer", () => {
  it('keeps to the one-click offers’ ±10 % of the listed price: both ends pass, a cent beyond is a clear 400 that changes nothing', async () => {
    const product = await insertProduct(t, supplier.user.id, { min_price: '20.00', max_price: '30.00' });
    const conversation = await openConversation(t, buyer, supplier.user.id, product.id);
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('messages')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('conversation_id', '=', conversation.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (const price of ['17.99', '22.01', '5.00', '100.00']) {
      const res = await send(t, buyer, conversation.id, { price });
      expect(res, price).toMatchObject({ status: 400, body: { price: ['An offer must be within 10% of the listed price.'] } });
    }
    expect(await count()).toBe(0);
    for (const price of ['18.00', '22.00', '20.00']) expect((await send(t, buyer, conversation.id, { price })).status, price).toBe(201);
  });
});
