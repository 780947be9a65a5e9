import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { db } from '../../../src/data/db';
import { currentPath, fakeApi, makeUser, renderApp, storeSession, supplier } from '../helpers';

const COUNTS = { notifications_unread: 2, messages_unread: 4, favorites: 3 };

async function signedInAs(user = makeUser(), routes = {}) {
  storeSession();
  const server = fakeApi({
    'GET /api/me/': () => ({ body: user }),
    'GET /api/me/counts/': () => ({ body: COUNTS }),
    ...routes,
  });
  await renderApp('/');
  await screen.findByRole('button', { name: `Hi, ${user.first_name}` });
  return server;
}

describe('the navbar for guests', () => {
  it('offers browsing links and a login link, nothing of a signed-in user', async () => {
    fakeApi({ 'GET /api/categories/': () => ({ body: [{ id: 1, name: 'Textiles' }, { id: 2, name: 'Food & Drinks' }] }) });
    await renderApp('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(within(nav).getByRole('link', { name: 'Flash deals' }).getAttribute('href')).toBe('/flash-deals');
    expect(within(nav).getByRole('link', { name: 'New arrivals' }).getAttribute('href')).toBe('/new-arrivals');
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Favorites/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Messages/ })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Quick navigation' })).toBeNull();

    // Categories: all products plus each category, from the local database.
    await userEvent.click(within(nav).getByRole('button', { name: 'Categories' }));
    expect(await screen.findByRole('link', { name: 'Food & Drinks' })).toHaveProperty('href', expect.stringMatching(/\/category\/2\/Food%20%26%20Drinks$/));
    expect(screen.getByRole('link', { name: 'All products' }).getAttribute('href')).toBe('/search/');
  });
});

describe('the navbar for a signed-in buyer', () => {
  it('shows favourites and messages with their counts, and the profile menu without add product', async () => {
    await signedInAs();
    const bar = screen.getByRole('banner');
    expect((await within(bar).findByRole('link', { name: 'Favorites, 3' })).getAttribute('href')).toBe('/favorites');
    expect(within(bar).getByRole('link', { name: 'Messages, 4 unread' }).getAttribute('href')).toBe('/chat/all');
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();

    const tabs = screen.getByRole('navigation', { name: 'Quick navigation' });
    expect(within(tabs).getByRole('link', { name: 'Home' })).toBeTruthy();
    expect(within(tabs).getByRole('link', { name: 'Favorites, 3' }).getAttribute('href')).toBe('/favorites');
    expect(within(tabs).getByRole('link', { name: 'Messages, 4 unread' }).getAttribute('href')).toBe('/chat/all');
    expect(within(tabs).getByRole('link', { name: 'Profile' })).toBeTruthy();
    expect(within(tabs).queryByRole('link', { name: 'Add product' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Hi, Ada' }));
    expect(screen.getByRole('link', { name: 'My profile' }).getAttribute('href')).toBe('/profile');
    expect(screen.queryByRole('link', { name: 'Add product' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('logout revokes the session, zeroes the counts and shows the guest navbar', async () => {
    const server = await signedInAs(makeUser(), { 'POST /api/auth/logout/': () => ({ status: 204 }) });
    await within(screen.getByRole('banner')).findByRole('link', { name: 'Favorites, 3' });
    await userEvent.click(screen.getByRole('button', { name: 'Hi, Ada' }));
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
    expect(server.callsTo('POST', '/api/auth/logout/')).toHaveLength(1);
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Quick navigation' })).toBeNull();
    await waitFor(async () => expect(await db.counts.get('me')).toMatchObject({ notifications_unread: 0, messages_unread: 0, favorites: 0 }));
  });
});

describe('the navbar for a supplier', () => {
  it('adds "Add product" to the profile menu and the tab bar', async () => {
    await signedInAs(supplier());
    const tabs = screen.getByRole('navigation', { name: 'Quick navigation' });
    expect(within(tabs).getByRole('link', { name: 'Add product' }).getAttribute('href')).toBe('/products/add');
    await userEvent.click(screen.getByRole('button', { name: 'Hi, Kemal' }));
    const menuLink = screen.getAllByRole('link', { name: 'Add product' }).find((link) => !tabs.contains(link));
    expect(menuLink?.getAttribute('href')).toBe('/products/add');
  });
});

describe('the notification dropdown (spec §4)', () => {
  it('fetches unread items on opening and removes an item once marked read', async () => {
    const unread = [
      { id: 11, message: 'New message from Kemal', link: '/chat/5', is_read: false, created_at: new Date().toISOString() },
      { id: 12, message: 'Your product got a review', link: '/products/3', is_read: false, created_at: new Date().toISOString() },
    ];
    const server = await signedInAs(makeUser(), {
      'GET /api/notifications/': () => ({ body: { count: 2, next: null, previous: null, results: unread } }),
      'POST /api/notifications/11/mark-as-read/': () => ({ body: { detail: 'ok' } }),
    });
    expect(server.callsTo('GET', '/api/notifications/')).toHaveLength(0);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    expect(await screen.findByText('New message from Kemal')).toBeTruthy();
    expect(server.callsTo('GET', '/api/notifications/')[0].query.get('is_read')).toBe('false');

    const item = screen.getByText('New message from Kemal').closest('li')!;
    await userEvent.click(within(item).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(screen.queryByText('New message from Kemal')).toBeNull());
    expect(screen.getByText('Your product got a review')).toBeTruthy();
    expect(server.callsTo('POST', '/api/notifications/11/mark-as-read/')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
  });

  it('marks all read at once', async () => {
    const unread = [11, 12, 13].map((id) => ({ id, message: `Note ${id}`, link: null, is_read: false, created_at: new Date().toISOString() }));
    let left = 3;
    const server = await signedInAs(makeUser(), {
      'GET /api/notifications/': () => ({ body: unread }),
      'GET /api/me/counts/': () => ({ body: { ...COUNTS, notifications_unread: left } }),
      'POST /api/notifications/mark-all-as-read/': () => { left = 0; return { body: { detail: 'ok' } }; },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('No new notifications')).toBeTruthy();
    expect(server.callsTo('POST', '/api/notifications/mark-all-as-read/')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
  });
});

describe('search suggestions (spec §4, §9)', () => {
  it('suggest after two characters and Enter searches for the encoded term', async () => {
    const server = fakeApi({
      'GET /api/products/': (call) => ({
        body: [{ id: 4, name: `Shea butter (${call.query.get('search')})`, thumbnail_url: null, price: '12.50' }],
      }),
    });
    await renderApp('/');
    const user = userEvent.setup();
    const box = screen.getByRole('combobox', { name: 'Search products' });
    await user.type(box, 's');
    await act(() => new Promise((r) => setTimeout(r, 400)));
    expect(server.callsTo('GET', '/api/products/')).toHaveLength(0);

    await user.type(box, 'h');
    expect(await screen.findByRole('option', { name: 'Shea butter (sh)' }, { timeout: 2000 })).toBeTruthy();
    const call = server.callsTo('GET', '/api/products/')[0];
    expect(call.query.get('limit')).toBe('5');

    await user.type(box, 'ea & co{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/search/shea%20%26%20co'));
  });
});

describe('hiding on scroll (spec §4)', () => {
  it('hides when scrolling down past 100 px and shows again when scrolling up', async () => {
    fakeApi();
    await renderApp('/');
    const header = screen.getByRole('banner');
    const scrollTo = (y: number) => act(() => {
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    scrollTo(80);
    expect(header.className).not.toContain('navbar--hidden');
    scrollTo(160);
    expect(header.className).toContain('navbar--hidden');
    scrollTo(120);
    expect(header.className).not.toContain('navbar--hidden');
  });
});
