import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/sync/api/client';
import { readSharedTokens, shareTokens } from '@/sync/session/sharedTokens';
import { getRefreshToken, setTokens } from '@/sync/session/tokens';
import { fakeApi, makeUser, storeSession } from '../../helpers';

/**
 * The session the service worker uses (docs/sync.md): the page shares its tokens; a pair the
 * worker refreshed while no page was open is the one the page presents next, since the
 * replaced refresh token would be refused (and, used after the new one, end the session).
 */
function rotatingServer(accepted: string) {
  return fakeApi({
    'GET /api/me/': (call) =>
      call.headers.get('Authorization') === 'Bearer access-3' ? { body: makeUser() } : { status: 401, body: { detail: 'Token expired' } },
    'POST /api/auth/token/refresh/': (call) =>
      (call.body as { refresh: string }).refresh === accepted
        ? { body: { access: 'access-3', refresh: 'refresh-3' } }
        : { status: 401, body: { detail: 'Token is invalid or expired' } },
  });
}

afterEach(async () => {
  await shareTokens(null);
});

describe('tokens shared with the service worker', () => {
  it('the page shares the pair it stores', async () => {
    setTokens({ access: 'access-1', refresh: 'refresh-1' });
    await expect.poll(readSharedTokens).toMatchObject({ access: 'access-1', refresh: 'refresh-1', by: 'page' });
  });

  it("the page refreshes with the worker's newer refresh token, and keeps the session", async () => {
    storeSession('access-1', 'refresh-1');
    await shareTokens({ access: 'access-2', refresh: 'refresh-2' }, 'worker');
    const server = rotatingServer('refresh-2');
    expect((await api.me()).first_name).toBe('Ada');
    expect(server.callsTo('POST', '/api/auth/token/refresh/').map((c) => c.body)).toEqual([{ refresh: 'refresh-2' }]);
    expect(getRefreshToken()).toBe('refresh-3');
  });

  it('a pair the page itself shared is not taken back over its own newer one', async () => {
    storeSession('access-1', 'refresh-1');
    await shareTokens({ access: 'access-0', refresh: 'refresh-0' }, 'page');
    const server = rotatingServer('refresh-1');
    expect((await api.me()).first_name).toBe('Ada');
    expect(server.callsTo('POST', '/api/auth/token/refresh/').map((c) => c.body)).toEqual([{ refresh: 'refresh-1' }]);
  });
});
