import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import HomeScreen from '@/screens/home/HomeScreen';
import { HOME_DATA } from '../../../scripts/first-paint';
import { fakeServer, renderScreen } from '../screens/harness';
import { makeProducts, pageOf } from '../components/productFixtures';

afterEach(cleanup);

/**
 * index.html preloads the home's first list for a guest's first visit (scripts/first-paint.ts).
 * A preload the page does not ask for by the very same URL is fetched twice on a slow link.
 */
describe("the home's preloaded data", () => {
  it('is the exact request the home screen makes for its first section', async () => {
    const server = fakeServer();
    for (const path of ['/api/products/', '/api/products/top-rated/', '/api/products/hot-selling/'])
      server.on(`GET ${path}`, (call) => ({ body: pageOf(makeProducts(3, 1), call.query) }));
    renderScreen(<HomeScreen />);
    await within(screen.getByRole('region', { name: 'Top rated' })).findAllByTestId('product-card');

    const asked = ['/api/products/', '/api/products/top-rated/', '/api/products/hot-selling/'].flatMap((path) =>
      server.callsTo(`GET ${path}`).map((call) => `${call.path}?${call.query}`),
    );
    expect(HOME_DATA.length).toBeGreaterThan(0);
    for (const url of HOME_DATA) expect(asked).toContain(url);
    // The first section, and only it: the other lists would share the slow link with the first cards.
    expect(HOME_DATA).toEqual([asked.find((url) => url.startsWith('/api/products/top-rated/'))]);
  });
});
