import { afterEach, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { screen, within } from '@testing-library/react';
import ProductDetailScreen from '@/screens/products/ProductDetailScreen';
import { useSyncEngine } from '@/queries/useSyncEngine';
import { db } from '@/db/db';
import { reportReachable } from '@/sync/api/connectivity';
import { fakeServer, makeUser, renderScreen, signedInAs } from '../harness';
import { ENGINE_ROUTES, makeProduct, page } from './fixtures';

/**
 * A supplier's own product a moderator hid (docs/product.md#trust-and-safety): read from the server
 * (never held on the device), marked hidden with the reason, appealed once from its page.
 */

function Shell({ children }: { children: ReactNode }) {
  useSyncEngine();
  return <>{children}</>;
}

afterEach(() => reportReachable());

/** Each test signs in as a supplier of its own: what the session learnt of hidden products is theirs alone. */
function asSupplier(id: number, product = makeProduct({ id: 40 + id })) {
  const hidden = { ...product, supplier: { ...product.supplier, id }, is_hidden: true, moderation_reason: 'Counterfeit goods' };
  const server = fakeServer({
    ...ENGINE_ROUTES,
    [`GET /api/products/${hidden.id}/`]: { body: { appealed_at: null, ...hidden } },
    [`GET /api/products/${hidden.id}/reviews/`]: { body: page([]) },
  });
  signedInAs(server, makeUser({ id, user_type: 'SUPPLIER' }));
  return { server, hidden };
}

const open = (id: number) =>
  renderScreen(
    <Shell>
      <ProductDetailScreen />
    </Shell>,
    { path: `/products/${id}`, route: '/products/:id' },
  );

describe('a hidden product, to its supplier', () => {
  it('is marked hidden with the reason, never stored on the device, and appealed once with the supplier’s words', async () => {
    const { server, hidden } = asSupplier(101);
    server.on(`POST /api/products/${hidden.id}/appeal/`, {
      status: 201,
      body: { id: 7, target_type: 'product', target_id: hidden.id, reason: 'appeal', status: 'open', created_at: '2027-03-12T10:00:00Z' },
    });
    const { user } = open(hidden.id);
    expect(await screen.findByRole('heading', { level: 1, name: hidden.name }, { timeout: 15_000 })).toBeTruthy();
    const notice = screen.getByRole('region', { name: 'Hidden Hidden by our moderators' });
    expect(notice.textContent).toContain('Buyers cannot see or find this product.');
    expect(notice.textContent).toContain('Reason: Counterfeit goods');
    expect(await db.products.get(hidden.id)).toBeUndefined();
    // No product page parts: no Buy now, no report.
    expect(screen.queryByRole('button', { name: 'Buy now' })).toBeNull();

    const send = screen.getByRole('button', { name: 'Send appeal' });
    await user.click(send);
    expect(screen.getByText('Say why the product should be shown again.')).toBeTruthy();
    expect(server.callsTo(`POST /api/products/${hidden.id}/appeal/`)).toHaveLength(0);
    await user.type(screen.getByLabelText('Why should it be shown again?'), 'I have the invoice from the maker.');
    await user.click(send);
    const sent = await screen.findByRole('region', { name: 'Appeal sent' });
    expect(within(sent).getByRole('status').textContent).toContain('A moderator will review it');
    expect(screen.queryByRole('button', { name: 'Send appeal' })).toBeNull();
    expect(server.callsTo(`POST /api/products/${hidden.id}/appeal/`).map((c) => c.body)).toEqual([
      { details: 'I have the invoice from the maker.' },
    ]);
  }, 30_000);

  it('says so clearly when the server refuses a second appeal, and shows the appeal already sent', async () => {
    const { server, hidden } = asSupplier(102);
    server.on(`POST /api/products/${hidden.id}/appeal/`, () => {
      // Appealed meanwhile from another device: the server holds the first.
      server.on(`GET /api/products/${hidden.id}/`, { body: { ...hidden, appealed_at: '2027-03-11T09:00:00Z' } });
      return { status: 400, body: { detail: 'This product has already been appealed.' } };
    });
    const { user } = open(hidden.id);
    await user.type(await screen.findByLabelText('Why should it be shown again?', {}, { timeout: 15_000 }), 'Please look again.');
    await user.click(screen.getByRole('button', { name: 'Send appeal' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This product has already been appealed.');
    expect(await screen.findByRole('region', { name: 'Appeal sent' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send appeal' })).toBeNull();
  }, 30_000);

  it('once appealed, offers no second appeal', async () => {
    const { hidden } = asSupplier(103, makeProduct({ id: 143, appealed_at: '2027-03-12T10:00:00Z' }));
    open(hidden.id);
    expect(await screen.findByRole('region', { name: 'Appeal sent' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByLabelText('Why should it be shown again?')).toBeNull();
  }, 30_000);

  it('offline, says it needs a connection instead of a failure', async () => {
    const { server, hidden } = asSupplier(104);
    server.on(`GET /api/products/${hidden.id}/`, { status: 0 });
    open(hidden.id);
    expect(
      (await screen.findByText('This product is not saved on this device. Connect to the internet to see it.', {}, { timeout: 15_000 }))
        .textContent,
    ).toBeTruthy();
    expect(screen.queryByText('Could not load product details. Please try again.')).toBeNull();
  }, 30_000);

  it('to anyone else it does not exist', async () => {
    const server = fakeServer({ ...ENGINE_ROUTES, 'GET /api/products/150/': { status: 404, body: { detail: 'Not found.' } } });
    signedInAs(server, makeUser({ id: 105 }));
    open(150);
    expect((await screen.findByRole('alert', {}, { timeout: 15_000 })).textContent).toBe(
      'Could not load product details. Please try again.',
    );
    expect(screen.queryByText('Hidden by our moderators')).toBeNull();
  }, 30_000);
});
