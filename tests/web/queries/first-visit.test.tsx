import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { db } from '@/db/db';
import { listKey } from '@/db/listQuery';
import { deviceLoaded, firstVisitState, holdDeviceUntil, nextState, type FirstVisitEvent, type FirstVisitState } from '@/sync/firstVisit';
import { firstAnswers } from '@/sync/firstVisit';
import { fakeApi } from '../helpers';
import { ListProbe } from './listProbe';
import { makeProducts } from '../components/productFixtures';

const QUERY = { section: 'top-rated', pageSize: 10 } as const;

const names = () => screen.getAllByRole('listitem').map((li) => li.textContent);

/** A small first screen: on a first visit the local database's chunk waits for the first screen (src/main.tsx). */
describe('a list before the local database has loaded', () => {
  it('shows the first page from one request, then the device keeps that page and asks nothing again', async () => {
    const products = makeProducts(10);
    const server = fakeApi({
      'GET /api/products/top-rated/': () => ({ body: { count: 25, next: null, previous: null, results: products } }),
    });
    let release: () => void = () => undefined;
    holdDeviceUntil(
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );

    expect(firstVisitState()).toBe('empty');
    render(<ListProbe query={QUERY} />);
    expect(await screen.findByText('ready server 25')).toBeTruthy();
    expect(firstVisitState()).toBe('interim');
    expect(names()).toEqual(products.map((p) => p.name));
    expect(deviceLoaded()).toBeNull();
    await firstAnswers;

    release();
    await waitFor(() => expect(deviceLoaded()).not.toBeNull());
    expect(firstVisitState()).toBe('device');
    await waitFor(async () => expect((await db.lists.get(listKey(QUERY)))?.ids).toEqual(products.map((p) => p.id)));
    expect(await db.products.count()).toBe(10);
    // Dexie's live query has taken over with the same rows; the preloaded request was the only one.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('ready server 25')).toBeTruthy();
    expect(names()).toEqual(products.map((p) => p.name));
    expect(server.callsTo('GET', '/api/products/top-rated/')).toHaveLength(1);

    // The catalogue stream finishing is the last step: the whole catalogue is on the device.
    await db.syncState.put({ key: 'stream:catalogue', cursor: 'v1.1.0', value: 'done', updated_at: Date.now() });
    await waitFor(() => expect(firstVisitState()).toBe('replicated'));
  });
});

describe('the first-visit states (src/sync/firstVisit.ts)', () => {
  const run = (events: FirstVisitEvent[], from: FirstVisitState = 'empty') => events.reduce(nextState, from);

  it('goes empty → interim page → device data → replicated on a first visit', () => {
    expect(run(['interim-page'])).toBe('interim');
    expect(run(['interim-page', 'interim-page'])).toBe('interim');
    expect(run(['interim-page', 'device-loaded'])).toBe('device');
    expect(run(['interim-page', 'device-loaded', 'catalogue-replicated'])).toBe('replicated');
  });

  it('goes straight to the device when nothing was held back (a repeat visit, another page)', () => {
    expect(run(['device-loaded'])).toBe('device');
    expect(run(['device-loaded', 'catalogue-replicated'])).toBe('replicated');
  });

  it('never goes back, and takes a finished catalogue only once the device holds it', () => {
    expect(run(['catalogue-replicated'])).toBe('empty');
    expect(run(['interim-page', 'catalogue-replicated'])).toBe('interim');
    expect(run(['interim-page'], 'device')).toBe('device');
    expect(run(['interim-page', 'device-loaded'], 'replicated')).toBe('replicated');
  });
});
