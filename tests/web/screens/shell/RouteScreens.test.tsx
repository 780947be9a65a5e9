import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import ProfileScreen from '@/screens/profile/ProfileScreen';
import ProfileEditScreen from '@/screens/profile/ProfileEditScreen';
import ProductFormScreen from '@/screens/products/ProductFormScreen';
import OnboardingScreen from '@/screens/onboarding/OnboardingScreen';
import { getAccessToken } from '@/sync/session/tokens';
import { fakeServer, here, makeUser, renderScreen, signedInAs, type FakeServer } from '../harness';

let server: FakeServer;
beforeEach(() => {
  server = fakeServer();
});

const h1 = () => screen.getByRole('heading', { level: 1 }).textContent;

// Home, listings and favourites: tests/web/screens/{home,listings,favorites}/; chat: tests/web/screens/chat/.

describe('profile', () => {
  it('has the main, details and settings tabs; details are read-only with a link to edit', async () => {
    signedInAs(server, makeUser());
    const { user } = renderScreen(<ProfileScreen />, { path: '/profile' });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Recently viewed', 'Details', 'Settings']);
    expect(tabs[0].getAttribute('aria-selected')).toBe('true');

    await user.click(screen.getByRole('tab', { name: 'Details' }));
    expect(screen.getByText('ada@example.com', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText('Nigeria')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit profile' }).getAttribute('href')).toBe('/profile/edit');
    expect(screen.queryByRole('textbox')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms-of-service');
  });

  it("a supplier's main tab is their listings with an add link", async () => {
    signedInAs(
      server,
      makeUser({
        user_type: 'SUPPLIER',
        supplier_profile: { company_name: 'Kano Looms', about: '', logo_url: null, is_verified: false, industries: [] },
      }),
    );
    renderScreen(<ProfileScreen />, { path: '/profile' });
    expect((await screen.findAllByRole('tab'))[0].textContent).toBe('My listings');
    expect(h1()).toBe('Kano Looms');
    expect(screen.getByRole('link', { name: 'Add product' }).getAttribute('href')).toBe('/products/add');
  });

  it('logging out from settings signs out and goes to /login', async () => {
    signedInAs(server, makeUser());
    server.on('POST /api/auth/logout/', { body: { detail: 'Successfully logged out.' } });
    const { user } = renderScreen(<ProfileScreen />, { path: '/profile' });
    await user.click(await screen.findByRole('tab', { name: 'Settings' }));
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(here().path).toBe('/login'));
    expect(getAccessToken()).toBeNull();
    expect(server.callsTo('POST /api/auth/logout/')[0].body).toEqual({ refresh: 'refresh-token' });
  });

  it('the edit page has its heading and a way back to the profile', async () => {
    signedInAs(server, makeUser());
    renderScreen(<ProfileEditScreen />, { path: '/profile/edit' });
    expect(h1()).toBe('Edit profile');
    expect(screen.getByRole('link', { name: /back to profile/i }).getAttribute('href')).toBe('/profile');
  });
});

describe('product form', () => {
  it('is in add mode on /products/add and edit mode on /products/{id}/edit for a supplier', async () => {
    signedInAs(server, makeUser({ user_type: 'SUPPLIER' }));
    renderScreen(<ProductFormScreen />, { path: '/products/add', route: '/products/add' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Add product' })).toBeTruthy();
    cleanup();
    renderScreen(<ProductFormScreen />, { path: '/products/9/edit', route: '/products/:id/edit' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit product' })).toBeTruthy();
  });

  it('sends anyone but a supplier to /', async () => {
    signedInAs(server, makeUser({ user_type: 'BUYER' }));
    renderScreen(<ProductFormScreen />, { path: '/products/9/edit', route: '/products/:id/edit' });
    await waitFor(() => expect(here().path).toBe('/'));
  });
});

describe('onboarding route', () => {
  it('sends an account that is already set up home', async () => {
    signedInAs(server, makeUser());
    renderScreen(<OnboardingScreen />, { path: '/onboarding' });
    await waitFor(() => expect(here().path).toBe('/'));
  });
});
