import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { db } from '@/db/db';
import { currentPath, fakeApi, makeUser, renderApp, storeSession } from '../helpers';

async function signedInWithUnsent(count: number, state: 'failed' | 'pending' = 'failed', path = '/') {
  storeSession();
  const server = fakeApi({
    'GET /api/me/': () => ({ body: makeUser() }),
    'POST /api/auth/logout/': () => ({ status: 204 }),
    // A send that gets no answer: the entries stay unsent for as long as the test needs.
    'POST /api/favorites/': () => new Promise(() => undefined),
  });
  await renderApp(path);
  await screen.findByRole('button', { name: 'Hi, Ada' });
  for (let i = 0; i < count; i += 1) {
    await db.outbox.add({
      kind: 'favorite.add',
      target: `product:${i}`,
      client_id: crypto.randomUUID(),
      payload: { product: i },
      state,
      error: state === 'failed' ? 'x' : undefined,
      attempts: 0,
      next_at: 0,
      created_at: Date.now(),
      user_id: 7,
    });
  }
  return server;
}

const warning = () => screen.findByRole('alertdialog', { name: 'Changes not sent yet' });

describe('signing out with unsent changes', () => {
  it('warns with the number of changes and stays signed in when the user cancels', async () => {
    const server = await signedInWithUnsent(2);
    await userEvent.click(screen.getByRole('button', { name: 'Hi, Ada' }));
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await warning();
    expect(within(dialog).getByText('2 changes have not been sent yet. Signing out now drops them.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.callsTo('POST', '/api/auth/logout/')).toHaveLength(0);
    expect(await db.outbox.count()).toBe(2);
    expect(screen.getByRole('button', { name: 'Hi, Ada' })).toBeTruthy();
  });

  it('clears the private data and the outbox when the user signs out anyway', async () => {
    await signedInWithUnsent(1);
    await db.favorites.put({ product_id: 3, id: 3, created_at: '' });
    await userEvent.click(screen.getByRole('button', { name: 'Hi, Ada' }));
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await userEvent.click(within(await warning()).getByRole('button', { name: 'Sign out anyway' }));
    await waitFor(() => expect(currentPath()).toBe('/login'));
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(await db.favorites.count()).toBe(0);
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('"wait" signs out once the changes have gone, and not before', async () => {
    await signedInWithUnsent(1, 'pending');
    await userEvent.click(screen.getByRole('button', { name: 'Hi, Ada' }));
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await userEvent.click(within(await warning()).getByRole('button', { name: 'Wait until they are sent' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(currentPath()).toBe('/');
    // The outbox sends it (here: it is gone from the device as when the server took it).
    await db.outbox.clear();
    await waitFor(() => expect(currentPath()).toBe('/login'));
  });

  it('asks nothing when every change was sent', async () => {
    await signedInWithUnsent(0);
    await userEvent.click(screen.getByRole('button', { name: 'Hi, Ada' }));
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(currentPath()).toBe('/login'));
  });

  it('Settings asks the same question', async () => {
    await signedInWithUnsent(2, 'failed', '/profile?tab=settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(within(await warning()).getByText('2 changes have not been sent yet. Signing out now drops them.')).toBeTruthy();
  });
});
