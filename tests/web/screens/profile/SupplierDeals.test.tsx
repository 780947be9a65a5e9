import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { db, type OrderRow } from '@/db/db';
import SupplierDeals from '@/screens/profile/SupplierDeals';
import type { OrderStatus } from '@/shared/deals';
import { message } from '../chat/messages';
import { fakeServer, renderScreen } from '../harness';

/**
 * The supplier's deals on the profile (docs/product.md#deals), from the device: offers waiting
 * for their answer, orders to confirm and to ship, and the value confirmed this month.
 */

const SUPPLIER = 9;
const BUYER = 7;
const DAY = 86_400_000;
const now = new Date();
const thisMonth = new Date(now.getFullYear(), now.getMonth(), 1, 12).toISOString();
const lastMonth = new Date(now.getFullYear(), now.getMonth() - 1, 15).toISOString();

let nextId = 100;
function order(status: OrderStatus, total: string, confirmedAt: string | null = null, supplier = SUPPLIER): OrderRow {
  const events: OrderRow['events'] = [{ status: 'requested', at: lastMonth, by: { id: BUYER }, reason: null }];
  if (confirmedAt) events.push({ status: 'confirmed', at: confirmedAt, by: { id: supplier }, reason: null });
  if (status !== 'requested' && status !== 'confirmed') events.push({ status, at: thisMonth, by: { id: BUYER }, reason: null });
  return {
    id: nextId++,
    status,
    product: { id: 1, name: 'Shea Butter', thumbnail_url: null },
    buyer: { id: BUYER, name: 'Ada' },
    supplier: { id: supplier, name: 'Lagos Agro' },
    quantity: 1,
    unit_price: total,
    total,
    offer: null,
    conversation: null,
    events,
    created_at: lastMonth,
    updated_at: thisMonth,
    client_id: null,
  } as OrderRow;
}

const offer = (id: number, overrides: Parameters<typeof message>[0] = {}) =>
  message({
    id,
    sender: { id: BUYER },
    text: '',
    price: '9.00',
    quantity: 2,
    offer_state: 'pending',
    expires_at: new Date(Date.now() + 3 * DAY).toISOString(),
    ...overrides,
  });

afterEach(async () => {
  await Promise.all([db.orders.clear(), db.messages.clear()]);
});

const figure = async (name: string) => {
  const term = await screen.findByText(name);
  return term.parentElement?.querySelector('dd')?.textContent;
};

describe("a supplier's deals", () => {
  it('counts what waits for them and adds up only what was confirmed this month and still stands', async () => {
    await db.orders.bulkPut([
      order('requested', '10.00'),
      order('requested', '11.00'),
      order('confirmed', '100.00', thisMonth),
      order('shipped', '20.50', thisMonth),
      order('delivered', '5.25', thisMonth),
      // Not counted: confirmed last month, cancelled after confirming, someone else's.
      order('confirmed', '1000.00', lastMonth),
      order('cancelled', '300.00', thisMonth),
      order('confirmed', '700.00', thisMonth, 12),
    ]);
    await db.messages.bulkPut([
      offer(1),
      offer(2, { event: 'countered', reply_to: 50 }),
      // Not waiting: answered, expired, their own counter, not yet on the server.
      offer(3, { offer_state: 'accepted' }),
      offer(4, { expires_at: new Date(Date.now() - DAY).toISOString() }),
      offer(5, { sender: { id: SUPPLIER }, event: 'countered', reply_to: 1 }),
      offer(-6),
    ]);
    fakeServer();
    renderScreen(<SupplierDeals supplierId={SUPPLIER} />);
    expect(await figure('Offers waiting for an answer')).toBe('2');
    expect(await figure('Orders to confirm')).toBe('2');
    // Both confirmed ones wait to be shipped, whenever they were confirmed.
    expect(await figure('Orders to ship')).toBe('2');
    expect(await figure('Confirmed this month')).toBe('$125.75');
    const links = within(screen.getByRole('region', { name: 'Deals' }))
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['2', '/chat/all'],
      ['2', '/orders?status=requested'],
      ['2', '/orders?status=confirmed'],
    ]);
  });
});
