import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import FavoritesScreen from '@/screens/favorites/FavoritesScreen';
import { useSyncEngine } from '@/queries/useSyncEngine';
import { db } from '@/db/db';
import { reportReachable, reportUnreachable } from '@/sync/api/connectivity';
import { fakeServer, makeUser, renderScreen, signedInAs, type FakeServer } from '../harness';
import { makeProduct } from '@tests/web/components/productFixtures';

function WithEngine({ children }: { children: ReactNode }) {
  useSyncEngine();
  return <>{children}</>;
}

/** The signed-in buyer's pull answers these favourites (docs/api.md#delta-sync). */
function pullAnswers(server: FakeServer, favorites: unknown[]) {
  server.on('GET /api/sync/', {
    body: { cursor: '5', has_more: false, reset: false, changes: { favorites: { upserted: favorites, deleted: [] } } },
  });
}

afterEach(() => {
  cleanup();
  reportReachable();
});

describe('favourites (docs/product.md#screens, #messages)', () => {
  it("lists the user's saved products, newest first, with their count", async () => {
    const server = fakeServer();
    signedInAs(server, makeUser());
    pullAnswers(server, [
      { id: 1, product: makeProduct({ id: 4, name: 'Older favourite' }), created_at: '2025-01-01T10:00:00Z' },
      { id: 2, product: makeProduct({ id: 5, name: 'Newer favourite' }), created_at: '2025-03-01T10:00:00Z' },
    ]);
    renderScreen(
      <WithEngine>
        <FavoritesScreen />
      </WithEngine>,
    );
    const cards = await screen.findAllByTestId('product-card');
    expect(cards.map((c) => within(c).getAllByRole('link')[0].textContent)).toEqual(['Newer favourite', 'Older favourite']);
    expect(screen.getByText('2 saved products')).toBeTruthy();
    await waitFor(() =>
      expect(within(cards[0]).getByRole('button', { name: 'Favorite: Newer favourite' }).getAttribute('aria-pressed')).toBe('true'),
    );
  });

  it('shows an empty state once the pull says there are none', async () => {
    const server = fakeServer();
    signedInAs(server, makeUser());
    pullAnswers(server, []);
    renderScreen(
      <WithEngine>
        <FavoritesScreen />
      </WithEngine>,
    );
    expect(await screen.findByRole('heading', { name: 'No favorites yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explore products' }).getAttribute('href')).toBe('/');
  });

  it("says 'Failed to load your favorite items.' when the device never received them and cannot", async () => {
    const server = fakeServer();
    signedInAs(server, makeUser());
    server.on('GET /api/sync/', { status: 500, body: { detail: 'Server error' } });
    renderScreen(
      <WithEngine>
        <FavoritesScreen />
      </WithEngine>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load your favorite items.');
    expect(server.callsTo('GET /api/sync/').length).toBeGreaterThan(0);
  });

  it('offline on a device that synced before, shows the empty state without flashing the failure', async () => {
    const server = fakeServer();
    signedInAs(server, makeUser());
    await db.syncState.put({ key: 'stream:private', cursor: '9', updated_at: Date.now(), value: 'done' });
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    act(() => reportUnreachable());
    const alerts: string[] = [];
    const observer = new MutationObserver(() => {
      for (const node of document.querySelectorAll('[role="alert"]')) alerts.push(node.textContent ?? '');
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    renderScreen(<FavoritesScreen />);
    expect(await screen.findByRole('heading', { name: 'No favorites yet' })).toBeTruthy();
    observer.disconnect();
    expect(alerts).toEqual([]);
  });

  it('offline with nothing received yet, says they could not load', async () => {
    const server = fakeServer();
    signedInAs(server, makeUser());
    // No network at all: every request fails to connect.
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    act(() => reportUnreachable());
    renderScreen(<FavoritesScreen />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load your favorite items.');
  });
});
