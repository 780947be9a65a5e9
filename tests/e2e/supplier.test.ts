import { describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from 'playwright-core';
import { e2e, otpFromMail, signIn, skipBrowser, useBrowser } from './helpers';

/**
 * The supplier tools and the account screens against the real server (docs/product.md#roles-and-permissions): products
 * added, edited (only the changed field sent), put on a flash deal and deleted; the account's
 * currency followed by every price; account deletion. Each test makes its own account, so the
 * demo accounts other files use stay as they are.
 */

const PASSWORD = 'Kestrel-harbour-73';
// A valid 1×1 PNG: the server checks uploads by content.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

async function call<T = any>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (typeof init.body === 'string') headers.set('Content-Type', 'application/json');
  const response = await fetch(`${e2e.baseUrl}${path}`, { ...init, headers });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** A new verified account of that type, made through the API (sign-up, emailed code, onboarding). */
async function newAccount(type: 'SUPPLIER' | 'BUYER') {
  const email = `c3-${type.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const { registration_token } = await call<{ registration_token: string }>('/api/auth/registration/', {
    method: 'POST',
    body: JSON.stringify({
      first_name: 'Zeynep',
      last_name: 'Kaya',
      email,
      phone_number: '+905321234567',
      country: 'TR',
      password1: PASSWORD,
      password2: PASSWORD,
    }),
  });
  // The registration token proves this client made the sign-up, so the password stays usable.
  const { access } = await call<{ access: string }>('/api/auth/otp/verify/', {
    method: 'POST',
    body: JSON.stringify({ email, otp: await otpFromMail(email), registration_token }),
  });
  const categories = await call<{ results: Array<{ id: number }> } | Array<{ id: number }>>('/api/categories/');
  const categoryId = (Array.isArray(categories) ? categories : categories.results)[0].id;
  const setup =
    type === 'SUPPLIER'
      ? { account_type: type, company_name: 'Kaya Tekstil', industry_ids: [categoryId] }
      : { account_type: type, name: 'Zeynep Kaya', category_ids: [categoryId] };
  await call('/api/me/set-account-type/', { method: 'POST', token: access, body: JSON.stringify(setup) });
  return { email, token: access, categoryId };
}

async function signInAs(page: Page, email: string) {
  await page.goto('/login');
  await signIn(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Hi, Zeynep' }).waitFor();
}

/** Field names of a multipart request body. */
function multipartFields(request: Request): string[] {
  const body = request.postDataBuffer()?.toString('latin1') ?? '';
  return [...body.matchAll(/name="([^"]+)"/g)].map((m) => m[1]);
}

async function expectNoSeriousAxeViolations(page: Page, ready: () => Promise<unknown>) {
  for (const theme of ['dark', 'light']) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    await page.reload();
    await ready();
    const { violations } = await new AxeBuilder({ page: page as never }).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${theme} ${page.url()}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
}

/** A datetime-local value `hours` from now, in the browser's time zone. */
function localIn(hours: number): string {
  const d = new Date(Date.now() + hours * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

describe.skipIf(skipBrowser)('supplier tools and account screens', () => {
  const browser = useBrowser();

  it('adds a product with a thumbnail and two gallery images, edits only its price, runs a flash deal and deletes another', async () => {
    const { page } = browser;
    const account = await newAccount('SUPPLIER');
    await signInAs(page, account.email);

    await page.goto('/products/add');
    await page.getByLabel('Product name').fill('Handwoven Kilim Rug');
    await page.getByLabel('Description').fill('Wool kilim from Usak, 120 x 180 cm.');
    await page.getByLabel('Category').selectOption(String(account.categoryId));
    await page.getByLabel('Minimum price (USD)').fill('80');
    await page.getByLabel('Maximum price (USD)').fill('120.50');
    await page.getByLabel('Quantity in stock').fill('40');
    await page.getByLabel('Minimum order quantity').fill('2');
    await page.getByLabel('Thumbnail').setInputFiles(png('kilim.png'));
    await page.getByLabel('Gallery images or videos').setInputFiles([png('kilim-front.png'), png('kilim-back.png')]);
    await page.getByText('2 of 10 files.').waitFor();
    await expectNoSeriousAxeViolations(page, () => page.getByLabel('Product name').waitFor());
    // The reload for the axe scan emptied the form: fill it again and save.
    await page.getByLabel('Product name').fill('Handwoven Kilim Rug');
    await page.getByLabel('Description').fill('Wool kilim from Usak, 120 x 180 cm.');
    await page.getByLabel('Category').selectOption(String(account.categoryId));
    await page.getByLabel('Minimum price (USD)').fill('80');
    await page.getByLabel('Maximum price (USD)').fill('120.50');
    await page.getByLabel('Quantity in stock').fill('40');
    await page.getByLabel('Minimum order quantity').fill('2');
    await page.getByLabel('Thumbnail').setInputFiles(png('kilim.png'));
    await page.getByLabel('Gallery images or videos').setInputFiles([png('kilim-front.png'), png('kilim-back.png')]);
    await page.getByRole('button', { name: 'Add product', exact: true }).click();
    await page.waitForURL(/\/products\/\d+$/);
    const productId = Number(new URL(page.url()).pathname.split('/').pop());
    const created = await call(`/api/products/${productId}/`);
    expect(created).toMatchObject({
      name: 'Handwoven Kilim Rug',
      min_price: '80.00',
      max_price: '120.50',
      quantity_in_stock: 40,
      minimum_order_quantity: 2,
    });
    expect(created.images).toHaveLength(2);
    expect(created.thumbnail_url).toMatch(/^\/media\//);

    // Edit: only the changed price goes to the server.
    await page.goto(`/products/${productId}/edit`);
    await expect.poll(() => page.getByLabel('Minimum price (USD)').inputValue()).toBe('80.00');
    await expectNoSeriousAxeViolations(page, () => page.getByRole('button', { name: 'Start flash deal' }).waitFor());
    await page.getByLabel('Minimum price (USD)').fill('75');
    const patch = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().endsWith(`/api/products/${productId}/`));
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect(multipartFields(await patch)).toEqual(['min_price']);
    await page.waitForURL(new RegExp(`/products/${productId}$`));
    expect(await call(`/api/products/${productId}/`)).toMatchObject({
      min_price: '75.00',
      name: 'Handwoven Kilim Rug',
      max_price: '120.50',
    });

    // A flash deal below the minimum price, ending in two days.
    await page.goto(`/products/${productId}/edit`);
    await page.getByLabel('Deal price (USD)').fill('60');
    await page.getByLabel('Deal ends at').fill(localIn(48));
    await page.getByRole('button', { name: 'Start flash deal' }).click();
    await page.getByText('The flash deal has started.').waitFor();
    const deals = await call(`/api/products/flash-deals/?limit=100`);
    expect(deals.results.find((p: { id: number }) => p.id === productId)).toMatchObject({ price: '60.00', min_price: '75.00' });

    // Another product, deleted from "my listings" after the confirmation.
    const form = new FormData();
    for (const [key, value] of Object.entries({
      name: 'Copper Coffee Pot',
      description: 'Hammered copper cezve.',
      min_price: '9',
      max_price: '12',
      quantity_in_stock: '30',
      minimum_order_quantity: '1',
      category_id: String(account.categoryId),
    }))
      form.append(key, value);
    form.append('thumbnail', new Blob([PNG], { type: 'image/png' }), 'pot.png');
    const other = await call<{ id: number }>('/api/products/', { method: 'POST', token: account.token, body: form });
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Copper Coffee Pot', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Handwoven Kilim Rug', exact: true }).waitFor();
    await expectNoSeriousAxeViolations(page, () => page.getByRole('link', { name: 'Copper Coffee Pot', exact: true }).waitFor());
    let question = '';
    page.once('dialog', (dialog) => {
      question = dialog.message();
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Delete Copper Coffee Pot' }).click();
    await page.getByRole('link', { name: 'Copper Coffee Pot', exact: true }).waitFor({ state: 'detached' });
    expect(question).toBe('Are you sure you want to delete this product?');
    expect((await fetch(`${e2e.baseUrl}/api/products/${other.id}/`)).status).toBe(404);
    expect(await page.getByRole('link', { name: 'Handwoven Kilim Rug', exact: true }).isVisible()).toBe(true);
  }, 180_000);

  it('changes the currency in the settings and every price on screen follows', async () => {
    const { page } = browser;
    const account = await newAccount('BUYER');
    await signInAs(page, account.email);
    await page.goto('/new-arrivals');
    await page.getByTestId('product-card').first().waitFor();
    expect(await page.getByTestId('product-card').first().textContent()).toContain('$');

    await page.goto('/profile?tab=settings');
    await expectNoSeriousAxeViolations(page, () => page.getByRole('button', { name: 'Update password' }).waitFor());
    await page.getByLabel('Currency', { exact: true }).selectOption('TRY');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings updated!').waitFor();
    expect((await call('/api/me/', { token: account.token })).currency).toBe('TRY');

    await page.goto('/new-arrivals');
    await page.getByTestId('product-card').first().waitFor();
    const prices = await page.locator('[data-testid="product-card"] .price').allTextContents();
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((p) => p.includes('₺') && !p.includes('$'))).toBe(true);

    // The details tab passes axe too.
    await page.goto('/profile?tab=details');
    await expectNoSeriousAxeViolations(page, () => page.getByRole('link', { name: 'Edit profile' }).waitFor());
  }, 120_000);

  it('deletes the account with its password, then signs out on /login', async () => {
    const { page } = browser;
    const account = await newAccount('BUYER');
    await signInAs(page, account.email);
    await page.goto('/profile?tab=settings');
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('Password is required to confirm deletion.').waitFor();
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('Account deleted successfully.').waitFor();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.getByRole('button', { name: 'Hi, Zeynep' }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    const login = await fetch(`${e2e.baseUrl}/api/auth/login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: PASSWORD }),
    });
    expect(login.status).toBeGreaterThanOrEqual(400);
  }, 120_000);
});
