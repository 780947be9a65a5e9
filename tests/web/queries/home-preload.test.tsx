import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import HomeScreen from '@/screens/home/HomeScreen';
import { HOME_FIRST_ANSWERS } from '@/queries/home';
import { fakeServer, renderScreen } from '../screens/harness';
import { makeProducts, pageOf } from '../components/productFixtures';

afterEach(cleanup);

/**
 * The server embeds the home's first list in the page for a guest's first visit
 * (server/web/landing.ts). An answer the page does not ask for by the very same URL is unused,
 * and the list is fetched anyway on a slow link.
 */
describe("the home's embedded data", () => {
  it('is the exact request the home screen makes for its first section', async () => {
    const server = fakeServer();
    for (const path of ['/api/products/', '/api/products/top-rated/', '/api/products/hot-selling/'])
      server.on(`GET ${path}`, (call) => ({ body: pageOf(makeProducts(3, 1), call.query) }));
    renderScreen(<HomeScreen />);
    await within(screen.getByRole('region', { name: 'Top rated' })).findAllByTestId('product-card');

    const asked = ['/api/products/', '/api/products/top-rated/', '/api/products/hot-selling/'].flatMap((path) =>
      server.callsTo(`GET ${path}`).map((call) => `${call.path}?${call.query}`),
    );
    expect(HOME_FIRST_ANSWERS.length).toBeGreaterThan(0);
    for (const url of HOME_FIRST_ANSWERS) expect(asked).toContain(url);
    // The first section, and only it: the other lists would share the slow link with the first cards.
    expect(HOME_FIRST_ANSWERS).toEqual([asked.find((url) => url.startsWith('/api/products/top-rated/'))]);
  });
});
