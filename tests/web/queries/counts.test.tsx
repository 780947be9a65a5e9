import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { COUNTS_REFRESH_MS } from '@/shared/constants';
import { db } from '@/db/db';
import { useCounts } from '@/queries/counts';
import { readCounts } from '@/db/queries';
import { clearPrivateData } from '@/sync/session/deviceUser';
import { fakeApi, makeUser, renderApp, storeSession, syncRoute } from '../helpers';
import { makeProduct } from '../components/productFixtures';

const conversation = (id: number, unread: number) => ({
  id,
  participants: [],
  product: null,
  last_message_timestamp: null,
  created_at: '2025-01-01T00:00:00Z',
  unread_messages_count: unread,
  last_message: null,
});
const notification = (id: number, is_read: boolean) => ({
  id,
  message: 'm',
  link: null,
  is_read,
  created_at: '2025-01-01T00:00:00Z',
  kind: 'new_message',
  params: {},
});
const favorite = (id: number) => ({ id, product: makeProduct({ id }), created_at: '2025-01-01T00:00:00Z' });

function Badges() {
  const counts = useCounts();
  return <p>{`${counts.notifications_unread}/${counts.messages_unread}/${counts.favorites}`}</p>;
}

describe('global counts (docs/product.md#notifications), derived from the local tables', () => {
  it('count unread notifications, unread messages over conversations and favourites, pending changes included', async () => {
    await db.notifications.bulkPut([notification(1, false), notification(2, true), notification(3, false)] as never);
    await db.conversations.bulkPut([
      { ...conversation(1, 2), activity: 'a' },
      { ...conversation(2, 3), activity: 'b' },
    ] as never);
    await db.favorites.bulkPut([
      { product_id: 1, id: 1, created_at: '' },
      { product_id: 2, id: null, created_at: '', pending: 'sending' },
      { product_id: 3, id: 3, created_at: '', removed: true },
    ]);
    render(<Badges />);
    expect(await screen.findByText('2/5/2')).toBeTruthy();
    await db.notifications.update(1, { is_read: true });
    expect(await screen.findByText('1/5/2')).toBeTruthy();
  });

  it('go back to zero on sign-out', async () => {
    await db.notifications.put(notification(1, false) as never);
    await db.favorites.put({ product_id: 1, id: 1, created_at: '' });
    await clearPrivateData();
    expect(await readCounts()).toEqual({ notifications_unread: 0, messages_unread: 0, favorites: 0 });
  });

  it('are refreshed from the server on sign-in and every 60 s while signed in', async () => {
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    storeSession();
    let unread = 1;
    const rows = () => ({
      notifications: Array.from({ length: unread }, (_, i) => notification(i + 1, false)),
      conversations: [conversation(1, 4)],
      favorites: [favorite(1), favorite(2), favorite(3)],
    });
    const server = fakeApi({
      'GET /api/me/': () => ({ body: makeUser() }),
      'GET /api/sync/': (call) =>
        syncRoute(rows())({ ...call, query: new URLSearchParams({ collections: call.query.get('collections') ?? '' }) }),
    });
    await renderApp('/');
    expect((await screen.findAllByRole('link', { name: 'Favorites, 3' }, { timeout: 3000 })).length).toBeGreaterThan(0);
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
    const every60s = setIntervalSpy.mock.calls.filter(([, ms]) => ms === COUNTS_REFRESH_MS);
    expect(every60s.length).toBeGreaterThan(0);
    unread = 2;
    const pullsBefore = server.callsTo('GET', '/api/sync/').length;
    for (const [callback] of every60s) (callback as () => void)();
    await waitFor(() => expect(server.callsTo('GET', '/api/sync/').length).toBeGreaterThan(pullsBefore));
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeTruthy();
    setIntervalSpy.mockRestore();
  });
});
