import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import SearchScreen from '@/screens/listings/SearchScreen';
import CategoryScreen from '@/screens/listings/CategoryScreen';
import FlashDealsScreen, { DealTimeLeft } from '@/screens/listings/FlashDealsScreen';
import NewArrivalsScreen from '@/screens/listings/NewArrivalsScreen';
import { timeLeft } from '@/screens/listings/timeLeft';
import { db } from '@/db/db';
import { putProducts } from '@/sync/pull/apply';
import { reportReachable, reportUnreachable } from '@/sync/api/connectivity';
import { fakeServer, renderScreen } from '../harness';
import { makeProduct, makeProducts, pageOf } from '@tests/web/components/productFixtures';

const h1 = () => screen.getByRole('heading', { level: 1 }).textContent;
const cards = () => screen.findAllByTestId('product-card');

afterEach(() => {
  cleanup();
  reportReachable();
});

describe('search results (docs/product.md#screens, #messages)', () => {
  it('searches for the decoded term and shows the count', async () => {
    const server = fakeServer();
    server.on('GET /api/products/', (call) => ({ body: pageOf(makeProducts(3), call.query) }));
    renderScreen(<SearchScreen />, { path: '/search/red%20shoes%20%26%20bags', route: '/search/:term' });
    expect(h1()).toBe('Results for “red shoes & bags”');
    expect(await cards()).toHaveLength(3);
    expect(screen.getByText('3 products')).toBeTruthy();
    expect(server.callsTo('GET /api/products/')[0].query.get('search')).toBe('red shoes & bags');
  });

  it('says nothing matched with an empty state and a way back', async () => {
    const server = fakeServer();
    server.on('GET /api/products/', (call) => ({ body: pageOf([], call.query) }));
    renderScreen(<SearchScreen />, { path: '/search/zzz', route: '/search/:term' });
    expect(await screen.findByRole('heading', { name: 'No products found' })).toBeTruthy();
    expect(screen.getByText('0 products')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explore products' }).getAttribute('href')).toBe('/');
  });

  it("shows 'Failed to fetch results.' when the server fails and nothing on the device matches", async () => {
    const server = fakeServer();
    server.on('GET /api/products/', { status: 500, body: { detail: 'Server error' } });
    renderScreen(<SearchScreen />, { path: '/search/shea', route: '/search/:term' });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch results.');
  });

  it('offline, searches the products on the device and says so', async () => {
    fakeServer();
    act(() => reportUnreachable());
    await db.transaction('rw', db.products, () =>
      putProducts([makeProduct({ id: 1, name: 'Café arabica' }), makeProduct({ id: 2, name: 'Shea butter' })]),
    );
    renderScreen(<SearchScreen />, { path: '/search/cafe', route: '/search/:term' });
    expect((await cards()).map((c) => c.querySelector('a')!.textContent)).toEqual(['Café arabica']);
    expect(screen.getByText('Showing the products saved on this device.')).toBeTruthy();
  });

  it("offers the server's correction of a typo, one tap away", async () => {
    const server = fakeServer();
    server.on('GET /api/products/', (call) => ({ body: { ...pageOf([], call.query), did_you_mean: 'coffee' } }));
    renderScreen(<SearchScreen />, { path: '/search/cofee', route: '/search/:term' });
    const link = await screen.findByRole('link', { name: 'coffee' });
    expect(link.getAttribute('href')).toBe('/search/coffee');
    expect(link.parentElement?.textContent).toBe('Did you mean coffee?');
  });

  it('offline, offers a correction drawn from the products on the device', async () => {
    fakeServer();
    act(() => reportUnreachable());
    await db.transaction('rw', db.products, () =>
      putProducts([makeProduct({ id: 1, name: 'Leather handbag' }), makeProduct({ id: 2, name: 'Shea butter' })]),
    );
    renderScreen(<SearchScreen />, { path: '/search/handbga', route: '/search/:term' });
    expect((await cards()).map((c) => c.querySelector('a')!.textContent)).toEqual(['Leather handbag']);
    expect((await screen.findByRole('link', { name: 'handbag' })).getAttribute('href')).toBe('/search/handbag');
  });

  it('loads the next page on demand', async () => {
    const server = fakeServer();
    server.on('GET /api/products/', (call) => ({ body: pageOf(makeProducts(45), call.query) }));
    const { user } = renderScreen(<SearchScreen />, { path: '/search', route: '/search' });
    expect(h1()).toBe('All products');
    expect(await cards()).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Load more products' }));
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(40));
    expect(server.callsTo('GET /api/products/').map((c) => c.query.get('offset'))).toContain('20');
  });
});

describe('category listing', () => {
  it("lists the category's products under the name from the URL", async () => {
    const server = fakeServer();
    server.on('GET /api/products/', (call) => ({ body: pageOf(makeProducts(2), call.query) }));
    renderScreen(<CategoryScreen />, { path: '/category/4/Home%20%26%20Garden', route: '/category/:categoryId/:categoryName' });
    expect(h1()).toBe('Home & Garden');
    expect(await cards()).toHaveLength(2);
    expect(server.callsTo('GET /api/products/')[0].query.get('category')).toBe('4');
  });

  it('shows a malformed escape as typed, and the failure message of a search', async () => {
    const server = fakeServer();
    server.on('GET /api/products/', { status: 503, body: { detail: 'Unavailable' } });
    renderScreen(<CategoryScreen />, { path: '/category/4/100%', route: '/category/:categoryId/:categoryName' });
    expect(h1()).toBe('100%');
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch results.');
  });

  it('answers 404 for an id that is not a number', () => {
    fakeServer();
    renderScreen(<CategoryScreen />, { path: '/category/abc/Food', route: '/category/:categoryId/:categoryName' });
    expect(h1()).toBe('404: Page Not Found');
  });
});

describe('flash deals', () => {
  it('show the deal price and the time left of each deal', async () => {
    const server = fakeServer();
    const endsAt = new Date(Date.now() + (2 * 24 + 3) * 3600_000 + 30_000).toISOString();
    server.on('GET /api/products/flash-deals/', (call) => ({
      body: pageOf([makeProduct({ id: 8, price: '8.00', flash_deal_ends_at: endsAt })], call.query),
    }));
    renderScreen(<FlashDealsScreen />);
    expect(h1()).toBe('Flash deals');
    expect(await screen.findByText('Ends in 2 d 3 h')).toBeTruthy();
    expect(screen.getByText('$8.00')).toBeTruthy();
  });

  it('word the time left in days, hours or minutes, and say when a deal ended', () => {
    const now = Date.parse('2025-05-01T12:00:00Z');
    expect(timeLeft('2025-05-01T15:20:00Z', now)).toEqual({ days: 0, hours: 3, minutes: 20 });
    expect(timeLeft('2025-05-01T11:00:00Z', now)).toBeNull();
    renderScreen(
      <>
        <p>
          <DealTimeLeft endsAt="2025-05-01T15:20:00Z" now={now} />
        </p>
        <p>
          <DealTimeLeft endsAt="2025-05-01T12:05:00Z" now={now} />
        </p>
        <p>
          <DealTimeLeft endsAt="2025-05-01T11:00:00Z" now={now} />
        </p>
      </>,
    );
    expect(screen.getByText('Ends in 3 h 20 min')).toBeTruthy();
    expect(screen.getByText('Ends in 5 min')).toBeTruthy();
    expect(screen.getByText('Deal ended')).toBeTruthy();
  });

  it("say 'Failed to fetch Flash Deals. Please try again later.' when the server fails", async () => {
    const server = fakeServer();
    server.on('GET /api/products/flash-deals/', { status: 500, body: {} });
    renderScreen(<FlashDealsScreen />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch Flash Deals. Please try again later.');
  });
});

describe('new arrivals', () => {
  it('list the newest products', async () => {
    const server = fakeServer();
    server.on('GET /api/products/new-arrivals/', (call) => ({ body: pageOf(makeProducts(2), call.query) }));
    renderScreen(<NewArrivalsScreen />);
    expect(h1()).toBe('New arrivals');
    expect(await cards()).toHaveLength(2);
  });

  it("say 'Failed to fetch new arrivals.' when the server fails", async () => {
    const server = fakeServer();
    server.on('GET /api/products/new-arrivals/', { status: 500, body: {} });
    renderScreen(<NewArrivalsScreen />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch new arrivals.');
  });
});
