import { afterEach, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { screen, within } from '@testing-library/react';
import SellerScreen from '@/screens/users/SellerScreen';
import { useSyncEngine } from '@/queries/useSyncEngine';
import { reportReachable, reportUnreachable } from '@/sync/api/connectivity';
import { db } from '@/db/db';
import { toProductRow } from '@/sync/pull/apply';
import { fakeServer, renderScreen } from '../harness';
import { ENGINE_ROUTES, makeProduct, page, reviewer, SELLER_ID, sellerSummary } from '../products/fixtures';

function Shell({ children }: { children: ReactNode }) {
  useSyncEngine();
  return <>{children}</>;
}

afterEach(() => reportReachable());

const open = (id: number | string = SELLER_ID) =>
  renderScreen(
    <Shell>
      <SellerScreen />
    </Shell>,
    { path: `/users/${id}`, route: '/users/:id' },
  );

const products = [makeProduct({ id: 5 }), makeProduct({ id: 6, name: 'Red Palm Oil' })];

describe('public seller page (docs/product.md#screens)', () => {
  it('shows the supplier with the verified badge, average rating, member-since year and their products', async () => {
    const server = fakeServer({
      ...ENGINE_ROUTES,
      [`GET /api/users/${SELLER_ID}/`]: { body: sellerSummary() },
      'GET /api/products/': (call) => ({ body: page(call.query.get('supplier') === String(SELLER_ID) ? products : []) }),
    });
    open();
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toContain('Lagos Agro Foods Ltd');
    expect(within(heading).getByRole('img', { name: 'Verified supplier' })).toBeTruthy();
    expect(screen.getByText('Average rating 4.3 out of 5')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeTruthy();
    expect(screen.getByText('Member since 2019')).toBeTruthy();
    expect(screen.getByText('Staples since 2009.')).toBeTruthy();
    const section = screen.getByRole('heading', { name: /^Products/ }).closest('section')!;
    expect(await within(section).findByRole('link', { name: 'Red Palm Oil' })).toBeTruthy();
    expect(within(section).getAllByTestId('product-card')).toHaveLength(2);
    expect(section.querySelector('h2')!.textContent).toBe('Products (2)');
    expect(server.callsTo('GET /api/products/').some((c) => c.query.get('supplier') === String(SELLER_ID))).toBe(true);
  });

  it('says what was checked of the supplier and when, never a bare "verified"', async () => {
    fakeServer({
      ...ENGINE_ROUTES,
      [`GET /api/users/${SELLER_ID}/`]: {
        body: {
          ...sellerSummary(),
          verification: [
            { check: 'email', verified_at: '2026-01-05T10:00:00.000Z' },
            { check: 'business_registration', verified_at: '2027-03-12T09:00:00.000Z' },
          ],
          business_registry: 'CAC',
        },
      },
      'GET /api/products/': { body: page([]) },
    });
    open();
    const checks = await screen.findByRole('list', { name: 'What was checked' });
    expect(
      within(checks)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Email confirmed', 'Business registration (CAC) checked Mar 12, 2027']);
  });

  it('says when a supplier has no ratings yet and no badge', async () => {
    const unverified = { ...sellerSummary().supplier_profile!, is_verified: false };
    fakeServer({
      ...ENGINE_ROUTES,
      [`GET /api/users/${SELLER_ID}/`]: {
        body: sellerSummary({ seller_average_rating: null, supplier_profile: unverified, profile: unverified }),
      },
    });
    open();
    expect(await screen.findByText('No ratings yet')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Verified supplier' })).toBeNull();
    expect(await screen.findByText('This seller has no products yet.')).toBeTruthy();
  });

  it("opened offline, shows the seller from the products saved on the device, not 'Could not load'", async () => {
    await db.products.bulkPut(products.map((p) => toProductRow(p)));
    fakeServer({ ...ENGINE_ROUTES, [`GET /api/users/${SELLER_ID}/`]: { status: 0 }, 'GET /api/products/': { status: 0 } });
    reportUnreachable();
    open();
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toContain('Lagos Agro Foods Ltd');
    expect(screen.queryByText('Could not load seller profile.')).toBeNull();
    const section = screen.getByRole('heading', { name: /^Products/ }).closest('section')!;
    expect(await within(section).findByRole('link', { name: 'Red Palm Oil' })).toBeTruthy();
  });

  it("says 'This user is not a seller.' for a buyer", async () => {
    fakeServer({
      ...ENGINE_ROUTES,
      'GET /api/users/21/': { body: { ...reviewer(21, 'Fatou'), country: { code: 'SN', name: 'Senegal' }, seller_average_rating: null } },
    });
    open(21);
    expect(await screen.findByText('This user is not a seller.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /^Products/ })).toBeNull();
  });

  it("says 'Could not load seller profile.' when the server fails or has no such user", async () => {
    fakeServer({
      ...ENGINE_ROUTES,
      'GET /api/users/9/': { status: 500, body: { detail: 'boom' } },
      'GET /api/users/404/': { status: 404, body: { detail: 'Not found.' } },
    });
    const first = open();
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load seller profile.');
    first.unmount();
    open(404);
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load seller profile.');
  });

  it('tries again on request', async () => {
    const server = fakeServer({ ...ENGINE_ROUTES, 'GET /api/users/9/': { status: 503, body: { detail: 'Busy.' } } });
    const { user } = open();
    await screen.findByText('Could not load seller profile.');
    server.on('GET /api/users/9/', { body: sellerSummary() });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toContain('Lagos Agro Foods Ltd');
    expect(screen.queryByText('Could not load seller profile.')).toBeNull();
  });
});
