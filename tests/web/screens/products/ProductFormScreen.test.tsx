import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import ProductFormScreen from '@/screens/products/ProductFormScreen';
import { db } from '@/db/db';
import { fakeServer, here, makeUser, renderScreen, signedInAs, type FakeServer } from '../harness';
import { supplier } from '@tests/web/helpers';
import { makeProduct, page } from './fixtures';

const CATEGORIES = [
  { id: 1, name: 'Agriculture & Food' },
  { id: 2, name: 'Textiles' },
];
const me = supplier(); // id 9, the owner of makeProduct()

let server: FakeServer;
beforeEach(() => {
  server = fakeServer({ 'GET /api/categories/': { body: page(CATEGORIES) } });
  signedInAs(server, me);
});

const png = (name = 'thumb.png', bytes = 4) => new File([new Uint8Array(bytes).fill(1)], name, { type: 'image/png' });
const mp4 = (name = 'clip.mp4') => new File([new Uint8Array(8)], name, { type: 'video/mp4' });
const pdf = () => new File(['%PDF-1.4'], 'sheet.pdf', { type: 'application/pdf' });
const formOf = (call: { body: unknown }) => call.body as FormData;

function renderAdd(options: Parameters<typeof renderScreen>[1] = {}) {
  return renderScreen(<ProductFormScreen />, { path: '/products/add', route: '/products/add', ...options });
}
function renderEdit(id = 5, options: Parameters<typeof renderScreen>[1] = {}) {
  return renderScreen(<ProductFormScreen />, { path: `/products/${id}/edit`, route: '/products/:id/edit', ...options });
}

async function fillValid(user: ReturnType<typeof renderAdd>['user']) {
  await user.type(await screen.findByLabelText('Product name'), 'Shea butter');
  await user.type(screen.getByLabelText('Description'), 'Raw, unrefined.');
  await user.selectOptions(screen.getByLabelText('Category'), '2');
  await user.type(screen.getByLabelText('Minimum price (USD)'), '12.5');
  await user.type(screen.getByLabelText('Maximum price (USD)'), '20');
  await user.type(screen.getByLabelText('Quantity in stock'), '100');
  await user.type(screen.getByLabelText('Minimum order quantity'), '5');
}

const submit = () => screen.getByRole('button', { name: /^(add product|save changes)$/i });
const errorOf = (label: string) => {
  const input = screen.getByLabelText(label);
  const id = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((part) => part.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('ProductFormScreen: who may use it', () => {
  it('sends a buyer to /', async () => {
    signedInAs(server, makeUser());
    renderAdd();
    await waitFor(() => expect(here().path).toBe('/'));
  });

  it("refuses another supplier's product: the spec alert, then back to /", async () => {
    server.on('GET /api/products/5/', { body: makeProduct({ supplier: { ...makeProduct().supplier, id: 44 } }) });
    renderEdit();
    expect((await screen.findByRole('alert')).textContent).toBe('Access Denied: You can only edit your own products.');
    expect(screen.queryByLabelText('Product name')).toBeNull();
    await waitFor(() => expect(here().path).toBe('/'), { timeout: 4000 });
  });

  it("says 'Failed to load product data or categories. Please try again.' and tries again", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.on('GET /api/products/5/', { status: 500, body: undefined });
    const { user } = renderEdit();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load product data or categories. Please try again.');
    server.on('GET /api/products/5/', { body: makeProduct() });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(((await screen.findByLabelText('Product name')) as HTMLInputElement).value).toBe('Premium Garri (Ijebu)');
    warn.mockRestore();
  });

  it('shows the load failure when the categories cannot be loaded in add mode', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.on('GET /api/categories/', { status: 0 });
    renderAdd();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load product data or categories. Please try again.');
    warn.mockRestore();
  });
});

describe('ProductFormScreen: add mode rules (docs/product.md#validation-rules)', () => {
  it('requires every field and the thumbnail, focuses the first error and sends nothing', async () => {
    const { user } = renderAdd();
    await screen.findByLabelText('Product name');
    await user.click(submit());
    for (const label of [
      'Product name',
      'Description',
      'Category',
      'Minimum price (USD)',
      'Maximum price (USD)',
      'Quantity in stock',
      'Minimum order quantity',
    ]) {
      expect(errorOf(label)).toBe('This field is required.');
    }
    expect(screen.getByText('A thumbnail image is required.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Product name'));
    expect(server.callsTo('POST /api/products/')).toHaveLength(0);
  });

  it('has price inputs with step 0.01 and quantity inputs with minimum 1', async () => {
    renderAdd();
    const min = await screen.findByLabelText('Minimum price (USD)');
    expect(min.getAttribute('step')).toBe('0.01');
    expect(screen.getByLabelText('Maximum price (USD)').getAttribute('step')).toBe('0.01');
    expect(screen.getByLabelText('Quantity in stock').getAttribute('min')).toBe('1');
    expect(screen.getByLabelText('Minimum order quantity').getAttribute('min')).toBe('1');
  });

  it('checks min ≤ max, minimum order ≤ stock, two decimals and minimums of 1', async () => {
    const { user } = renderAdd();
    await fillValid(user);
    await user.upload(screen.getByLabelText('Thumbnail'), png());
    const set = async (label: string, value: string) => {
      await user.clear(screen.getByLabelText(label));
      await user.type(screen.getByLabelText(label), value);
    };

    await set('Minimum price (USD)', '25');
    await set('Minimum order quantity', '101');
    await user.click(submit());
    expect(errorOf('Minimum price (USD)')).toBe('Minimum price cannot be greater than the maximum price.');
    expect(errorOf('Minimum order quantity')).toBe('minimum order quantity cannot be greater than quantity in stock');
    expect(document.activeElement).toBe(screen.getByLabelText('Minimum price (USD)'));

    await set('Minimum price (USD)', '1.999');
    await set('Quantity in stock', '0');
    await set('Minimum order quantity', '0');
    await user.click(submit());
    expect(errorOf('Minimum price (USD)')).toBe('Ensure that there are no more than 2 decimal places.');
    expect(errorOf('Quantity in stock')).toBe('Ensure this value is greater than or equal to 1.');
    expect(errorOf('Minimum order quantity')).toBe('Ensure this value is greater than or equal to 1.');
    expect(server.callsTo('POST /api/products/')).toHaveLength(0);
  });

  it('takes only an image as the thumbnail', async () => {
    const { user } = renderAdd({ userOptions: { applyAccept: false } });
    await user.upload(await screen.findByLabelText('Thumbnail'), pdf());
    expect(screen.getByText('The thumbnail must be an image.')).toBeTruthy();
  });

  it('posts the whole form with the thumbnail and the gallery, skipping duplicates and non-media files, then opens the product', async () => {
    server.on('POST /api/products/', { status: 201, body: makeProduct({ id: 77, name: 'Shea butter' }) });
    const { user } = renderAdd({ userOptions: { applyAccept: false } });
    await fillValid(user);
    await user.upload(screen.getByLabelText('Thumbnail'), png());
    const gallery = screen.getByLabelText('Gallery images or videos');
    await user.upload(gallery, [png('a.png'), mp4()]);
    await user.upload(gallery, [png('a.png'), pdf()]);
    expect(screen.getByText(/Skipped 1 file\(s\) already added\./)).toBeTruthy();
    expect(screen.getByText(/Skipped 1 file\(s\) that are not images or videos\./)).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Gallery' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText(/2 of 10 files\./)).toBeTruthy();

    await user.click(submit());
    await waitFor(() => expect(here().path).toBe('/products/77'));
    const form = formOf(server.callsTo('POST /api/products/')[0]);
    expect(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string'))).toEqual({
      name: 'Shea butter',
      description: 'Raw, unrefined.',
      category_id: '2',
      min_price: '12.5',
      max_price: '20',
      quantity_in_stock: '100',
      minimum_order_quantity: '5',
    });
    expect((form.get('thumbnail') as File).name).toBe('thumb.png');
    expect(form.getAll('images').map((f) => (f as File).name)).toEqual(['a.png', 'clip.mp4']);
    expect((await db.products.get(77))?.name).toBe('Shea butter');
  });

  it('keeps the gallery to 10 files', async () => {
    const { user } = renderAdd();
    const gallery = await screen.findByLabelText('Gallery images or videos');
    await user.upload(
      gallery,
      Array.from({ length: 11 }, (_, i) => png(`p${i}.png`)),
    );
    expect(within(screen.getByRole('list', { name: 'Gallery' })).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText(/A product can have at most 10 images or videos\./)).toBeTruthy();
    expect((gallery as HTMLInputElement).disabled).toBe(true);
  });

  it("shows the server's detail, its field errors, or 'Failed to save product. Please try again.'", async () => {
    const { user } = renderAdd();
    await fillValid(user);
    await user.upload(screen.getByLabelText('Thumbnail'), png());

    server.on('POST /api/products/', { status: 403, body: { detail: 'Verify your email first.' } });
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('Verify your email first.');

    server.on('POST /api/products/', { status: 400, body: { category_id: ['Invalid pk "2" - object does not exist.'] } });
    await user.click(submit());
    await waitFor(() => expect(errorOf('Category')).toBe('Invalid pk "2" - object does not exist.'));

    server.on('POST /api/products/', { status: 500, body: undefined });
    await user.click(submit());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to save product. Please try again.'));
    expect(here().path).toBe('/products/add');
  });
});

describe('ProductFormScreen: edit mode', () => {
  beforeEach(() => {
    server.on('GET /api/products/5/', { body: makeProduct() });
  });

  it('starts from the product and sends only the changed field', async () => {
    server.on('PATCH /api/products/5/', { body: makeProduct({ min_price: '1.00', price: '1.00', updated_at: '2025-07-01T10:00:00Z' }) });
    const { user } = renderEdit();
    const min = await screen.findByLabelText('Minimum price (USD)');
    expect((min as HTMLInputElement).value).toBe('0.90');
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('1');
    expect(screen.getByRole('img', { name: 'Current thumbnail' })).toBeTruthy();

    await user.clear(min);
    await user.type(min, '1.00');
    await user.click(submit());
    await waitFor(() => expect(here().path).toBe('/products/5'));
    const form = formOf(server.callsTo('PATCH /api/products/5/')[0]);
    expect([...form.keys()]).toEqual(['min_price']);
    expect(form.get('min_price')).toBe('1.00');
    expect((await db.products.get(5))?.min_price).toBe('1.00');
  });

  it('sends nothing when nothing changed, and the removed gallery items by id', async () => {
    server.on('PATCH /api/products/5/', { body: makeProduct({ images: [] }) });
    const { user } = renderEdit();
    await screen.findByLabelText('Product name');
    await user.click(submit());
    expect(screen.getByText('No changes to save.')).toBeTruthy();
    expect(server.callsTo('PATCH /api/products/5/')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove Gallery item 2' }));
    await user.click(submit());
    await waitFor(() => expect(server.callsTo('PATCH /api/products/5/')).toHaveLength(1));
    const form = formOf(server.callsTo('PATCH /api/products/5/')[0]);
    expect(form.getAll('remove_image_ids')).toEqual(['2']);
    expect(form.has('name')).toBe(false);
  });
});
