import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import ProductFormScreen from '@/screens/products/ProductFormScreen';
import { fakeServer, here, renderScreen, signedInAs, type FakeServer } from '../harness';
import { supplier } from '@tests/web/helpers';
import { makeProduct, page } from './fixtures';

/** Quantity prices and the sample price on the product form (docs/api.md#quantity-tiers-and-samples). */
let server: FakeServer;
beforeEach(() => {
  server = fakeServer({ 'GET /api/categories/': { body: page([{ id: 1, name: 'Agriculture & Food' }]) } });
  signedInAs(server, supplier());
});

const png = () => new File([new Uint8Array(4).fill(1)], 'thumb.png', { type: 'image/png' });
const formOf = (call: { body: unknown }) => call.body as FormData;
const renderAdd = () => renderScreen(<ProductFormScreen />, { path: '/products/add', route: '/products/add' });
const renderEdit = () => renderScreen(<ProductFormScreen />, { path: '/products/5/edit', route: '/products/:id/edit' });
const submit = () => screen.getByRole('button', { name: /^(add product|save changes)$/i });
const addTier = () => screen.getByRole('button', { name: 'Add a price tier' });
const tier = (n: number) => screen.getByRole('group', { name: n === 1 ? 'Tier 1, from the minimum order quantity' : `Tier ${n}` });
const quantityOf = (n: number) => within(tier(n)).getByLabelText('From quantity') as HTMLInputElement;
const priceOf = (n: number) => within(tier(n)).getByLabelText('Unit price (USD)') as HTMLInputElement;
/** The error shown under a control, if any. */
const errorUnder = (input: HTMLElement) => {
  const id = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((part) => part.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
};

type User = ReturnType<typeof renderAdd>['user'];
async function fillProduct(user: User) {
  await user.type(await screen.findByLabelText('Product name'), 'Shea butter');
  await user.type(screen.getByLabelText('Description'), 'Raw, unrefined.');
  await user.selectOptions(screen.getByLabelText('Category'), '1');
  await user.type(screen.getByLabelText('Minimum price (USD)'), '10');
  await user.type(screen.getByLabelText('Maximum price (USD)'), '20');
  await user.type(screen.getByLabelText('Quantity in stock'), '1000');
  await user.type(screen.getByLabelText('Minimum order quantity'), '10');
  await user.upload(screen.getByLabelText('Thumbnail'), png());
}
async function typeInto(user: User, input: HTMLInputElement, text: string) {
  await user.clear(input);
  await user.type(input, text);
}

describe('ProductFormScreen: quantity prices in add mode', { timeout: 30_000 }, () => {
  it('adds rows up to five, the first following the minimum order, and removes any row', async () => {
    const { user } = renderAdd();
    await fillProduct(user);
    expect(screen.queryByRole('group', { name: /^Tier 1/ })).toBeNull();
    for (let i = 0; i < 5; i++) await user.click(addTier());
    expect(screen.queryByRole('button', { name: 'Add a price tier' })).toBeNull();
    expect((screen.getByRole('button', { name: '5 tiers at most' }) as HTMLButtonElement).disabled).toBe(true);

    expect(quantityOf(1).value).toBe('10');
    expect(quantityOf(1).readOnly).toBe(true);
    await typeInto(user, screen.getByLabelText('Minimum order quantity') as HTMLInputElement, '12');
    expect(quantityOf(1).value).toBe('12');

    await user.type(quantityOf(2), '50');
    await user.type(quantityOf(3), '100');
    await user.click(screen.getByRole('button', { name: 'Remove tier 2' }));
    expect(screen.getAllByRole('group', { name: /^Tier \d/ })).toHaveLength(4);
    expect(quantityOf(2).value).toBe('100');
    expect(screen.getByRole('button', { name: 'Add a price tier' })).toBeTruthy();
    // Removing the first row makes the next one the first: it starts at the minimum order.
    await user.click(screen.getByRole('button', { name: 'Remove tier 1' }));
    expect(quantityOf(1).value).toBe('12');
  });

  it('says under each cell what is wrong with it, then under each row which rule between tiers it breaks; sends nothing', async () => {
    const { user } = renderAdd();
    await fillProduct(user);
    for (let i = 0; i < 4; i++) await user.click(addTier());
    await user.type(priceOf(1), '25');
    await user.type(quantityOf(2), '10');
    await user.type(priceOf(2), '9');
    await user.type(quantityOf(3), '50');
    await user.type(priceOf(3), '15');
    await user.type(priceOf(4), '1.234');
    await user.type(screen.getByLabelText('Sample price (USD)'), '0');
    await user.click(submit());
    expect(errorUnder(quantityOf(4))).toBe('This field is required.');
    expect(errorUnder(priceOf(4))).toBe('Ensure that there are no more than 2 decimal places.');
    expect(errorUnder(screen.getByLabelText('Sample price (USD)'))).toBe('Ensure this value is greater than 0.');
    expect(document.activeElement).toBe(quantityOf(4));
    await user.type(quantityOf(4), '2.5');
    await user.click(submit());
    expect(errorUnder(quantityOf(4))).toBe('A valid integer is required.');

    // Once every cell reads, the rules between the tiers and the product's prices.
    await typeInto(user, quantityOf(4), '80');
    await typeInto(user, priceOf(4), '14');
    await typeInto(user, screen.getByLabelText('Sample price (USD)'), '30');
    await user.click(submit());
    expect(errorUnder(priceOf(1))).toBe('Each tier unit price must be between the minimum and the maximum price.');
    expect(errorUnder(quantityOf(1))).toBeUndefined();
    expect(errorUnder(quantityOf(2))).toBe('Each price tier must start at a larger quantity than the one before.');
    expect(errorUnder(priceOf(2))).toBe('Each tier unit price must be between the minimum and the maximum price.');
    expect(errorUnder(quantityOf(3))).toBeUndefined();
    expect(errorUnder(priceOf(3))).toBe('A price tier for more units cannot have a higher unit price.');
    expect(errorUnder(quantityOf(4))).toBeUndefined();
    expect(errorUnder(priceOf(4))).toBeUndefined();
    expect(errorUnder(screen.getByLabelText('Sample price (USD)'))).toBeUndefined();
    expect(document.activeElement).toBe(priceOf(1));
    expect(server.callsTo('POST /api/products/')).toHaveLength(0);
  });

  it("shows the server's price_tiers error over the rows", async () => {
    server.on('POST /api/products/', {
      status: 400,
      body: { price_tiers: ['Each tier unit price must be between the minimum and the maximum price.'] },
    });
    const { user } = renderAdd();
    await fillProduct(user);
    await user.click(addTier());
    await user.type(priceOf(1), '12');
    await user.click(submit());
    const shown = await screen.findAllByText(
      'Each tier unit price must be between the minimum and the maximum price.',
      {},
      { timeout: 10_000 },
    );
    const underRows = shown.find((e) => e.closest('fieldset')?.querySelector('legend')?.textContent === 'Quantity prices');
    expect(underRows?.getAttribute('role')).toBe('alert');
  });

  it('posts the tiers as a JSON string in USD with two decimals and the sample price', async () => {
    server.on('POST /api/products/', { status: 201, body: makeProduct({ id: 77 }) });
    const { user } = renderAdd();
    await fillProduct(user);
    for (let i = 0; i < 3; i++) await user.click(addTier());
    await user.type(priceOf(1), '20');
    await user.type(quantityOf(2), '100');
    await user.type(priceOf(2), '15.5');
    await user.type(quantityOf(3), '500');
    await user.type(priceOf(3), '15.5');
    await user.type(screen.getByLabelText('Sample price (USD)'), '30');
    await user.click(submit());
    await waitFor(() => expect(here().path).toBe('/products/77'));
    const form = formOf(server.callsTo('POST /api/products/')[0]);
    expect(JSON.parse(form.get('price_tiers') as string)).toEqual([
      { min_quantity: 10, unit_price: '20.00' },
      { min_quantity: 100, unit_price: '15.50' },
      { min_quantity: 500, unit_price: '15.50' },
    ]);
    expect(form.get('sample_price')).toBe('30.00');
  });

  it('sends neither without tiers or a sample price', async () => {
    server.on('POST /api/products/', { status: 201, body: makeProduct({ id: 77 }) });
    const { user } = renderAdd();
    await fillProduct(user);
    await user.click(submit());
    await waitFor(() => expect(here().path).toBe('/products/77'));
    const form = formOf(server.callsTo('POST /api/products/')[0]);
    expect(form.has('price_tiers')).toBe(false);
    expect(form.has('sample_price')).toBe(false);
  });
});

describe('ProductFormScreen: quantity prices in edit mode', { timeout: 30_000 }, () => {
  const tiered = makeProduct({
    price_tiers: [
      { min_quantity: 50, unit_price: '1.20' },
      { min_quantity: 500, unit_price: '1.00' },
    ],
    sample_price: '3.00',
  });

  it('shows the current tiers and sample price, and sends nothing when they are unchanged', async () => {
    server.on('GET /api/products/5/', { body: tiered });
    const { user } = renderEdit();
    await screen.findByLabelText('Product name');
    expect([quantityOf(1).value, priceOf(1).value, quantityOf(2).value, priceOf(2).value]).toEqual(['50', '1.20', '500', '1.00']);
    expect((screen.getByLabelText('Sample price (USD)') as HTMLInputElement).value).toBe('3.00');
    await user.click(submit());
    expect(screen.getByText('No changes to save.')).toBeTruthy();
    expect(server.callsTo('PATCH /api/products/5/')).toHaveLength(0);
  });

  it('sends the whole new list when a tier changes, and clears the sample price when blanked', async () => {
    server.on('GET /api/products/5/', { body: tiered });
    server.on('PATCH /api/products/5/', { body: makeProduct() });
    const { user } = renderEdit();
    await screen.findByLabelText('Product name');
    await typeInto(user, priceOf(2), '0.95');
    await user.clear(screen.getByLabelText('Sample price (USD)'));
    await user.click(submit());
    await waitFor(() => expect(here().path).toBe('/products/5'));
    const form = formOf(server.callsTo('PATCH /api/products/5/')[0]);
    expect([...form.keys()]).toEqual(['price_tiers', 'sample_price']);
    expect(JSON.parse(form.get('price_tiers') as string)).toEqual([
      { min_quantity: 50, unit_price: '1.20' },
      { min_quantity: 500, unit_price: '0.95' },
    ]);
    expect(form.get('sample_price')).toBe('');
  });

  it('moves the first tier with the minimum order, and removing every tier sends an empty list', async () => {
    server.on('GET /api/products/5/', { body: tiered });
    server.on('PATCH /api/products/5/', { body: makeProduct() });
    const { user } = renderEdit();
    const moq = (await screen.findByLabelText('Minimum order quantity')) as HTMLInputElement;
    await typeInto(user, moq, '60');
    expect(quantityOf(1).value).toBe('60');
    await user.click(screen.getByRole('button', { name: 'Remove tier 2' }));
    await user.click(screen.getByRole('button', { name: 'Remove tier 1' }));
    await user.click(submit());
    await waitFor(() => expect(here().path).toBe('/products/5'));
    const form = formOf(server.callsTo('PATCH /api/products/5/')[0]);
    expect(form.get('minimum_order_quantity')).toBe('60');
    expect(form.get('price_tiers')).toBe('[]');
    expect(form.has('sample_price')).toBe(false);
  });
});
