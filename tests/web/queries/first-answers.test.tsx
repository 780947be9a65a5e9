import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { holdDeviceUntil, firstVisitState, deviceLoaded } from '@/sync/firstVisit';
import { setFirstRender } from '@/sync/firstRender';
import { HOME_FIRST_ANSWERS, HOME_PRELOADED } from '@/queries/home';
import { fakeApi } from '../helpers';
import { ListProbe } from './listProbe';
import { makeProducts } from '../components/productFixtures';

afterEach(() => {
  cleanup();
  setFirstRender(null);
});

/** A server-rendered page carries the answers it was rendered from (server/web/render.ts); src/main.tsx hands them over. */
describe('a first visit with the answers embedded in the page', () => {
  it('shows the first list from the page itself, without asking the server', async () => {
    const products = makeProducts(10);
    const server = fakeApi({
      'GET /api/products/top-rated/': () => ({ body: { count: 99, next: null, previous: null, results: [] } }),
    });
    setFirstRender({
      language: 'en',
      currency: 'USD',
      rates: null,
      answers: { [HOME_FIRST_ANSWERS[0]]: { count: 25, next: null, previous: null, results: products } },
    });
    holdDeviceUntil(new Promise<void>(() => undefined));

    render(<ListProbe query={HOME_PRELOADED} />);
    expect(await screen.findByText('ready server 25')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(products.map((p) => p.name));
    expect(firstVisitState()).toBe('interim');
    expect(deviceLoaded()).toBeNull();
    expect(server.callsTo('GET', '/api/products/top-rated/')).toHaveLength(0);
  });
});
