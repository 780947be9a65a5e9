import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { db } from '../../../src/db/db';
import { currentPath, fakeApi, makeUser, renderApp, storeSession } from '../helpers';

async function signedInWithUnsent(count: number) {
  storeSession();
  const server = fakeApi({ 'GET /api/me/': () => ({ body: makeUser() }), 'POST /api/auth/logout/': () => ({ status: 204 }) });
  await renderApp('/');
  await screen.findByRole('button', { name: 'Hi, Ada' });
  for (let i = 0; i < count; i += 1) {
    await db.outbox.add({
      kind: 'favorite.add',
      target: `product:${i}`,
      client_id: crypto.randomUUID(),
      payload: { product: i },
      state: 'failed',
      error: 'x',
      attempts: 0,
      next_at: 0,
      created_at: Date.now(),
      user_id: 7,
    });
  }
  return server;
}

describe('signing out with unsent changes', () => {
  it('warns with the number of changes and stays signed in when the user cancels', async () => {
    const confirm = vi.fn(() => false);
    window.confirm = confirm;
    const server = await signedInWithUnsent(2);
    await userEvent.click(screen.getByRole('button', { name: 'Hi, Ada' }));
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith(expect.stringContaining('2 changes have not been sent yet')));
    expect(server.callsTo('POST', '/api/auth/logout/')).toHaveLength(0);
    expect(await db.outbox.count()).toBe(2);
  });

  it('clears the private data and the outbox when the user confirms', async () => {
    window.confirm = vi.fn(() => true);
    await signedInWithUnsent(1);
    await db.favorites.put({ product_id: 3, id: 3, created_at: '' });
    await userEvent.click(screen.getByRole('button', { name: 'Hi, Ada' }));
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(currentPath()).toBe('/login'));
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(await db.favorites.count()).toBe(0);
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('asks nothing when every change was sent', async () => {
    const confirm = vi.fn(() => true);
    window.confirm = confirm;
    await signedInWithUnsent(0);
    await userEvent.click(screen.getByRole('button', { name: 'Hi, Ada' }));
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(confirm).not.toHaveBeenCalled();
  });
});
