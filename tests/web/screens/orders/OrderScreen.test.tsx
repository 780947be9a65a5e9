import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { db, type OrderRow } from '@/db/db';
import OrderScreen from '@/screens/orders/OrderScreen';
import { fakeServer, here, makeUser, renderScreen, signedInAs } from '../harness';

/** An order page (docs/product.md#deals) opened on a request made offline follows it once it is sent. */

const at = '2026-11-20T10:00:00.000Z';
const row = (id: number, extra: Partial<OrderRow> = {}): OrderRow =>
  ({
    id,
    status: 'requested',
    product: { id: 3, name: 'Shea Butter', thumbnail_url: null },
    buyer: { id: 7, name: 'Ada' },
    supplier: { id: 9, name: 'Lagos Agro' },
    quantity: 2,
    unit_price: '5.00',
    total: '10.00',
    offer: null,
    conversation: null,
    events: [{ status: 'requested', at, by: { id: 7 }, reason: null }],
    created_at: at,
    updated_at: at,
    client_id: 'c0ffee00-0000-4000-8000-000000000001',
    ...extra,
  }) as OrderRow;

afterEach(async () => {
  await db.orders.clear();
});

describe('an order page', () => {
  it("moves to the server's id when the request made on the device is sent, instead of closing", async () => {
    await db.orders.put(row(-5, { pending: 'sending' }));
    const server = fakeServer();
    signedInAs(server, makeUser());
    renderScreen(<OrderScreen params={{ id: '-5' }} />, { path: '/orders/-5', route: '/orders/:id' });
    await screen.findByText('Saved on this device; it will be sent when the connection allows.');
    // What the outbox does once the server answered: one transaction.
    await db.transaction('rw', db.orders, async () => {
      await db.orders.delete(-5);
      await db.orders.put(row(77));
    });
    await waitFor(() => expect(here().path).toBe('/orders/77'));
  });

  it('a request taken back (never sent) leaves for the list', async () => {
    await db.orders.put(row(-6, { pending: 'sending', client_id: 'c0ffee00-0000-4000-8000-000000000002' }));
    const server = fakeServer();
    signedInAs(server, makeUser());
    renderScreen(<OrderScreen params={{ id: '-6' }} />, { path: '/orders/-6', route: '/orders/:id' });
    await screen.findByText('Saved on this device; it will be sent when the connection allows.');
    await db.orders.delete(-6);
    await waitFor(() => expect(here().path).toBe('/orders'));
  });
});
