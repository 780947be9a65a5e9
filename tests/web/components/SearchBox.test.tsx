import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import SearchBox from '@/app/navbar/SearchBox';
import { db } from '@/db/db';
import { putProducts } from '@/sync/pull/apply';
import { reportReachable, reportUnreachable } from '@/sync/api/connectivity';
import { fakeServer, renderScreen, type FakeServer } from '../screens/harness';
import { makeProduct } from './productFixtures';

let server: FakeServer;
const searches = () => server.callsTo('GET /api/products/').map((c) => c.query.get('search'));
const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  server = fakeServer();
  server.on('GET /api/products/', (call) => ({
    body: Array.from({ length: 8 }, (_, i) => ({
      id: i + 1,
      name: `${call.query.get('search')} ${i + 1}`,
      thumbnail_url: null,
      price: '2.00',
    })),
  }));
});

afterEach(() => {
  cleanup();
  reportReachable();
  vi.useRealTimers();
});

/** Typing as React sees it (user-event waits on the faked timers); `text` is the whole new value. */
const type = (text: string) =>
  act(() => {
    fireEvent.change(screen.getByRole('combobox', { name: 'Search products' }), { target: { value: text } });
  });
const press = (key: string) =>
  act(() => {
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Search products' }), { key });
  });

function renderBox() {
  return renderScreen(<SearchBox />);
}

describe('search suggestions (docs/product.md#screens, #constants: 2 characters, 300 ms, 5 results)', () => {
  it('asks nothing for one character, and asks 300 ms after the last keystroke', async () => {
    renderBox();
    const box = screen.getByRole('combobox', { name: 'Search products' });
    await type('s');
    await wait(1000);
    expect(searches()).toEqual([]);

    await type('sh');
    await wait(100);
    await type('she');
    await wait(299);
    expect(searches()).toEqual([]);
    await wait(1);
    expect(searches()).toEqual(['she']);
    expect(server.callsTo('GET /api/products/')[0].query.get('limit')).toBe('5');
    await wait(50);
    expect(screen.getAllByRole('option')).toHaveLength(5);
    expect(box.getAttribute('aria-expanded')).toBe('true');
  });

  it('only the latest term is asked for while typing quickly', async () => {
    renderBox();
    await type('sh');
    await wait(200);
    await type('she');
    await wait(200);
    await type('shea');
    await wait(300);
    expect(searches()).toEqual(['shea']);
  });

  it('arrow keys move through the suggestions and Enter opens one; Escape closes the list', async () => {
    renderBox();
    const box = screen.getByRole('combobox', { name: 'Search products' });
    await type('kola');
    await wait(300);
    await wait(50);
    const options = screen.getAllByRole('option');
    await press('ArrowDown');
    await press('ArrowDown');
    expect(options[1].getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1].id);
    await press('ArrowUp');
    await press('ArrowUp');
    expect(options[4].getAttribute('aria-selected')).toBe('true');
    await press('Escape');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await press('ArrowDown');
    act(() => {
      fireEvent.submit(box.closest('form')!);
    });
    expect(location.pathname).toBe('/products/1');
  });

  it('offline, suggests from the products on the device and says so', async () => {
    await db.transaction('rw', db.products, () =>
      putProducts([makeProduct({ id: 41, name: 'Kırmızı biber' }), makeProduct({ id: 42, name: 'Shea butter' })]),
    );
    act(() => reportUnreachable());
    renderBox();
    await type('kirmizi');
    await wait(300);
    // The device's search reads IndexedDB, which runs on real time, not the faked timers.
    await vi.waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.querySelector('.search-box__name')!.textContent)).toEqual(['Kırmızı biber']),
    );
    expect(screen.getByText('Offline: results from this device')).toBeTruthy();
    expect(searches()).toEqual([]);
  });
});
