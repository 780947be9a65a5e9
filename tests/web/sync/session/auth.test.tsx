import { describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { AuthProvider, routeAfterLogin, useAuth, type AuthContextValue } from '@/queries/auth';
import { getAccessToken, getRefreshToken } from '@/sync/session/tokens';
import { askedForMe, fakeApi, makeUser, storeSession } from '../../helpers';

/** Renders the auth state and hands the test its functions. */
function renderAuth() {
  const ref: { current: AuthContextValue | null } = { current: null };
  function Probe() {
    const auth = useAuth();
    ref.current = auth;
    return (
      <p data-testid="auth">
        {auth.status}:{auth.user?.first_name ?? '-'}
      </p>
    );
  }
  render(
    <AuthProvider>
      <Probe />
    </AuthProvider>,
  );
  return { auth: () => ref.current!, text: () => screen.getByTestId('auth').textContent };
}

describe('authentication state (docs/product.md#start-up-and-the-route-guard)', () => {
  it('is a guest at once when nothing is stored', () => {
    fakeApi();
    const { text } = renderAuth();
    expect(text()).toBe('guest:-');
  });

  it('loads, then fetches the current user when a token is stored', async () => {
    storeSession();
    const me = askedForMe();
    fakeApi({ 'GET /api/me/': () => me.pending });
    const { text } = renderAuth();
    expect(text()).toBe('loading:-');
    await act(async () => me.answer({ body: makeUser() }));
    expect(text()).toBe('authenticated:Ada');
  });

  it('clears both tokens and becomes a guest when the stored session is invalid', async () => {
    storeSession();
    fakeApi({
      'GET /api/me/': () => ({ status: 401, body: { detail: 'Given token not valid for any token type' } }),
      'POST /api/auth/token/refresh/': () => ({ status: 401, body: { detail: 'Token is invalid or expired' } }),
    });
    const { text } = renderAuth();
    await waitFor(() => expect(text()).toBe('guest:-'));
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
  });

  it('stays signed in with the last known user when it starts offline', async () => {
    fakeApi({ 'POST /api/auth/login/': () => ({ body: { access: 'a1', refresh: 'r1' } }), 'GET /api/me/': () => ({ body: makeUser() }) });
    const first = renderAuth();
    await act(() => first.auth().login('ada@example.com', 'pw-12345678'));
    cleanup();
    // The next start, without a network:
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const second = renderAuth();
    await waitFor(() => expect(second.text()).toBe('authenticated:Ada'));
    expect(getAccessToken()).toBe('a1');
  });

  it('keeps the session and the last known user when the start-up check fails without the server refusing it', async () => {
    fakeApi({ 'POST /api/auth/login/': () => ({ body: { access: 'a1', refresh: 'r1' } }), 'GET /api/me/': () => ({ body: makeUser() }) });
    const first = renderAuth();
    await act(() => first.auth().login('ada@example.com', 'pw-12345678'));
    cleanup();
    // A server error, then an answer cut off while it arrives (a reload, a dropped connection).
    const cutOff = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.error(new TypeError('network error'));
          },
        }),
        { status: 200 },
      );
    for (const failing of [async () => new Response('{"detail":"Service unavailable"}', { status: 503 }), async () => cutOff()]) {
      vi.stubGlobal('fetch', vi.fn(failing));
      const next = renderAuth();
      await waitFor(() => expect(next.text()).toBe('authenticated:Ada'));
      expect(getAccessToken()).toBe('a1');
      expect(getRefreshToken()).toBe('r1');
      cleanup();
    }
  });

  it('without a last known user, a failed start-up check leaves a guest screen but keeps the tokens for the next start', async () => {
    storeSession();
    fakeApi({ 'GET /api/me/': () => ({ status: 503, body: { detail: 'Service unavailable' } }) });
    const { text } = renderAuth();
    await waitFor(() => expect(text()).toBe('guest:-'));
    expect(getAccessToken()).not.toBeNull();
    expect(getRefreshToken()).not.toBeNull();
  });

  it('login stores the tokens and loads the user', async () => {
    const server = fakeApi({
      'POST /api/auth/login/': () => ({ body: { access: 'a1', refresh: 'r1' } }),
      'GET /api/me/': (call) => (call.headers.get('Authorization') === 'Bearer a1' ? { body: makeUser() } : { status: 401, body: {} }),
    });
    const { auth, text } = renderAuth();
    const user = await act(() => auth().login('ada@example.com', 'pw-12345678'));
    expect(user.first_name).toBe('Ada');
    expect(text()).toBe('authenticated:Ada');
    expect(getRefreshToken()).toBe('r1');
    expect(server.callsTo('GET', '/api/me/')).toHaveLength(1);
  });

  it('a failed login changes nothing and passes the server error on', async () => {
    fakeApi({ 'POST /api/auth/login/': () => ({ status: 401, body: { detail: 'No active account found with the given credentials' } }) });
    const { auth, text } = renderAuth();
    await expect(auth().login('ada@example.com', 'wrong')).rejects.toMatchObject({ status: 401 });
    expect(text()).toBe('guest:-');
    expect(getAccessToken()).toBeNull();
  });

  it('OTP verification is a direct token login', async () => {
    fakeApi({ 'POST /api/auth/otp/verify/': () => ({ body: { access: 'a9', refresh: 'r9', user: makeUser({ first_name: 'Fatou' }) } }) });
    const { auth, text } = renderAuth();
    await act(() => auth().verifyOtp('fatou@example.com', '123456'));
    expect(text()).toBe('authenticated:Fatou');
    expect(getAccessToken()).toBe('a9');
  });

  it("sends the sign-up's registration token back with the code, from memory only", async () => {
    const server = fakeApi({
      'POST /api/auth/registration/': () => ({ status: 201, body: { detail: 'Verification e-mail sent.', registration_token: 'reg-123' } }),
      'POST /api/auth/otp/verify/': () => ({ body: { access: 'a9', refresh: 'r9', user: makeUser(), must_set_password: false } }),
    });
    const { auth } = renderAuth();
    await act(() =>
      auth().register({
        first_name: 'Ada',
        last_name: 'Obi',
        email: 'ada@example.com',
        phone_number: '+2348012345678',
        country: 'NG',
        password1: 'x',
        password2: 'x',
      }),
    );
    expect(JSON.stringify(localStorage)).not.toContain('reg-123');
    const result = await act(() => auth().verifyOtp('ada@example.com', '123456'));
    expect(result.mustSetPassword).toBe(false);
    expect(server.callsTo('POST', '/api/auth/otp/verify/')[0].body).toEqual({
      email: 'ada@example.com',
      otp: '123456',
      registration_token: 'reg-123',
    });
  });

  it('signs in only after the new password when the server asks for one', async () => {
    const server = fakeApi({
      'POST /api/auth/otp/verify/': () => ({
        body: { access: 'a9', refresh: 'r9', user: makeUser({ first_name: 'Fatou' }), must_set_password: true },
      }),
      'POST /api/auth/password/set/': () => ({ body: { detail: 'New password has been saved.' } }),
    });
    const { auth, text } = renderAuth();
    const result = await act(() => auth().verifyOtp('fatou@example.com', '123456'));
    expect(result.mustSetPassword).toBe(true);
    expect(server.callsTo('POST', '/api/auth/otp/verify/')[0].body).toEqual({ email: 'fatou@example.com', otp: '123456' });
    expect(text()).toBe('guest:-');
    await act(() => auth().setNewPassword('my-own-harbour-58', 'my-own-harbour-58'));
    expect(text()).toBe('authenticated:Fatou');
    expect(server.callsTo('POST', '/api/auth/password/set/')[0].headers.get('Authorization')).toBe('Bearer a9');
  });

  it('onboarding completion replaces the user', async () => {
    storeSession();
    fakeApi({
      'GET /api/me/': () => ({ body: makeUser({ is_first_login: true, user_type: null }) }),
      'POST /api/me/set-account-type/': () => ({ body: makeUser({ first_name: 'Ada', user_type: 'SUPPLIER', is_first_login: false }) }),
    });
    const { auth } = renderAuth();
    await waitFor(() => expect(auth().status).toBe('authenticated'));
    expect(auth().user?.is_first_login).toBe(true);
    await act(() => auth().completeOnboarding(new FormData()));
    expect(auth().user?.user_type).toBe('SUPPLIER');
    expect(auth().user?.is_first_login).toBe(false);
  });

  it('logout revokes the refresh token on the server and clears everything', async () => {
    storeSession('a1', 'r1');
    const server = fakeApi({ 'GET /api/me/': () => ({ body: makeUser() }), 'POST /api/auth/logout/': () => ({ status: 204 }) });
    const { auth, text } = renderAuth();
    await waitFor(() => expect(text()).toBe('authenticated:Ada'));
    await act(() => auth().logout());
    expect(text()).toBe('guest:-');
    expect(getAccessToken()).toBeNull();
    expect(server.callsTo('POST', '/api/auth/logout/')[0].body).toEqual({ refresh: 'r1' });
  });

  it('logout still signs out when the server cannot be reached', async () => {
    storeSession('a1', 'r1');
    fakeApi({ 'GET /api/me/': () => ({ body: makeUser() }), 'POST /api/auth/logout/': () => ({ status: 503, body: { detail: 'down' } }) });
    const { auth, text } = renderAuth();
    await waitFor(() => expect(text()).toBe('authenticated:Ada'));
    await act(() => auth().logout());
    expect(text()).toBe('guest:-');
    expect(getRefreshToken()).toBeNull();
  });
});

describe('routeAfterLogin (docs/product.md#start-up-and-the-route-guard after login)', () => {
  it('sends a first login to onboarding', () => {
    expect(routeAfterLogin(makeUser({ is_first_login: true, is_verified: false }), '/favorites')).toBe('/onboarding');
  });
  it('sends an unverified account to the code entry', () => {
    expect(routeAfterLogin(makeUser({ is_verified: false }), '/favorites')).toBe('/verify-otp');
  });
  it('otherwise goes back to the page asked for, or home', () => {
    expect(routeAfterLogin(makeUser(), '/favorites')).toBe('/favorites');
    expect(routeAfterLogin(makeUser())).toBe('/');
    expect(routeAfterLogin(makeUser(), 'https://evil.example/')).toBe('/');
  });
});

/** A JWT-shaped token whose subject is `id`, as the server signs them (only the payload is read). */
const tokenOf = (id: number) => `h.${btoa(JSON.stringify({ sub: String(id) })).replace(/=+$/, '')}.s`;

/** Another tab of the same origin changed the stored session: this tab hears a storage event. */
function otherTab(access: string | null, refresh: string | null) {
  for (const [key, value] of [
    ['access_token', access],
    ['refresh_token', refresh],
  ] as const) {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
  }
}

describe('a session changed in another tab', () => {
  it('shows the other user as soon as another tab signs in as them', async () => {
    storeSession(tokenOf(1), tokenOf(1));
    let me = makeUser({ id: 1, first_name: 'Ada' });
    fakeApi({ 'GET /api/me/': () => ({ body: me }) });
    const { text } = renderAuth();
    await waitFor(() => expect(text()).toBe('authenticated:Ada'));
    me = makeUser({ id: 2, first_name: 'Bola' });
    act(() => otherTab(tokenOf(2), tokenOf(2)));
    // Never Ada over Bola's session, not even for a moment.
    expect(text()).not.toBe('authenticated:Ada');
    await waitFor(() => expect(text()).toBe('authenticated:Bola'));
  });

  it('shows the sign-in state when another tab signed out', async () => {
    storeSession(tokenOf(1), tokenOf(1));
    fakeApi({ 'GET /api/me/': () => ({ body: makeUser({ id: 1 }) }) });
    const { text } = renderAuth();
    await waitFor(() => expect(text()).toBe('authenticated:Ada'));
    act(() => otherTab(null, null));
    expect(text()).toBe('guest:-');
  });

  it("ignores another tab's refresh of the same user's tokens", async () => {
    storeSession(tokenOf(1), tokenOf(1));
    const me = vi.fn(() => ({ body: makeUser({ id: 1 }) }));
    fakeApi({ 'GET /api/me/': me });
    const { text } = renderAuth();
    await waitFor(() => expect(text()).toBe('authenticated:Ada'));
    act(() => otherTab(`${tokenOf(1)}x`, tokenOf(1)));
    expect(text()).toBe('authenticated:Ada');
    expect(me).toHaveBeenCalledTimes(1);
  });
});
