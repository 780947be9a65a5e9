import { describe, expect, it, vi } from 'vitest';
import { api, ApiError, listOf } from '@/sync/api/client';
import { getAccessToken, getRefreshToken, onTokensCleared } from '@/sync/session/tokens';
import { fakeApi, makeUser, storeSession } from '../../helpers';

/** A server whose access tokens are valid only when they equal `validAccess`. */
function serverWithRotation(opts: { refreshFails?: boolean } = {}) {
  let validAccess = 'access-2';
  let refreshes = 0;
  let releaseRefresh: () => void = () => {};
  const refreshGate = new Promise<void>((resolve) => {
    releaseRefresh = resolve;
  });
  const guarded = (body: unknown) => (call: { headers: Headers }) =>
    call.headers.get('Authorization') === `Bearer ${validAccess}`
      ? { body }
      : { status: 401, body: { detail: 'Given token not valid for any token type' } };
  const server = fakeApi({
    'GET /api/me/': guarded(makeUser()),
    'GET /api/me/counts/': guarded({ notifications_unread: 1, messages_unread: 2, favorites: 3 }),
    'GET /api/notifications/': guarded([]),
    'POST /api/auth/token/refresh/': async (call) => {
      refreshes += 1;
      await refreshGate;
      if (opts.refreshFails || (call.body as { refresh: string }).refresh !== 'refresh-1') {
        return { status: 401, body: { detail: 'Token is invalid or expired' } };
      }
      validAccess = 'access-2';
      return { body: { access: 'access-2', refresh: 'refresh-2' } };
    },
  });
  return {
    server,
    refreshes: () => refreshes,
    releaseRefresh,
    expireAll: () => {
      validAccess = 'nothing';
    },
  };
}

describe('the API client', () => {
  it('sends the stored access token as a bearer token', async () => {
    storeSession('access-2', 'refresh-1');
    const { server } = serverWithRotation();
    await api.me();
    expect(server.calls[0].headers.get('Authorization')).toBe('Bearer access-2');
  });

  it('sends no token to the sign-in endpoints', async () => {
    storeSession('access-2', 'refresh-1');
    const server = fakeApi({ 'POST /api/auth/login/': () => ({ body: { access: 'a', refresh: 'r' } }) });
    await api.login('ada@example.com', 'secret-pass');
    expect(server.calls[0].headers.get('Authorization')).toBeNull();
    expect(server.calls[0].body).toEqual({ email: 'ada@example.com', password: 'secret-pass' });
  });

  it('on a 401 refreshes once, stores the rotated pair and retries the request', async () => {
    storeSession('expired', 'refresh-1');
    const rotation = serverWithRotation();
    rotation.releaseRefresh();
    const user = await api.me();
    expect(user.first_name).toBe('Ada');
    expect(rotation.refreshes()).toBe(1);
    expect(rotation.server.callsTo('GET', '/api/me/')).toHaveLength(2);
    expect(getAccessToken()).toBe('access-2');
    expect(getRefreshToken()).toBe('refresh-2');
  });

  it('makes concurrent requests that get a 401 wait on ONE refresh', async () => {
    storeSession('expired', 'refresh-1');
    const rotation = serverWithRotation();
    const all = Promise.all([api.me(), api.counts(), api.unreadNotifications()]);
    await vi.waitFor(() => expect(rotation.refreshes()).toBe(1));
    rotation.releaseRefresh();
    const [user, counts, notifications] = await all;
    expect(user.id).toBe(7);
    expect(counts.favorites).toBe(3);
    expect(notifications).toEqual([]);
    expect(rotation.refreshes()).toBe(1);
    expect(rotation.server.callsTo('POST', '/api/auth/token/refresh/')).toHaveLength(1);
  });

  it('logs out silently when the refresh fails: both tokens cleared, listeners told, the 401 surfaces', async () => {
    storeSession('expired', 'refresh-1');
    const rotation = serverWithRotation({ refreshFails: true });
    rotation.releaseRefresh();
    const cleared = vi.fn();
    const stop = onTokensCleared(cleared);
    const error = await api.me().catch((e) => e);
    stop();
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(401);
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(cleared).toHaveBeenCalledTimes(1);
    expect(rotation.server.callsTo('GET', '/api/me/')).toHaveLength(1);
  });

  it('keeps the session when a refresh answer is lost, and refreshes again later with the same token', async () => {
    storeSession('expired', 'refresh-1');
    const presented: string[] = [];
    let lose = true;
    const server = fakeApi({
      'GET /api/me/': (call) =>
        call.headers.get('Authorization') === 'Bearer access-2' ? { body: makeUser() } : { status: 401, body: { detail: 'expired' } },
      'POST /api/auth/token/refresh/': (call) => {
        presented.push((call.body as { refresh: string }).refresh);
        // The server rotated, but the answer never arrived.
        if (lose) {
          lose = false;
          throw new TypeError('Failed to fetch');
        }
        return { body: { access: 'access-2', refresh: 'refresh-2' } };
      },
    });
    const cleared = vi.fn();
    const stop = onTokensCleared(cleared);
    const lost = await api.me().catch((e) => e);
    expect(lost).toMatchObject({ status: 0 });
    expect(getRefreshToken()).toBe('refresh-1');
    const user = await api.me();
    stop();
    expect(user.id).toBe(7);
    expect(presented).toEqual(['refresh-1', 'refresh-1']);
    expect(getRefreshToken()).toBe('refresh-2');
    expect(cleared).not.toHaveBeenCalled();
    expect(server.callsTo('GET', '/api/me/')).toHaveLength(3);
  });

  it('rotates again at once when the pair asked for again has an expired access token', async () => {
    storeSession('expired', 'refresh-1');
    const jwt = (exp: number) => `e30.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.sig`;
    const stale = jwt(Math.floor(Date.now() / 1000) - 60);
    const presented: string[] = [];
    fakeApi({
      'GET /api/me/': (call) =>
        call.headers.get('Authorization') === 'Bearer access-3' ? { body: makeUser() } : { status: 401, body: { detail: 'expired' } },
      'POST /api/auth/token/refresh/': (call) => {
        const { refresh } = call.body as { refresh: string };
        presented.push(refresh);
        return refresh === 'refresh-1'
          ? { body: { access: stale, refresh: 'refresh-2' } }
          : { body: { access: 'access-3', refresh: 'refresh-3' } };
      },
    });
    expect((await api.me()).id).toBe(7);
    expect(presented).toEqual(['refresh-1', 'refresh-2']);
    expect(getRefreshToken()).toBe('refresh-3');
  });

  it.each([500, 503, 429])('keeps the session when the refresh meets a server in trouble (%i)', async (status) => {
    storeSession('expired', 'refresh-1');
    fakeApi({
      'GET /api/me/': () => ({ status: 401, body: { detail: 'expired' } }),
      'POST /api/auth/token/refresh/': () => ({ status, body: { detail: 'Try again later.' } }),
    });
    const cleared = vi.fn();
    const stop = onTokensCleared(cleared);
    const error = await api.me().catch((e) => e);
    stop();
    expect(error).toMatchObject({ status });
    expect(getRefreshToken()).toBe('refresh-1');
    expect(cleared).not.toHaveBeenCalled();
  });

  it('does not retry more than once', async () => {
    storeSession('expired', 'refresh-1');
    const rotation = serverWithRotation();
    rotation.releaseRefresh();
    // The server rejects even the fresh token.
    rotation.server.routes['GET /api/me/'] = () => ({ status: 401, body: { detail: 'nope' } });
    await expect(api.me()).rejects.toMatchObject({ status: 401 });
    expect(rotation.server.callsTo('GET', '/api/me/')).toHaveLength(2);
  });

  it('reports an unreachable server as status 0 and keeps the tokens', async () => {
    storeSession('access-2', 'refresh-1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await api.me().catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(getAccessToken()).toBe('access-2');
  });

  it('keeps DRF error bodies on the error', async () => {
    fakeApi({ 'POST /api/auth/registration/': () => ({ status: 400, body: { email: ['A user with that email already exists.'] } }) });
    const error = await api
      .register({
        first_name: 'A',
        last_name: 'B',
        email: 'a@b.co',
        phone_number: '+2348012345678',
        country: 'NG',
        password1: 'x',
        password2: 'x',
      })
      .catch((e) => e);
    expect(error.status).toBe(400);
    expect(error.body).toEqual({ email: ['A user with that email already exists.'] });
  });

  it('accepts paged and plain lists', async () => {
    expect(listOf({ count: 1, next: null, previous: null, results: [1] })).toEqual([1]);
    expect(listOf([2])).toEqual([2]);
    fakeApi({ 'GET /api/categories/': () => ({ body: { count: 1, next: null, previous: null, results: [{ id: 1, name: 'Textiles' }] } }) });
    expect(await api.categories()).toEqual([{ id: 1, name: 'Textiles' }]);
  });

  it('sends multipart forms as FormData', async () => {
    storeSession('access-2', 'refresh-1');
    const server = fakeApi({ 'POST /api/me/set-account-type/': () => ({ body: makeUser({ user_type: 'SUPPLIER' }) }) });
    const form = new FormData();
    form.set('account_type', 'SUPPLIER');
    const user = await api.setAccountType(form);
    expect(user.user_type).toBe('SUPPLIER');
    expect(server.calls[0].body).toBeInstanceOf(FormData);
    expect(server.calls[0].headers.get('Content-Type')).toBeNull();
  });

  it('in development and tests, refuses an answer that drifted from its shared schema (a user without an email)', async () => {
    storeSession('access-2', 'refresh-1');
    const { email: _dropped, ...drifted } = makeUser();
    fakeApi({ 'GET /api/me/': () => ({ body: drifted }) });
    const error = await api.me().catch((e) => e);
    expect(error.name).toBe('AnswerShapeError');
    expect(error.message).toContain('email');
  });
});
