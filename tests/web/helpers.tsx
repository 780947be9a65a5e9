import { vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import App from '@/app/App';
import type { User } from '@/shared/types';

/**
 * The API as the browser sees it, answered in-process: each test declares the answers it
 * needs ("GET /api/me/": handler) and can read every call made. Anything else is a 404.
 */
export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}
type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };
type Answer = Reply | Promise<Reply>;
export type Handler = (call: Call) => Answer;

/**
 * GET /api/sync/ answering `rows` (by collection) to a pull from scratch and nothing after:
 * the device then holds exactly these rows. Each stream gets the collections it asks for.
 */
export function syncRoute(rows: Record<string, unknown[]> = {}): Handler {
  return (call) => {
    const wanted = call.query.get('collections')?.split(',') ?? Object.keys(rows);
    const fresh = !call.query.get('since');
    const changes = Object.fromEntries(
      wanted.filter((name) => fresh && rows[name]?.length).map((name) => [name, { upserted: rows[name], deleted: [] }]),
    );
    return { body: { cursor: 'v1.1.0', has_more: false, reset: false, changes } };
  };
}

/** What every screen of the shell asks for; tests override these as needed. */
const SHELL_DEFAULTS: Record<string, Handler> = {
  'GET /api/sync/': syncRoute(),
  'GET /api/products/': () => ({ body: { count: 0, next: null, previous: null, results: [] } }),
  'GET /api/rates/latest/USD/': () => ({
    body: { base_code: 'USD', conversion_rates: { USD: 1, EUR: 0.92, TRY: 32.5, NGN: 1480, XOF: 605 } },
  }),
};

/**
 * A held answer to GET /api/me/. `answer` waits until the app has really asked: the splash says
 * "Authenticating..." before the request starts, and answering earlier would answer nothing.
 */
export function askedForMe() {
  let resolve: (v: { body: unknown }) => void = () => {};
  let asked: () => void = () => {};
  const wasAsked = new Promise<void>((done) => {
    asked = done;
  });
  const held = new Promise<{ body: unknown }>((r) => {
    resolve = r;
  });
  return {
    get pending() {
      asked();
      return held;
    },
    async answer(value: { body: unknown }) {
      await wasAsked;
      resolve(value);
    },
  };
}

export function fakeApi(overrides: Record<string, Handler> = {}) {
  const routes: Record<string, Handler> = { ...SHELL_DEFAULTS, ...overrides };
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    let body: unknown = init.body;
    if (typeof init.body === 'string') body = JSON.parse(init.body);
    const call: Call = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body,
    };
    calls.push(call);
    const handler = routes[`${call.method} ${call.path}`];
    const answer = handler ? await handler(call) : { status: 404, body: { detail: 'Not found.' } };
    const status = answer.status ?? 200;
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return new Response(status === 204 ? null : text, { status, headers: { 'Content-Type': 'application/json', ...answer.headers } });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    routes,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
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
    date_joined: '2025-01-02T10:00:00Z',
    currency: null,
    supplier_profile: null,
    buyer_profile: { name: 'Ada Obi', logo_url: null, interested_categories: [] },
    seller_average_rating: null,
    ...overrides,
  };
}

export const supplier = (overrides: Partial<User> = {}) =>
  makeUser({
    id: 9,
    first_name: 'Kemal',
    email: 'kemal@example.com',
    user_type: 'SUPPLIER',
    buyer_profile: null,
    supplier_profile: { company_name: 'Kemal Tekstil', about: '', logo_url: null, is_verified: true, industries: [] },
    ...overrides,
  });

/** A device that signed in earlier: tokens in storage. */
export function storeSession(access = 'access-1', refresh = 'refresh-1') {
  localStorage.setItem('access_token', access);
  localStorage.setItem('refresh_token', refresh);
}

/** The whole app at `path`, without the splash. Waits for the shell to be on screen. */
export async function renderApp(path = '/') {
  window.history.replaceState(null, '', path);
  const result = render(<App splashMs={0} />);
  // The shell is up once the navbar shows. testing-library counts every <header> as a banner (a
  // browser, only one outside <main>), so a route that has already moved on to a screen with its
  // own heading, the login screen say, shows two.
  await screen.findAllByRole('banner');
  return result;
}

export function currentPath() {
  return window.location.pathname;
}
