import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import ProductCard from '@/components/ProductCard';
import { ToastHost, showToast, dismissToast } from '@/components/Toast';
import { useSyncEngine } from '@/queries/useSyncEngine';
import { db } from '@/db/db';
import { reportReachable, reportUnreachable } from '@/sync/api/connectivity';
import { fakeServer, makeUser, renderScreen, signedInAs, type FakeServer } from '../screens/harness';
import { makeProduct } from './productFixtures';

/** The card as the app shows it: with the toast host and the sync engine running. */
function App({ children }: { children: ReactNode }) {
  useSyncEngine();
  return (
    <>
      {children}
      <ToastHost />
    </>
  );
}

const product = makeProduct({ id: 12, name: 'Shea butter' });
const heart = () => screen.getByRole('button', { name: 'Favorite: Shea butter' });

/** A server with nothing new to pull, so the engine goes on to send the outbox. */
function syncServer(): FakeServer {
  const server = fakeServer();
  server.on('GET /api/sync/', { body: { cursor: '1', has_more: false, reset: false, changes: {} } });
  return server;
}

function favoriteAnswer(server: FakeServer) {
  server.on('POST /api/favorites/', { status: 201, body: { id: 70, product, created_at: '2025-02-01T10:00:00Z' } });
  server.on('DELETE /api/favorites/by-product/12/', { status: 204 });
}

afterEach(() => {
  cleanup();
  reportReachable();
  dismissToast();
  vi.useRealTimers();
});

describe('the favourite toggle (docs/product.md#screens, #messages)', () => {
  it('tells a guest to log in and sends nothing', async () => {
    const server = fakeServer();
    const { user } = renderScreen(
      <App>
        <ProductCard product={product} />
      </App>,
    );
    await user.click(heart());
    expect(await screen.findByText('Please log in to manage favorites.')).toBeTruthy();
    expect(server.callsTo('POST /api/favorites/')).toHaveLength(0);
    expect(heart().getAttribute('aria-pressed')).toBe('false');
  });

  it('adds, then removes, with the toasts and the requests the server expects', async () => {
    const server = syncServer();
    signedInAs(server, makeUser());
    favoriteAnswer(server);
    const { user } = renderScreen(
      <App>
        <ProductCard product={product} />
      </App>,
    );
    await waitFor(() => expect(server.callsTo('GET /api/me/')).toHaveLength(1));

    await user.click(heart());
    expect(await screen.findByText('Added to favorites!')).toBeTruthy();
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('true'));
    await waitFor(() => expect(server.callsTo('POST /api/favorites/')).toHaveLength(1));
    expect(server.callsTo('POST /api/favorites/')[0].body).toMatchObject({ product: 12, client_id: expect.any(String) });
    await waitFor(() => expect(screen.queryByText('Waiting to sync')).toBeNull());
    await waitFor(() => expect(heart().hasAttribute('disabled')).toBe(false));

    await user.click(heart());
    expect(await screen.findByText('Removed from favorites')).toBeTruthy();
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('false'));
    await waitFor(() => expect(server.callsTo('DELETE /api/favorites/by-product/12/')).toHaveLength(1));
  });

  it('is disabled while the request is in flight', async () => {
    const server = syncServer();
    signedInAs(server, makeUser());
    let answer!: () => void;
    server.on(
      'POST /api/favorites/',
      () =>
        new Promise((resolve) => {
          answer = () => resolve({ status: 201, body: { id: 70, product, created_at: '2025-02-01T10:00:00Z' } });
        }),
    );
    const { user } = renderScreen(
      <App>
        <ProductCard product={product} />
      </App>,
    );
    await waitFor(() => expect(server.callsTo('GET /api/me/')).toHaveLength(1));
    await user.click(heart());
    await waitFor(() => expect(server.callsTo('POST /api/favorites/')).toHaveLength(1));
    expect(heart().hasAttribute('disabled')).toBe(true);
    expect(within(heart()).getByText('Waiting to sync')).toBeTruthy();
    answer();
    await waitFor(() => expect(heart().hasAttribute('disabled')).toBe(false));
    expect(heart().getAttribute('aria-pressed')).toBe('true');
  });

  it('offline: toggles at once and shows the change as waiting to be sent', async () => {
    const server = syncServer();
    signedInAs(server, makeUser());
    const { user } = renderScreen(
      <App>
        <ProductCard product={product} />
      </App>,
    );
    await waitFor(() => expect(server.callsTo('GET /api/me/')).toHaveLength(1));
    // The network goes away: every request fails to connect.
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    act(() => reportUnreachable());
    await user.click(heart());
    expect(await screen.findByText('Added to favorites!')).toBeTruthy();
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('true'));
    expect(await within(heart()).findByText('Waiting to sync')).toBeTruthy();
    expect(heart().hasAttribute('disabled')).toBe(false);
    expect((await db.outbox.toArray()).map((e) => e.kind)).toEqual(['favorite.add']);
  });

  it('undoes a change the server refused at once, and says why in a toast', async () => {
    const server = syncServer();
    signedInAs(server, makeUser());
    server.on('POST /api/favorites/', { status: 403, body: { detail: 'Verify your email first.' } });
    const { user } = renderScreen(
      <App>
        <ProductCard product={product} />
      </App>,
    );
    await waitFor(() => expect(server.callsTo('GET /api/me/')).toHaveLength(1));
    await user.click(heart());
    expect(await screen.findByText('Could not update favorites. Verify your email first.', {}, { timeout: 4000 })).toBeTruthy();
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('false'));
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    // Nothing is left beside the heart: the card keeps its layout.
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Discard' })).toBeNull();
  });

  it('shows a change refused while the button was away with the reason, and discarding it undoes the toggle', async () => {
    const server = syncServer();
    signedInAs(server, makeUser());
    server.on('POST /api/favorites/', { status: 403, body: { detail: 'Verify your email first.' } });
    const first = renderScreen(
      <App>
        <ProductCard product={product} />
      </App>,
    );
    await waitFor(() => expect(server.callsTo('GET /api/me/')).toHaveLength(1));
    const serverFetch = globalThis.fetch;
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    act(() => reportUnreachable());
    await first.user.click(heart());
    await waitFor(async () => expect((await db.outbox.toArray()).map((e) => e.kind)).toEqual(['favorite.add']));
    first.unmount();
    vi.stubGlobal('fetch', serverFetch);
    const { user } = renderScreen(
      <App>
        <ProductCard product={product} />
      </App>,
    );
    act(() => reportReachable());
    const alert = await screen.findByRole('alert', {}, { timeout: 6000 });
    expect(alert.textContent).toContain('Could not update favorites.');
    expect(alert.textContent).toContain('Verify your email first.');
    await user.click(within(alert).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('false'));
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('the first paint of a favourite', () => {
  it('shows the heart pressed at once for a product the list says is favourited', () => {
    fakeServer();
    renderScreen(<ProductCard product={{ ...product, is_favorited: true }} />);
    expect(heart().getAttribute('aria-pressed')).toBe('true');
  });
});

describe('toasts (docs/product.md#constants: 2.5 s)', () => {
  it('disappear after 2500 ms; a new one replaces the old', () => {
    vi.useFakeTimers();
    render(<ToastHost />);
    act(() => showToast('Added to favorites!'));
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    act(() => showToast('Removed from favorites'));
    expect(screen.queryByText('Added to favorites!')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(2499);
    });
    expect(screen.getByText('Removed from favorites')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Removed from favorites')).toBeNull();
  });
});
