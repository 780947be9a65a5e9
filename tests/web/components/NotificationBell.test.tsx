import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import NotificationBell from '@/app/navbar/NotificationBell';
import { activateLanguage } from '@/app/i18n';
import { db } from '@/db/db';
import { setEngineUser, startEngine, stopEngine } from '@/sync/engine';
import type { Notification } from '@/shared/chat';
import { fakeServer, here, makeUser, renderScreen, signedInAs, type FakeServer } from '../screens/harness';

const me = makeUser();
const now = new Date().toISOString();
const NOTES: Notification[] = [
  {
    id: 11,
    kind: 'new_message',
    params: { sender: 'Kemal', count: 2, conversation: 5 },
    message: '2 new messages from Kemal.',
    link: '/chat/5',
    is_read: false,
    created_at: now,
  },
  {
    id: 12,
    kind: 'new_offer',
    params: { sender: 'Ada', price: '18.00', product: 'Cotton towels', conversation: 5 },
    message: 'Ada offered $18.00 for Cotton towels.',
    link: '/chat/5',
    is_read: false,
    created_at: new Date(Date.now() - 60_000).toISOString(),
  },
  {
    id: 13,
    kind: 'new_favorite',
    params: { product_id: 3, product_name: 'Cotton towels', user_name: 'Ada' },
    message: 'old',
    link: '/products/3',
    is_read: true,
    created_at: now,
  },
];

let server: FakeServer;

async function setup(bellName = 'Notifications, 2 unread', notes = NOTES) {
  server = fakeServer({
    'GET /api/sync/': { body: { cursor: '1', has_more: false, reset: false, changes: {} } },
    'GET /api/rates/latest/USD/': { body: { base_code: 'USD', conversion_rates: { USD: 1 } } },
    'GET /api/products/': { body: { count: 0, next: null, previous: null, results: [] } },
    'POST /api/notifications/11/mark-as-read/': { body: { detail: 'ok' } },
    'POST /api/notifications/12/mark-as-read/': { body: { detail: 'ok' } },
    'POST /api/notifications/mark-all-as-read/': { body: { detail: 'ok' } },
  });
  signedInAs(server, me);
  startEngine();
  await setEngineUser(me);
  await db.notifications.bulkPut(notes);
  const result = renderScreen(<NotificationBell />, { path: '/products/1' });
  const bell = await screen.findByRole('button', { name: bellName });
  return { ...result, bell };
}

const pulls = () => server.callsTo('GET /api/sync/').length;

afterEach(() => stopEngine());

describe('the notification bell (docs/product.md#screens, #notifications)', () => {
  it('counts unread notifications from the device, and opening it pulls and lists them worded', async () => {
    const { user, bell } = await setup();
    await waitFor(() => expect(pulls()).toBeGreaterThan(0));
    const before = pulls();
    await user.click(bell);
    await waitFor(() => expect(pulls()).toBeGreaterThan(before));
    const panel = screen.getByRole('region', { name: 'Notifications' });
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.notifications__message')?.textContent)).toEqual([
      '2 new messages from Kemal.',
      'Ada offered $18.00 for Cotton towels.',
    ]);
  });

  it('removes an item once marked read, and tells the server', async () => {
    const { user, bell } = await setup();
    await user.click(bell);
    const item = (await screen.findByText('2 new messages from Kemal.')).closest('li')!;
    await user.click(within(item).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(screen.queryByText('2 new messages from Kemal.')).toBeNull());
    expect(screen.getByText('Ada offered $18.00 for Cotton towels.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
    await waitFor(() => expect(server.callsTo('POST /api/notifications/11/mark-as-read/')).toHaveLength(1));
  });

  it("follows an item's link and marks it read", async () => {
    const { user, bell } = await setup();
    await user.click(bell);
    await user.click(await screen.findByRole('button', { name: /Ada offered/ }));
    await waitFor(() => expect(here().path).toBe('/chat/5'));
    expect((await db.notifications.get(12))?.is_read).toBe(true);
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
  });

  it('marks all read at once', async () => {
    const { user, bell } = await setup();
    await user.click(bell);
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('No new notifications')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
    await waitFor(() => expect(server.callsTo('POST /api/notifications/mark-all-as-read/')).toHaveLength(1));
    // Only up to the newest notification shown: one arriving later stays unread.
    expect(server.callsTo('POST /api/notifications/mark-all-as-read/')[0].body).toEqual({ until: now });
  });

  it('offers "Mark all as read" for a single unread notification', async () => {
    const { user, bell } = await setup('Notifications, 1 unread', [{ ...NOTES[0], is_read: true }, NOTES[1]]);
    await user.click(bell);
    expect(await screen.findByText('Ada offered $18.00 for Cotton towels.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeTruthy();
  });

  it("words them in the reader's language", async () => {
    await activateLanguage('tr', false);
    const { user, bell } = await setup('Bildirimler, 2 okunmamış');
    await user.click(bell);
    expect(await screen.findByText('Kemal size 2 yeni mesaj gönderdi.')).toBeTruthy();
    // The price in the reader's currency, as Turkish writes numbers.
    expect(screen.getByText('Ada, Cotton towels için $18,00 teklif etti.')).toBeTruthy();
  });
});
