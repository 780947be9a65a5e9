import type { ReactElement } from 'react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { Route, Router, Switch } from 'wouter';
import type { User } from '../../../src/shared/types';
import { AuthProvider } from '../../../src/sync/auth';
import { setTokens } from '../../../src/sync/tokens';

/**
 * Screen tests run the real screens, the real auth state and the real API client; only the
 * network is replaced, at the fetch boundary, by a table of answers per "METHOD /path".
 */

export interface RecordedCall {
  method: string;
  path: string;
  /** Parsed JSON, a FormData, or undefined. */
  body: unknown;
  headers: Record<string, string>;
}

type Answer = { status?: number; body?: unknown } | ((call: RecordedCall) => { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>);

export interface FakeServer {
  calls: RecordedCall[];
  /** Sets (or replaces) the answer for "METHOD /api/path/". */
  on(route: string, answer: Answer): void;
  callsTo(route: string): RecordedCall[];
}

/** Replaces global fetch with a fake server; unknown routes answer 404 like the real one. */
export function fakeServer(routes: Record<string, Answer> = {}): FakeServer {
  const table = new Map<string, Answer>(Object.entries(routes));
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    let body: unknown;
    if (init.body instanceof FormData) body = init.body;
    else if (typeof init.body === 'string') body = JSON.parse(init.body);
    const call: RecordedCall = { method, path: url.pathname + url.search, body, headers: (init.headers ?? {}) as Record<string, string> };
    calls.push(call);
    const answer = table.get(`${method} ${url.pathname + url.search}`) ?? table.get(`${method} ${url.pathname}`);
    if (answer === undefined) return json(404, { detail: 'Not found.' });
    const { status = 200, body: out } = typeof answer === 'function' ? await answer(call) : answer;
    if (status === 0) throw new TypeError('Failed to fetch');
    return json(status, out);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    on: (route, answer) => { table.set(route, answer); },
    callsTo: (route) => {
      const [method, path] = route.split(' ');
      return calls.filter((c) => c.method === method && c.path.split('?')[0] === path);
    },
  };
}

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    first_name: 'Ada',
    last_name: 'Obi',
    email: 'ada@example.com',
    phone_number: '+2348012345678',
    country: { code: 'NG', name: 'Nigeria' },
    user_type: 'BUYER',
    is_first_login: false,
    is_verified: true,
    date_joined: '2024-03-05T10:00:00Z',
    currency: null,
    supplier_profile: null,
    buyer_profile: { name: 'Ada', logo_url: null, interested_categories: [{ id: 1, name: 'Textiles' }] },
    seller_average_rating: null,
    ...overrides,
  };
}

/** A stored session whose GET /api/me/ answers `user`. */
export function signedInAs(server: FakeServer, user: User) {
  setTokens({ access: 'access-token', refresh: 'refresh-token' });
  server.on('GET /api/me/', { body: user });
}

export interface RenderOptions {
  /** Where the browser is when the screen renders. */
  path?: string;
  /** history.state at that location (navigation state). */
  state?: unknown;
  /** The route pattern the screen is mounted under, for its URL params. */
  route?: string;
  /** user-event options, e.g. { applyAccept: false } to pick a file the input does not accept. */
  userOptions?: Parameters<typeof userEvent.setup>[0];
}

/** Renders `ui` as the router would: English active, real AuthProvider, browser location. */
export function renderScreen(ui: ReactElement, { path = '/', state = null, route, userOptions }: RenderOptions = {}) {
  if (!i18n.locale) i18n.loadAndActivate({ locale: 'en', messages: {} });
  history.replaceState(state, '', path);
  const user = userEvent.setup(userOptions);
  const result = render(
    <I18nProvider i18n={i18n}>
      <AuthProvider>
        <Router>
          {route ? <Switch><Route path={route}>{ui}</Route></Switch> : ui}
        </Router>
      </AuthProvider>
    </I18nProvider>,
  );
  return { user, ...result };
}

/** The browser's current path and navigation state. */
export const here = () => ({ path: location.pathname, state: history.state as Record<string, unknown> | null });

/** Resets what a test leaves behind in the shared window. */
export function resetBrowser() {
  localStorage.clear();
  vi.unstubAllGlobals();
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  history.replaceState(null, '', '/');
}
