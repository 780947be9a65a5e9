import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import { COUNTS_REFRESH_MS } from '../../../src/shared/constants';
import { db } from '../../../src/data/db';
import { AuthProvider, useAuth, type AuthContextValue } from '../../../src/sync/auth';
import { useCountsRefresh } from '../../../src/sync/counts';
import { fakeApi, makeUser, storeSession } from '../helpers';

function renderCounts() {
  const ref: { current: AuthContextValue | null } = { current: null };
  function Probe() {
    ref.current = useAuth();
    useCountsRefresh();
    return null;
  }
  render(<AuthProvider><Probe /></AuthProvider>);
  return () => ref.current!;
}

describe('global counts (spec §4)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('refresh on sign-in, every 60 s while signed in, and reset to zero on sign-out', async () => {
    // The 60 s timer is observed, not waited for: its callback is run by hand.
    const setIntervalSpy = vi.spyOn(window, 'setInterval');
    const clearIntervalSpy = vi.spyOn(window, 'clearInterval');
    storeSession();
    let favorites = 3;
    const server = fakeApi({
      'GET /api/me/': () => ({ body: makeUser() }),
      'GET /api/me/counts/': () => ({ body: { notifications_unread: 1, messages_unread: 2, favorites } }),
      'POST /api/auth/logout/': () => ({ status: 204 }),
    });
    const auth = renderCounts();
    await waitFor(async () => expect((await db.counts.get('me'))?.favorites).toBe(3));
    expect(server.callsTo('GET', '/api/me/counts/')).toHaveLength(1);

    const timer = setIntervalSpy.mock.calls.findIndex(([, ms]) => ms === COUNTS_REFRESH_MS);
    expect(timer).toBeGreaterThanOrEqual(0);
    const [tick] = setIntervalSpy.mock.calls[timer];
    const timerId = setIntervalSpy.mock.results[timer].value;

    favorites = 5;
    await act(async () => { (tick as () => void)(); });
    await waitFor(async () => expect((await db.counts.get('me'))?.favorites).toBe(5));
    expect(server.callsTo('GET', '/api/me/counts/')).toHaveLength(2);

    await act(() => auth().logout());
    await waitFor(async () => expect(await db.counts.get('me')).toEqual({ key: 'me', notifications_unread: 0, messages_unread: 0, favorites: 0 }));
    expect(clearIntervalSpy).toHaveBeenCalledWith(timerId);
    expect(server.callsTo('GET', '/api/me/counts/')).toHaveLength(2);
  });

  it('an answer that arrives after sign-out does not bring the old badges back', async () => {
    storeSession();
    let answer!: (reply: { body: unknown }) => void;
    const server = fakeApi({
      'GET /api/me/': () => ({ body: makeUser() }),
      'GET /api/me/counts/': () => new Promise((resolve) => { answer = resolve; }),
      'POST /api/auth/logout/': () => ({ status: 204 }),
    });
    const auth = renderCounts();
    await waitFor(() => expect(server.callsTo('GET', '/api/me/counts/')).toHaveLength(1));
    await act(() => auth().logout());
    await waitFor(async () => expect((await db.counts.get('me'))?.favorites).toBe(0));
    await act(async () => { answer({ body: { notifications_unread: 9, messages_unread: 9, favorites: 9 } }); });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await db.counts.get('me')).toEqual({ key: 'me', notifications_unread: 0, messages_unread: 0, favorites: 0 });
  });

  it('a failed refresh is only logged and keeps the last numbers', async () => {
    storeSession();
    await db.counts.put({ key: 'me', notifications_unread: 4, messages_unread: 0, favorites: 1 });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const server = fakeApi({ 'GET /api/me/': () => ({ body: makeUser() }), 'GET /api/me/counts/': () => ({ status: 503, body: { detail: 'down' } }) });
    renderCounts();
    await waitFor(() => expect(server.callsTo('GET', '/api/me/counts/')).toHaveLength(1));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect((await db.counts.get('me'))?.notifications_unread).toBe(4);
  });
});
