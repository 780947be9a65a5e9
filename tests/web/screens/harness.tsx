import type { ReactElement } from 'react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Router, Switch } from 'wouter';
import type { User } from '@/shared/types';
import { AuthProvider } from '@/queries/auth';
import { fakeApi, makeUser, storeSession, type Call } from '../helpers';

/**
 * Screen tests run the real screens, the real auth state and the real API client; only the
 * network is replaced, at the fetch boundary, by the shared fake API of tests/web/helpers.
 * This adds answers written as data ({status, body}; status 0 = the network failed) and
 * rendering one screen with its providers at a given location and navigation state.
 */

export { makeUser };

// Two shared cores run every helper's tests at once: give findBy/waitFor room before failing.
configure({ asyncUtilTimeout: 5000 });
type Reply = { status?: number; body?: unknown };
type Answer = Reply | ((call: Call) => Reply | Promise<Reply>);

export interface FakeServer {
  calls: Call[];
  /** Sets (or replaces) the answer for "METHOD /api/path/". */
  on(route: string, answer: Answer): void;
  callsTo(route: string): Call[];
}

export function fakeServer(routes: Record<string, Answer> = {}): FakeServer {
  const api = fakeApi();
  const on = (route: string, answer: Answer) => {
    api.routes[route] = async (call) => {
      const reply = typeof answer === 'function' ? await answer(call) : answer;
      if (reply.status === 0) throw new TypeError('Failed to fetch');
      return reply;
    };
  };
  for (const [route, answer] of Object.entries(routes)) on(route, answer);
  return {
    calls: api.calls,
    on,
    callsTo: (route) => {
      const [method, path] = route.split(' ');
      return api.callsTo(method, path);
    },
  };
}

/** A stored session whose GET /api/me/ answers `user`. */
export function signedInAs(server: FakeServer, user: User) {
  storeSession('access-token', 'refresh-token');
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

/** Renders `ui` as the router would: active language, real AuthProvider, browser location. */
export function renderScreen(ui: ReactElement, { path = '/', state = null, route, userOptions }: RenderOptions = {}) {
  history.replaceState(state, '', path);
  const user = userEvent.setup(userOptions);
  const result = render(
    <I18nProvider i18n={i18n}>
      <AuthProvider>
        <Router>
          {route ? (
            <Switch>
              <Route path={route}>{ui}</Route>
            </Switch>
          ) : (
            ui
          )}
        </Router>
      </AuthProvider>
    </I18nProvider>,
  );
  return { user, ...result };
}

/** The browser's current path and navigation state. */
export const here = () => ({ path: location.pathname, state: history.state as Record<string, unknown> | null });
