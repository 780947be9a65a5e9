import { afterEach, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import ProductDetailScreen from '@/screens/products/ProductDetailScreen';
import { useSyncEngine } from '@/queries/useSyncEngine';
import { db } from '@/db/db';
import { reportReachable } from '@/sync/api/connectivity';
import { fakeServer, makeUser, renderScreen, signedInAs, type FakeServer } from '../harness';
import { ENGINE_ROUTES, makeProduct, page, SELLER_ID } from './fixtures';

function Shell({ children }: { children: ReactNode }) {
  useSyncEngine();
  return <>{children}</>;
}

afterEach(() => reportReachable());

function productServer(): FakeServer {
  const product = makeProduct();
  return fakeServer({
    [`GET /api/products/${product.id}/`]: { body: product },
    [`GET /api/products/${product.id}/reviews/`]: { body: page([]) },
    ...ENGINE_ROUTES,
    'GET /api/products/': { body: page([]) },
  });
}

const open = () =>
  renderScreen(
    <Shell>
      <ProductDetailScreen />
    </Shell>,
    { path: '/products/5', route: '/products/:id' },
  );

const answer = (body: { target_type: string; target_id: number; reason: string }) => ({
  status: 201,
  body: {
    id: 41,
    target_type: body.target_type,
    target_id: body.target_id,
    reason: body.reason,
    status: 'open',
    created_at: new Date().toISOString(),
  },
});

describe('reporting a product (docs/product.md#trust-and-safety)', () => {
  it('the sheet sends the chosen reason once, and the product reads "Reported" from then on', async () => {
    const server = productServer();
    server.on('POST /api/reports/', (call) => answer(call.body as never));
    signedInAs(server, makeUser());
    const { user, unmount } = open();
    // The first screen of the file loads the device's database: give it room.
    await user.click(await screen.findByRole('button', { name: 'Report product' }, { timeout: 15_000 }));
    const sheet = await screen.findByRole('dialog', { name: 'Report this product' });
    const reasons = within(within(sheet).getByRole('group', { name: 'What is wrong?' })).getAllByRole('radio');
    expect(reasons.map((r) => r.closest('label')?.textContent)).toEqual([
      'Scam or fraud',
      'Counterfeit goods',
      'Prohibited item',
      'Offensive or abusive',
      'Spam',
      'Something else',
    ]);
    await user.click(within(sheet).getByRole('radio', { name: 'Counterfeit goods' }));
    await user.type(within(sheet).getByLabelText('Details (optional)'), 'Fake label');
    await user.click(within(sheet).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Reported')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Report product' })).toBeNull();
    await waitFor(() => expect(server.callsTo('POST /api/reports/')).toHaveLength(1));
    expect(server.callsTo('POST /api/reports/')[0].body).toMatchObject({
      target_type: 'product',
      target_id: 5,
      reason: 'counterfeit',
      details: 'Fake label',
      client_id: expect.any(String),
    });
    // Opened again later, the product still reads "Reported".
    unmount();
    open();
    expect(await screen.findByText('Reported')).toBeTruthy();
  }, 20_000);

  it('"Something else" asks for words before anything is recorded', async () => {
    const server = productServer();
    signedInAs(server, makeUser());
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Report product' }));
    const sheet = await screen.findByRole('dialog', { name: 'Report this product' });
    await user.click(within(sheet).getByRole('button', { name: 'Send report' }));
    expect(within(sheet).getByRole('alert').textContent).toBe('Choose a reason.');
    await user.click(within(sheet).getByRole('radio', { name: 'Something else' }));
    await user.click(within(sheet).getByRole('button', { name: 'Send report' }));
    expect(within(sheet).getByRole('alert').textContent).toBe('Tell us what is wrong.');
    expect(within(sheet).getByLabelText('Details (required)').getAttribute('aria-invalid')).toBe('true');
    expect(await db.reports.count()).toBe(0);
  });

  it('offline, the report is kept and the product says it goes out when online', async () => {
    const server = productServer();
    server.on('POST /api/reports/', { status: 0 });
    signedInAs(server, makeUser());
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Report product' }));
    const sheet = await screen.findByRole('dialog', { name: 'Report this product' });
    await user.click(within(sheet).getByRole('radio', { name: 'Spam' }));
    await user.click(within(sheet).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Reported (sent when you are online)')).toBeTruthy();
    expect(await db.outbox.filter((e) => e.kind === 'report.create').count()).toBe(1);
  });

  it('neither guests nor the product’s own supplier see a Report button', async () => {
    const server = productServer();
    signedInAs(server, makeUser({ id: SELLER_ID, user_type: 'SUPPLIER' }));
    open();
    await screen.findByRole('link', { name: 'Edit product' });
    expect(screen.queryByRole('button', { name: 'Report product' })).toBeNull();
  });
});
