import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import SearchScreen from '@/screens/listings/SearchScreen';
import { db } from '@/db/db';
import { putProducts } from '@/sync/pull/apply';
import { reportReachable, reportUnreachable } from '@/sync/api/connectivity';
import { fakeServer, renderScreen } from '../harness';
import { makeProduct, makeProducts, pageOf } from '@tests/web/components/productFixtures';

const names = async () => (await screen.findAllByTestId('product-card')).map((c) => c.querySelector('a')!.textContent);
const unverified = {
  id: 8,
  first_name: 'Ada',
  user_type: 'SUPPLIER' as const,
  date_joined: '2024-03-01T10:00:00Z',
  supplier_profile: { company_name: 'Ada Foods', about: '', logo_url: null, is_verified: false, industries: [] },
};

afterEach(() => {
  cleanup();
  reportReachable();
});

describe('sorting and filtering a listing', () => {
  it('sends the choice to the server as query parameters and keeps it in the URL', async () => {
    const server = fakeServer();
    server.on('GET /api/products/', (call) => ({ body: pageOf(makeProducts(2), call.query) }));
    const { user } = renderScreen(<SearchScreen />, { path: '/search/rice', route: '/search/:term' });
    await names();
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Price: low to high');
    await waitFor(() => expect(location.search).toBe('?ordering=price'));
    await waitFor(() => expect(server.callsTo('GET /api/products/').at(-1)!.query.get('ordering')).toBe('price'));

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const panel = screen.getByRole('form', { name: 'Filters' });
    await user.type(within(panel).getByLabelText('Max price (USD)'), '25');
    await user.type(within(panel).getByLabelText('Minimum order up to'), '10');
    expect((within(panel).getByLabelText('Max price (USD)') as HTMLInputElement).value).toBe('25');
    await user.click(within(panel).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(location.search).toBe('?ordering=price&price_max=25&moq_max=10'));
    await user.click(within(panel).getByLabelText('Verified suppliers only'));
    await waitFor(() => expect(location.search).toBe('?ordering=price&price_max=25&moq_max=10&verified=true'));
    // The URL changes first; the list's request follows it.
    await waitFor(() =>
      expect(Object.fromEntries(server.callsTo('GET /api/products/').at(-1)!.query)).toMatchObject({
        search: 'rice',
        ordering: 'price',
        price_max: '25',
        moq_max: '10',
        verified: 'true',
      }),
    );
    expect(screen.getByRole('button', { name: 'Filters (3)' })).toBeTruthy();

    await user.click(within(panel).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location.search).toBe('?ordering=price'));
  }, 20_000);

  it('offline, sorts and filters the products on the device by the same rules, from the URL', async () => {
    fakeServer();
    act(() => reportUnreachable());
    await db.transaction('rw', db.products, () =>
      putProducts([
        makeProduct({ id: 1, name: 'Rice 50 kg', min_price: '30.00', price: '30.00' }),
        makeProduct({ id: 2, name: 'Rice 5 kg', min_price: '6.00', price: '6.00', average_rating: 3 }),
        makeProduct({ id: 3, name: 'Rice 25 kg', min_price: '18.00', price: '18.00', supplier: unverified }),
        makeProduct({ id: 4, name: 'Rice 10 kg', min_price: '12.00', price: '12.00', minimum_order_quantity: 50 }),
      ]),
    );
    renderScreen(<SearchScreen />, { path: '/search/rice?ordering=-price', route: '/search/:term' });
    expect(await names()).toEqual(['Rice 50 kg', 'Rice 25 kg', 'Rice 10 kg', 'Rice 5 kg']);
    cleanup();

    renderScreen(<SearchScreen />, { path: '/search/rice?ordering=price&verified=true&moq_max=20&rating_min=4', route: '/search/:term' });
    expect(await names()).toEqual(['Rice 50 kg']);
    expect(screen.getByText('1 product')).toBeTruthy();
    cleanup();

    const { user } = renderScreen(<SearchScreen />, { path: '/search/rice?price_min=1000', route: '/search/:term' });
    expect(await screen.findByRole('heading', { name: 'No products match these filters' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await names()).toHaveLength(4);
    expect(location.search).toBe('');
  });
});
