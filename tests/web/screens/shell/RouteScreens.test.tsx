import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import HomeScreen from '../../../../src/screens/home/HomeScreen';
import SearchScreen from '../../../../src/screens/listings/SearchScreen';
import CategoryScreen from '../../../../src/screens/listings/CategoryScreen';
import FlashDealsScreen from '../../../../src/screens/listings/FlashDealsScreen';
import NewArrivalsScreen from '../../../../src/screens/listings/NewArrivalsScreen';
import FavoritesScreen from '../../../../src/screens/favorites/FavoritesScreen';
import ChatScreen from '../../../../src/screens/chat/ChatScreen';
import ProfileScreen from '../../../../src/screens/profile/ProfileScreen';
import ProfileEditScreen from '../../../../src/screens/profile/ProfileEditScreen';
import ProductFormScreen from '../../../../src/screens/products/ProductFormScreen';
import OnboardingScreen from '../../../../src/screens/onboarding/OnboardingScreen';
import { getAccessToken } from '../../../../src/sync/tokens';
import { fakeServer, here, makeUser, renderScreen, signedInAs, type FakeServer } from '../harness';

let server: FakeServer;
beforeEach(() => {
  server = fakeServer();
});

const h1 = () => screen.getByRole('heading', { level: 1 }).textContent;

describe('home', () => {
  it('shows the Top rated, Hot selling and Explore sections with the welcome and no-products message', () => {
    renderScreen(<HomeScreen />);
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual(expect.arrayContaining(['Top rated', 'Hot selling', 'Explore', 'Welcome to the marketplace!']));
    expect(screen.getByText('There are no products yet. New listings from suppliers will show up here.')).toBeTruthy();
  });

  it('greets a signed-in user by first name and offers a supplier to add a product', async () => {
    signedInAs(server, makeUser({ user_type: 'SUPPLIER', first_name: 'Bola' }));
    renderScreen(<HomeScreen />);
    expect((await screen.findByRole('heading', { name: 'Welcome back, Bola!' }))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add your first product' }).getAttribute('href')).toBe('/products/add');
  });
});

describe('listings', () => {
  it('search shows the decoded term, with a count and an empty state', () => {
    renderScreen(<SearchScreen />, { path: '/search/red%20shoes%20%26%20bags', route: '/search/:term' });
    expect(h1()).toBe('Results for “red shoes & bags”');
    expect(screen.getByText('0 products')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'No products found' })).toBeTruthy();
  });

  it('search without a term lists all products', () => {
    renderScreen(<SearchScreen />, { path: '/search', route: '/search' });
    expect(h1()).toBe('All products');
  });

  it('category shows the category name from the URL', () => {
    renderScreen(<CategoryScreen />, { path: '/category/4/Home%20%26%20Garden', route: '/category/:categoryId/:categoryName' });
    expect(h1()).toBe('Home & Garden');
  });

  it('a malformed escape in the URL is shown as typed instead of failing', () => {
    renderScreen(<CategoryScreen />, { path: '/category/4/100%', route: '/category/:categoryId/:categoryName' });
    expect(h1()).toBe('100%');
  });

  it('flash deals, new arrivals and favorites have their headings and a way back to the products', () => {
    for (const [Screen, title] of [[FlashDealsScreen, 'Flash deals'], [NewArrivalsScreen, 'New arrivals'], [FavoritesScreen, 'Favorites']] as const) {
      renderScreen(<Screen />);
      expect(h1()).toBe(title);
      expect(screen.getByRole('link', { name: 'Explore products' }).getAttribute('href')).toBe('/');
      cleanup();
    }
  });
});

describe('chat', () => {
  it('offers a button to explore products when there are no conversations', () => {
    renderScreen(<ChatScreen />, { path: '/chat/all', route: '/chat/:conversationId' });
    expect(h1()).toBe('Messages');
    expect(screen.getByRole('link', { name: 'Explore products' }).getAttribute('href')).toBe('/');
  });

  it('sends a conversation it cannot open back to /chat/all', async () => {
    renderScreen(<ChatScreen />, { path: '/chat/42', route: '/chat/:conversationId' });
    await waitFor(() => expect(here().path).toBe('/chat/all'));
  });
});

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
    signedInAs(server, makeUser({ user_type: 'SUPPLIER', supplier_profile: { company_name: 'Kano Looms', about: '', logo_url: null, is_verified: false, industries: [] } }));
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
