import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { db, type OrderRow } from '@/db/db';
import OrdersScreen from '@/screens/orders/OrdersScreen';
import type { OrderStatus } from '@/shared/deals';
import { fakeServer, makeUser, renderScreen, signedInAs } from '../harness';

/** The Orders page (docs/product.md#deals) opened by a link that names a status: it starts filtered. */

const at = '2026-11-20T10:00:00.000Z';
const order = (id: number, status: OrderStatus, name: string): OrderRow =>
  ({
    id,
    status,
    product: { id, name, thumbnail_url: null },
    buyer: { id: 7, name: 'Ada' },
    supplier: { id: 9, name: 'Lagos Agro' },
    quantity: 2,
    unit_price: '5.00',
    total: '10.00',
    offer: null,
    conversation: null,
    events: [{ status, at, by: { id: 7 }, reason: null }],
    created_at: at,
    updated_at: at,
    client_id: null,
  }) as OrderRow;

afterEach(async () => {
  await db.orders.clear();
});

describe('the Orders page', () => {
  it('opened at ?status=requested shows only the requested orders, with the filter set', async () => {
    await db.orders.bulkPut([order(1, 'requested', 'Shea Butter'), order(2, 'shipped', 'Cashew Nuts'), order(3, 'requested', 'Palm Oil')]);
    const server = fakeServer();
    signedInAs(server, makeUser());
    renderScreen(<OrdersScreen />, { path: '/orders?status=requested' });
    await screen.findByText('Palm Oil');
    expect(screen.getByText('Shea Butter')).toBeTruthy();
    expect(screen.queryByText('Cashew Nuts')).toBeNull();
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('requested');
  });

  it('an unknown status in the link shows them all', async () => {
    await db.orders.bulkPut([order(1, 'requested', 'Shea Butter'), order(2, 'shipped', 'Cashew Nuts')]);
    const server = fakeServer();
    signedInAs(server, makeUser());
    renderScreen(<OrdersScreen />, { path: '/orders?status=lost' });
    await screen.findByText('Cashew Nuts');
    expect(screen.getByText('Shea Butter')).toBeTruthy();
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('all');
  });
});
