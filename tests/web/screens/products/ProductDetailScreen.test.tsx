import { afterEach, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import ProductDetailScreen from '@/screens/products/ProductDetailScreen';
import { useSyncEngine } from '@/queries/useSyncEngine';
import { db } from '@/db/db';
import { reportReachable } from '@/sync/api/connectivity';
import { fakeServer, here, makeUser, renderScreen, signedInAs, type FakeServer } from '../harness';
import { ENGINE_ROUTES, makeProduct, makeReview, page, SELLER_ID, sellerSummary } from './fixtures';

/** The screen as the shell mounts it: under its route, with the sync engine running. */
function Shell({ children }: { children: ReactNode }) {
  useSyncEngine();
  return <>{children}</>;
}

const related = makeProduct({ id: 6, name: 'Parboiled Ofada Rice', images: [] });

function productServer(product = makeProduct()): FakeServer {
  const server = fakeServer({
    [`GET /api/products/${product.id}/`]: { body: product },
    [`GET /api/products/${product.id}/reviews/`]: { body: page([makeReview()]) },
    ...ENGINE_ROUTES,
    'GET /api/products/': (call) => ({ body: page(call.query.get('category') === '1' ? [related] : []) }),
  });
  return server;
}

// A request that could not connect leaves the app offline until the next answer: start each test online.
afterEach(() => reportReachable());

const open = (id = 5) =>
  renderScreen(
    <Shell>
      <ProductDetailScreen />
    </Shell>,
    { path: `/products/${id}`, route: '/products/:id' },
  );

describe('product detail (docs/product.md#screens)', () => {
  it('shows the product: name, rating with count, price range, stock, minimum order and description', async () => {
    productServer();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Premium Garri (Ijebu)' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5, 2 reviews' })).toBeTruthy();
    expect(screen.getByText('$0.90 ~ $1.40')).toBeTruthy();
    const badges = within(screen.getByRole('list', { name: 'Availability' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(badges).toEqual(['In stock: 4,000', 'Min. order: 50']);
    expect(screen.getByText('Crisp, sour Ijebu garri, double-sieved and sun-dried.')).toBeTruthy();
  });

  it('shows the prices by quantity, the minimum order’s row marked, and offers a sample at its price', async () => {
    productServer(
      makeProduct({
        price_tiers: [
          { min_quantity: 50, unit_price: '1.40' },
          { min_quantity: 200, unit_price: '1.10' },
          { min_quantity: 1000, unit_price: '0.90' },
        ],
        sample_price: '2.00',
      }),
    );
    open();
    const table = await screen.findByRole('table', { name: 'Prices by quantity' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [row.textContent, row.getAttribute('aria-current')]);
    expect(rows).toEqual([
      ['50–199$1.40', 'true'],
      ['200–999$1.10', null],
      ['1,000+$0.90', null],
    ]);
    expect(screen.getByRole('button', { name: 'Order a sample: $2.00' })).toBeTruthy();
  });

  it('shows no price table nor sample for a product with one price', async () => {
    productServer();
    open();
    await screen.findByRole('heading', { level: 1, name: 'Premium Garri (Ijebu)' });
    expect(screen.queryByRole('table', { name: 'Prices by quantity' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Order a sample/ })).toBeNull();
  });

  it('shows a running flash deal with its price and time left, and nothing for an ended one', async () => {
    const endsAt = new Date(Date.now() + (2 * 24 + 1) * 3600_000).toISOString();
    productServer(makeProduct({ price: '0.75', flash_deal_ends_at: endsAt }));
    const first = open();
    expect(await screen.findByText('Ends in 2 d 1 h')).toBeTruthy();
    expect(screen.getByText('$0.75')).toBeTruthy();
    first.unmount();
    await db.products.clear();
    productServer(makeProduct({ price: '0.75', flash_deal_ends_at: '2020-01-01T00:00:00Z' }));
    open();
    await screen.findByRole('heading', { level: 1, name: 'Premium Garri (Ijebu)' });
    expect(screen.queryByText('Flash deal')).toBeNull();
    expect(screen.queryByText('$0.75')).toBeNull();
  });

  it('shows every picture and video once in the gallery', async () => {
    productServer();
    open();
    const thumbs = await screen.findByRole('list', { name: 'Pictures and videos' });
    expect(within(thumbs).getAllByRole('button')).toHaveLength(3);
  });

  it('links the seller card to the seller page with the verified badge and the member-since year', async () => {
    productServer();
    open();
    const card = (await screen.findByText('Member since 2019')).closest('section')!;
    expect(within(card).getByRole('link', { name: 'Lagos Agro Foods Ltd' }).getAttribute('href')).toBe(`/users/${SELLER_ID}`);
    expect(within(card).getByRole('img', { name: 'Verified supplier' })).toBeTruthy();
  });

  it('says on the seller card what was checked of the seller and when, never a bare "verified"', async () => {
    const server = productServer();
    server.on(`GET /api/users/${SELLER_ID}/`, {
      body: sellerSummary({
        verification: [
          { check: 'email', verified_at: '2019-03-04T10:00:00Z' },
          { check: 'business_registration', verified_at: '2027-03-12T10:00:00Z' },
        ],
        business_registry: 'CAC',
      } as never),
    });
    open();
    const checked = await screen.findByRole('list', { name: 'What was checked' });
    expect(checked.closest('section')?.getAttribute('aria-labelledby')).toBe('seller-card-title');
    expect(
      within(checked)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Email confirmed', 'Business registration (CAC) checked Mar 12, 2027']);
  });

  it('lists the reviews with their count', async () => {
    productServer();
    open();
    const reviews = (await screen.findByRole('heading', { name: 'Reviews (1)' })).closest('section')!;
    expect(await within(reviews).findByText('Very good garri, well packed.')).toBeTruthy();
    expect(within(reviews).getByText('Fatou')).toBeTruthy();
  });

  it('shows related products of the same category, without this one, in a row', async () => {
    const server = productServer();
    open();
    const row = (await screen.findByRole('heading', { name: 'Related products' })).closest('section')!;
    expect(within(row).getByRole('link', { name: 'Parboiled Ofada Rice' }).getAttribute('href')).toBe('/products/6');
    expect(within(row).queryByRole('link', { name: 'Premium Garri (Ijebu)' })).toBeNull();
    const call = server.callsTo('GET /api/products/').find((c) => c.query.get('category') === '1')!;
    expect(call.query.get('exclude')).toBe('5');
  });

  it('opening a related product shows it with a fresh gallery and review form', async () => {
    const server = productServer();
    server.on('GET /api/products/6/', { body: related });
    server.on('GET /api/products/6/reviews/', { body: page([]) });
    signedInAs(server, makeUser());
    const { user } = open();
    await user.type(await screen.findByLabelText('Comment (optional)'), 'Half-written');
    await user.click(screen.getByRole('button', { name: 'Show picture 2 of 3' }));
    const row = (await screen.findByRole('heading', { name: 'Related products' })).closest('section')!;
    await user.click(within(row).getByRole('link', { name: 'Parboiled Ofada Rice' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Parboiled Ofada Rice' })).toBeTruthy();
    expect(here().path).toBe('/products/6');
    expect(((await screen.findByLabelText('Comment (optional)')) as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'View picture 1 of 1 full screen' })).toBeTruthy();
  });

  it('records the product in recently viewed', async () => {
    productServer();
    open();
    await screen.findByRole('heading', { level: 1, name: 'Premium Garri (Ijebu)' });
    await waitFor(async () => expect((await db.recent.toArray()).map((r) => r.product_id)).toEqual([5]));
  });

  it('disables Buy now when nothing is in stock', async () => {
    productServer(makeProduct({ quantity_in_stock: 0 }));
    open();
    const buy = await screen.findByRole('button', { name: 'Buy now' });
    expect(buy.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Out of stock')).toBeTruthy();
  });

  it('says the product could not be loaded when the server does not have it', async () => {
    fakeServer({ ...ENGINE_ROUTES, 'GET /api/products/77/': { status: 404, body: { detail: 'Not found.' } } });
    open(77);
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load product details. Please try again.');
  });

  it('says the product could not be loaded when the server fails and the device has nothing, and tries again', async () => {
    const server = productServer();
    server.on('GET /api/products/5/', { status: 500, body: { detail: 'boom' } });
    const { user } = open();
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load product details. Please try again.');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Product details');
    server.on('GET /api/products/5/', { body: makeProduct() });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Premium Garri (Ijebu)' })).toBeTruthy();
    expect(screen.queryByText('Could not load product details. Please try again.')).toBeNull();
  });

  it('renders from the device when the server cannot be reached', async () => {
    productServer();
    const first = open();
    await screen.findByRole('heading', { name: 'Premium Garri (Ijebu)' });
    await waitFor(async () => expect(await db.products.get(5)).toBeTruthy());
    first.unmount();
    // Stale on the device, so the screen asks the server, which cannot be reached.
    await db.products.update(5, { fetched_at: 0 });
    const server = fakeServer({ ...ENGINE_ROUTES, 'GET /api/products/5/': { status: 0 } });
    open();
    expect(await screen.findByRole('heading', { name: 'Premium Garri (Ijebu)' })).toBeTruthy();
    await waitFor(() => expect(server.callsTo('GET /api/products/5/').length).toBeGreaterThan(0));
    expect(screen.queryByText('Could not load product details. Please try again.')).toBeNull();
    expect(screen.getByText('$0.90 ~ $1.40')).toBeTruthy();
  });
});

describe('Send message (docs/product.md#screens, #validation-rules, #roles-and-permissions)', () => {
  const messageButton = () => screen.findByRole('button', { name: 'Send message' });

  it('is disabled for guests, saying why', async () => {
    productServer();
    open();
    const button = await messageButton();
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe('Log in to message the seller.');
    expect(screen.queryByRole('link', { name: 'Edit product' })).toBeNull();
  });

  it("gives way to Edit on one's own product, with Buy now and Favorite", async () => {
    const server = productServer();
    signedInAs(server, makeUser({ id: SELLER_ID, user_type: 'SUPPLIER' }));
    open();
    await screen.findByText('This is your own product.');
    expect(screen.getByRole('link', { name: 'Edit product' }).getAttribute('href')).toBe('/products/5/edit');
    expect(screen.queryByRole('button', { name: 'Send message' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Buy now' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Favorite/ })).toBeNull();
  });

  it('starts (or reuses) the conversation with the seller and opens it', async () => {
    const server = productServer();
    signedInAs(server, makeUser());
    server.on('POST /api/conversations/', {
      status: 201,
      body: {
        id: 55,
        participants: [],
        product: { id: 5, name: 'Premium Garri (Ijebu)', price: '0.90', thumbnail_url: null },
        last_message_timestamp: null,
        created_at: '2025-07-01T00:00:00Z',
        unread_messages_count: 0,
        last_message: null,
      },
    });
    const { user } = open();
    const button = await messageButton();
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await user.click(button);
    await waitFor(() => expect(here().path).toBe('/chat/55'));
    expect(server.callsTo('POST /api/conversations/')[0].body).toEqual({ product: 5, participants: [SELLER_ID] });
  });

  it("says 'Failed to initiate conversation.' when the server refuses", async () => {
    const server = productServer();
    signedInAs(server, makeUser());
    server.on('POST /api/conversations/', { status: 400, body: { detail: 'You cannot message yourself.' } });
    const { user } = open();
    const button = await messageButton();
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await user.click(button);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to initiate conversation.');
    expect(here().path).toBe('/products/5');
  });
});

describe('Buy now (docs/product.md#deals)', () => {
  const buyNow = () => screen.findByRole('button', { name: 'Buy now' });

  it('asks a guest to log in', async () => {
    productServer();
    const { user } = open();
    await user.click(await buyNow());
    expect((await screen.findByText('Log in to order from the seller.')).textContent).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens a quantity sheet from the minimum order to the stock, says no money is taken, and places the request', async () => {
    const server = productServer();
    signedInAs(server, makeUser());
    const { user } = open();
    const button = await buyNow();
    await waitFor(() => expect(screen.queryByText('Log in to message the seller.')).toBeNull());
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Order Premium Garri (Ijebu)' });
    const quantity = within(dialog).getByLabelText('Quantity') as HTMLInputElement;
    expect([quantity.value, quantity.min, quantity.max]).toEqual(['50', '50', '4000']);
    expect(dialog.textContent).toContain('The app takes no money');

    await user.clear(quantity);
    await user.type(quantity, '4001');
    await user.click(within(dialog).getByRole('button', { name: 'Send order request' }));
    expect(within(dialog).getByText('Choose from 50 to 4000.')).toBeTruthy();
    expect(server.callsTo('POST /api/orders/')).toEqual([]);

    await user.clear(quantity);
    await user.type(quantity, '60');
    expect(dialog.textContent).toContain('Total: $54.00');
    await user.click(within(dialog).getByRole('button', { name: 'Send order request' }));
    // On the device at once, and in the outbox to be sent (the sync tests follow it to the server).
    await waitFor(() => expect(here().path).toMatch(/^\/orders\/-\d+$/));
    const [order] = await db.orders.toArray();
    expect(order).toMatchObject({ status: 'requested', quantity: 60, unit_price: '0.90', total: '54.00', pending: 'sending' });
    expect((await db.outbox.toArray()).map((e) => [e.kind, e.payload.product, e.payload.quantity])).toEqual([['order.create', 5, 60]]);
  }, 20_000);
});
