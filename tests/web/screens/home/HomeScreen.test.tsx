import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import HomeScreen from '@/screens/home/HomeScreen';
import { db } from '@/db/db';
import { putProducts } from '@/sync/pull/apply';
import { reportReachable, reportUnreachable } from '@/sync/api/connectivity';
import { fakeServer, makeUser, renderScreen, signedInAs, type FakeServer } from '../harness';
import { makeProduct, makeProducts, pageOf } from '@tests/web/components/productFixtures';
import type { Product } from '@/shared/catalogue';

function catalogue(server: FakeServer, lists: { all?: Product[]; topRated?: Product[]; hotSelling?: Product[] }) {
  server.on('GET /api/products/', (call) => ({ body: pageOf(lists.all ?? [], call.query) }));
  server.on('GET /api/products/top-rated/', (call) => ({ body: pageOf(lists.topRated ?? [], call.query) }));
  server.on('GET /api/products/hot-selling/', (call) => ({ body: pageOf(lists.hotSelling ?? [], call.query) }));
}

const section = (name: string) => screen.getByRole('region', { name });

// Unmount first: a screen still mounted when the network comes back would start fetching into the next test.
afterEach(() => {
  cleanup();
  reportReachable();
});

describe('home (docs/product.md#screens)', () => {
  it('shows Top rated, Hot selling and Explore in the order the server gives', async () => {
    const server = fakeServer();
    catalogue(server, {
      all: makeProducts(3, 1),
      topRated: [makeProduct({ id: 20, name: 'Best rated' })],
      hotSelling: [makeProduct({ id: 30, name: 'Selling fast' }), makeProduct({ id: 31, name: 'Also hot' })],
    });
    renderScreen(<HomeScreen />);
    expect(await within(section('Top rated')).findByRole('link', { name: 'Best rated' })).toBeTruthy();
    expect(
      (await within(section('Hot selling')).findAllByTestId('product-card')).map((c) => within(c).getAllByRole('link')[0].textContent),
    ).toEqual(['Selling fast', 'Also hot']);
    expect(await within(section('Explore')).findAllByTestId('product-card')).toHaveLength(3);
    expect(screen.queryByText('There are no products yet. New listings from suppliers will show up here.')).toBeNull();
    expect(server.callsTo('GET /api/products/top-rated/')[0].query.get('limit')).toBe('10');
  });

  it('shows the welcome and no-products message only when the server says the catalogue is empty', async () => {
    const server = fakeServer();
    signedInAs(server, makeUser({ user_type: 'SUPPLIER', first_name: 'Bola' }));
    catalogue(server, {});
    renderScreen(<HomeScreen />);
    expect(await screen.findByRole('heading', { name: 'Welcome back, Bola!' })).toBeTruthy();
    expect(await screen.findByText('There are no products yet. New listings from suppliers will show up here.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add your first product' }).getAttribute('href')).toBe('/products/add');
    expect(screen.queryByRole('region', { name: 'Explore' })).toBeNull();
  });

  it('says the page could not load when the server fails and the device holds nothing', async () => {
    const server = fakeServer();
    for (const path of ['/api/products/', '/api/products/top-rated/', '/api/products/hot-selling/'])
      server.on(`GET ${path}`, { status: 500, body: { detail: 'Server error' } });
    renderScreen(<HomeScreen />);
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load page content. Please try refreshing.');
    expect(screen.queryByText('There are no products yet. New listings from suppliers will show up here.')).toBeNull();
  });

  it('offline, renders the products the device holds, without an error', async () => {
    fakeServer();
    act(() => reportUnreachable());
    await db.transaction('rw', db.products, () => putProducts(makeProducts(4, 1, { reviews_count: 3 })));
    renderScreen(<HomeScreen />);
    expect(await within(section('Explore')).findAllByTestId('product-card')).toHaveLength(4);
    expect(within(section('Top rated')).getAllByTestId('product-card')).toHaveLength(4);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offline with nothing held, says the page could not load rather than that the catalogue is empty', async () => {
    fakeServer();
    act(() => reportUnreachable());
    renderScreen(<HomeScreen />);
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load page content. Please try refreshing.');
  });

  it('shows the welcome text without banners, and the carousel once banners are held', async () => {
    const server = fakeServer();
    catalogue(server, { all: makeProducts(1) });
    renderScreen(<HomeScreen />);
    expect(await screen.findByText("Buy and sell products across Nigeria, Senegal, Côte d'Ivoire and Türkiye.")).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Featured banners' })).toBeNull();
    await act(() => db.banners.put({ id: 1, image_url: '/media/b.png', title: 'Harvest week', link: null }));
    expect(await screen.findByRole('region', { name: 'Featured banners' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Harvest week' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Connecting Markets' })).toBeTruthy();
  });
});

describe('home first paint (no layout shift, the largest paint first)', () => {
  it('holds each section at its final height with skeleton cards until its products come', async () => {
    const server = fakeServer();
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    for (const path of ['/api/products/', '/api/products/top-rated/', '/api/products/hot-selling/'])
      server.on(`GET ${path}`, async (call) => {
        await held;
        return { body: pageOf(makeProducts(12, 1), call.query) };
      });
    const { container } = renderScreen(<HomeScreen />);
    expect(await within(section('Top rated')).findByRole('status')).toBeTruthy();
    expect(section('Top rated').querySelectorAll('.product-card--skeleton')).toHaveLength(10);
    expect(section('Hot selling').querySelectorAll('.product-card--skeleton')).toHaveLength(10);
    expect(section('Explore').querySelectorAll('.product-card--skeleton')).toHaveLength(20);
    // The banner slot is there before banners or the welcome text is known.
    expect(container.querySelector('.home__banner')).toBeTruthy();
    answer();
    expect(await within(section('Top rated')).findAllByTestId('product-card')).toHaveLength(10);
    expect(section('Top rated').querySelector('.product-card--skeleton')).toBeNull();
  });

  it('loads the first cards’ pictures at once, the first one before anything else', async () => {
    const server = fakeServer();
    catalogue(server, { all: makeProducts(12, 1), topRated: makeProducts(10, 100), hotSelling: makeProducts(10, 200) });
    renderScreen(<HomeScreen />);
    const cards = await within(section('Top rated')).findAllByTestId('product-card');
    const image = (card: HTMLElement) => card.querySelector('img');
    expect(image(cards[0])?.getAttribute('loading')).toBe('eager');
    expect(image(cards[0])?.getAttribute('fetchpriority')).toBe('high');
    expect(image(cards[1])?.getAttribute('loading')).toBe('eager');
    expect(image(cards[1])?.getAttribute('fetchpriority')).toBeNull();
    const below = await within(section('Explore')).findAllByTestId('product-card');
    expect(image(below[0])?.getAttribute('loading')).toBe('lazy');
  });
});
