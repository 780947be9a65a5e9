import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import ProductCard from '@/components/ProductCard';
import ProductGrid, { columnsFor } from '@/components/ProductGrid';
import { fakeServer, makeUser, renderScreen, signedInAs } from '../screens/harness';
import { makeProduct, makeProducts } from './productFixtures';

describe('the product card (docs/product.md#screens)', () => {
  it('offers its seller Edit instead of the favourite toggle on their own product', async () => {
    const server = fakeServer();
    signedInAs(server, makeUser({ id: 9, user_type: 'SUPPLIER' }));
    renderScreen(<ProductCard product={makeProduct({ id: 5, name: 'Kente cloth' })} />);
    const edit = await screen.findByRole('link', { name: 'Edit: Kente cloth' });
    expect(edit.getAttribute('href')).toBe('/products/5/edit');
    expect(screen.queryByRole('button', { name: 'Favorite: Kente cloth' })).toBeNull();
  });

  it('shows the image, name linking to the product, seller, price range, minimum order and stars', async () => {
    const { container } = renderScreen(
      <ProductCard
        product={makeProduct({
          id: 5,
          name: 'Kente cloth',
          min_price: '20.00',
          max_price: '35.00',
          minimum_order_quantity: 10,
          average_rating: 3.5,
          reviews_count: 4,
        })}
      />,
    );
    const card = screen.getByTestId('product-card');
    expect(within(card).getByRole('link', { name: 'Kente cloth' }).getAttribute('href')).toBe('/products/5');
    expect(within(card).getByText('by Kemal Tekstil')).toBeTruthy();
    expect(within(card).getByRole('img', { name: 'Verified supplier' })).toBeTruthy();
    expect(await within(card).findByText('$20.00 ~ $35.00')).toBeTruthy();
    expect(within(card).getByText('Min. order: 10')).toBeTruthy();
    expect(within(card).getByRole('img', { name: 'Rated 3.5 out of 5, 4 reviews' })).toBeTruthy();
    const img = container.querySelector('img.product-image') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/media/thumb-5.png?w=200');
    expect(img.getAttribute('srcset')).toContain('/media/thumb-5.png?w=400 400w');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('height')).toBe('200');
    // Keyboard users reach the product before its favourite toggle.
    const link = within(card).getByRole('link', { name: 'Kente cloth' });
    const heart = within(card).getByRole('button', { name: 'Favorite: Kente cloth' });
    expect(link.compareDocumentPosition(heart) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says a product priced by quantity from its lowest tier, "from $12.00 (200+)"; one tier says nothing more', async () => {
    const tiers = [
      { min_quantity: 10, unit_price: '20.00' },
      { min_quantity: 200, unit_price: '12.00' },
    ];
    const first = renderScreen(<ProductCard product={makeProduct({ id: 5, name: 'Kente cloth', price_tiers: tiers })} />);
    expect((await screen.findByText(/^from/)).textContent).toBe('from $12.00 (200+)');
    first.unmount();
    renderScreen(<ProductCard product={makeProduct({ id: 6, name: 'Adire', price_tiers: tiers.slice(0, 1) })} />);
    await screen.findByRole('link', { name: 'Adire' });
    expect(screen.queryByText(/^from/)).toBeNull();
  });

  it('falls back to the first name without a company, hides the badge when not verified, and shows a placeholder without thumbnail', () => {
    const product = makeProduct({
      thumbnail_url: '',
      supplier: {
        id: 3,
        first_name: 'Awa',
        user_type: 'SUPPLIER',
        date_joined: '2024-01-01T00:00:00Z',
        supplier_profile: { company_name: '', about: '', logo_url: null, is_verified: false, industries: [] },
      },
    });
    const { container } = renderScreen(<ProductCard product={product} />);
    expect(screen.getByText('by Awa')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Verified supplier' })).toBeNull();
    expect(screen.getByRole('img', { name: 'No image' })).toBeTruthy();
    expect(container.querySelector('img.product-image')).toBeNull();
  });
});

describe('the product grid', () => {
  it('has 2/3/4/5 columns by width', () => {
    expect([390, 640, 959, 960, 1199, 1200, 1600].map(columnsFor)).toEqual([2, 3, 3, 4, 4, 5, 5]);
  });

  it('offers more when the list has more pages', async () => {
    let asked = 0;
    const { user } = renderScreen(
      <ProductGrid
        products={makeProducts(4)}
        hasMore
        loadMore={() => {
          asked += 1;
        }}
      />,
    );
    expect(screen.getAllByTestId('product-card')).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Load more products' }));
    expect(asked).toBe(1);
  });

  it('renders only the rows near the screen for long lists', async () => {
    renderScreen(<ProductGrid products={makeProducts(3000)} />);
    // The virtualizer's own chunk loads first; until then the first cards show, never all of them.
    expect(screen.getAllByTestId('product-card').length).toBeLessThan(100);
    await waitFor(() => expect(document.querySelector('.product-grid-virtual')).not.toBeNull());
    const shown = screen.getAllByTestId('product-card').length;
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(100);
    // 3,000 cards and a lazy chunk: about 2 s alone, past the default 5 s when the whole web project shares two cores.
  }, 15_000);
});
