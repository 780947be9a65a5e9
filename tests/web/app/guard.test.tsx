import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import App from '@/app/App';
import userEvent from '@testing-library/user-event';
import { askedForMe, currentPath, fakeApi, makeUser, renderApp, storeSession, supplier } from '../helpers';

describe('the route guard (docs/product.md#start-up-and-the-route-guard)', () => {
  it('shows "Authenticating..." while the session loads', async () => {
    storeSession();
    const me = askedForMe();
    fakeApi({ 'GET /api/me/': () => me.pending });
    await renderApp('/favorites');
    expect(await screen.findByText('Authenticating...')).toBeTruthy();
    await act(async () => me.answer({ body: makeUser() }));
    await waitFor(() => expect(screen.queryByText('Authenticating...')).toBeNull());
    expect(currentPath()).toBe('/favorites');
  });

  it('says "Authenticating..." on the start-up splash while the session loads beneath it', async () => {
    storeSession();
    const me = askedForMe();
    fakeApi({ 'GET /api/me/': () => me.pending });
    window.history.replaceState(null, '', '/');
    render(<App splashMs={performance.now() + 60_000} />);
    const busy = await screen.findByText('Authenticating...');
    const splash = busy.closest<HTMLElement>('[data-testid="splash"]');
    expect(splash).not.toBeNull();
    await act(async () => me.answer({ body: makeUser() }));
    await waitFor(() => expect(screen.queryByText('Authenticating...')).toBeNull());
    expect(within(splash as HTMLElement).getByText('Connecting Markets...')).toBeTruthy();
  });

  it('sends a guest to /login, replacing history and passing the requested location', async () => {
    fakeApi();
    const before = window.history.length;
    await renderApp('/chat/all?x=1');
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(window.history.state).toEqual({ from: '/chat/all?x=1' });
    expect(window.history.length).toBe(before);
  });

  it('brings the user back to the requested page after login', async () => {
    fakeApi({
      'POST /api/auth/login/': () => ({ body: { access: 'a1', refresh: 'r1' } }),
      'GET /api/me/': () => ({ body: makeUser() }),
    });
    await renderApp('/favorites');
    await waitFor(() => expect(currentPath()).toBe('/login'));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'pw-12345678');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(currentPath()).toBe('/favorites'));
  });

  it('lets guests browse the open routes', async () => {
    fakeApi();
    await renderApp('/flash-deals');
    await act(async () => {});
    expect(currentPath()).toBe('/flash-deals');
  });

  it('sends everyone but suppliers from the product form to /', async () => {
    storeSession();
    fakeApi({ 'GET /api/me/': () => ({ body: makeUser() }) });
    await renderApp('/products/add');
    await waitFor(() => expect(currentPath()).toBe('/'));
  });

  it('opens the product form for suppliers', async () => {
    storeSession();
    fakeApi({ 'GET /api/me/': () => ({ body: supplier() }) });
    await renderApp('/products/add');
    await screen.findByRole('banner');
    await waitFor(() => expect(screen.queryByText('Authenticating...')).toBeNull());
    expect(currentPath()).toBe('/products/add');
  });
});

describe('unknown paths', () => {
  it("show '404: Page Not Found'", async () => {
    fakeApi();
    await renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404: Page Not Found' })).toBeTruthy();
  });
});
