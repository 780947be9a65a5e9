import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { apiGet, DEMO_BUYER, OFFLINE_NOTICE, signInAsDemo, skipBrowser, useBrowser, waitForServiceWorker } from './helpers';

interface ApiProduct {
  id: number;
  name: string;
  images: unknown[];
  supplier: { id: number; first_name: string; supplier_profile: { company_name: string; is_verified: boolean } | null };
}
interface ApiReview {
  id: number;
  comment: string;
  reviewer: { first_name: string };
}

const products = async () => (await apiGet<{ results: ApiProduct[] }>('/api/products/?limit=100')).results;
const reviewsOf = async (id: number) => (await apiGet<{ results: ApiReview[] }>(`/api/products/${id}/reviews/?limit=100`)).results;

/** A demo product of a supplier with the badge, with more than one picture. */
async function verifiedProduct(): Promise<ApiProduct> {
  const found = (await products()).find((p) => p.supplier.supplier_profile?.is_verified && p.images.length > 1);
  if (!found) throw new Error('The demo catalogue has no product of a verified supplier with a gallery');
  return found;
}

/** A product the demo buyer has not reviewed yet. */
async function unreviewedProduct(): Promise<ApiProduct> {
  for (const product of await products()) {
    if (!(await reviewsOf(product.id)).some((r) => r.reviewer.first_name === DEMO_BUYER.firstName)) return product;
  }
  throw new Error('The demo buyer has reviewed every product');
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe.skipIf(skipBrowser)('product detail and seller page (browser)', () => {
  const browser = useBrowser();

  it('a guest opens a product, its gallery viewer, then its seller page', async () => {
    const { page } = browser;
    const product = await verifiedProduct();
    const company = product.supplier.supplier_profile!.company_name;
    await page.goto(`/products/${product.id}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    expect(await page.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(true);
    await page.getByText('Log in to message the seller.').waitFor();

    await page.getByRole('button', { name: /View picture 1 of \d+ full screen/ }).click();
    const viewer = page.getByRole('dialog', { name: 'Media viewer' });
    await viewer.waitFor();
    await page.keyboard.press('ArrowRight');
    await viewer.getByText(/^2 of \d+$/).waitFor();
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    await page.getByRole('link', { name: company, exact: true }).click();
    await page.waitForURL(`**/users/${product.supplier.id}`);
    await page.getByRole('heading', { level: 1, name: company }).waitFor();
    await page.getByText('Verified supplier', { exact: true }).waitFor();
    await page.getByText(/^Member since \d{4}$/).waitFor();
    await page.getByRole('link', { name: product.name, exact: true }).first().waitFor();
  });

  it('the demo buyer reviews a product, then edits the comment in place', async () => {
    const { page } = browser;
    const product = await unreviewedProduct();
    await signInAsDemo(page, DEMO_BUYER);
    await page.goto(`/products/${product.id}`);

    const form = page.getByRole('form', { name: 'Write a review' });
    await form.getByRole('button', { name: 'Submit review' }).click();
    await form.getByText('Please select a star rating.').waitFor();
    expect(await seriousViolations(page), 'review form with its error').toEqual([]);
    await form.getByRole('radio', { name: '4 stars' }).click();
    const comment = `Arrived well packed (${Date.now()})`;
    await form.getByLabel('Comment (optional)').fill(comment);
    await form.getByRole('button', { name: 'Submit review' }).click();
    await page.getByText('Thank you! You have reviewed this product.').waitFor();
    await expect
      .poll(async () => (await reviewsOf(product.id)).find((r) => r.comment === comment)?.reviewer.first_name)
      .toBe(DEMO_BUYER.firstName);

    const mine = page.getByRole('listitem').filter({ hasText: `${DEMO_BUYER.firstName} (you)` });
    await mine.getByRole('button', { name: 'Edit' }).click();
    await mine.getByRole('textbox', { name: 'Edit your comment' }).fill(`${comment}, and fresh`);
    await mine.getByRole('button', { name: 'Save' }).click();
    await mine.getByText(`${comment}, and fresh`).waitFor();
    await expect.poll(async () => (await reviewsOf(product.id)).some((r) => r.comment === `${comment}, and fresh`)).toBe(true);
    await mine.getByRole('button', { name: 'Edit' }).waitFor();
  });

  it('the product page renders offline after one online visit', async () => {
    const { page, context } = browser;
    const product = await verifiedProduct();
    await page.goto(`/products/${product.id}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.getByRole('heading', { name: /^Reviews/ }).waitFor();
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await page.reload();
    await page.getByText(OFFLINE_NOTICE).waitFor();
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.getByRole('link', { name: product.supplier.supplier_profile!.company_name, exact: true }).waitFor();
    expect(await page.getByText('Could not load product details. Please try again.').count()).toBe(0);
    await context.setOffline(false);
  });

  it('product and seller pages have no serious or critical accessibility violations, in both themes', async () => {
    const { page, context } = browser;
    const product = await verifiedProduct();
    for (const theme of ['dark', 'light']) {
      await context.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.goto(`/products/${product.id}`);
      await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
      await page.getByRole('heading', { name: 'Related products' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      expect(await seriousViolations(page), `product page, ${theme}`).toEqual([]);

      if (theme === 'dark') {
        // The viewer looks the same in both themes (always dark behind the picture): one scan.
        await page.getByRole('button', { name: /View picture 1 of \d+ full screen/ }).click();
        await page.getByRole('dialog', { name: 'Media viewer' }).waitFor();
        expect(await seriousViolations(page), 'media viewer').toEqual([]);
        await page.keyboard.press('Escape');
      }

      await page.goto(`/users/${product.supplier.id}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByTestId('product-card').first().waitFor();
      expect(await seriousViolations(page), `seller page, ${theme}`).toEqual([]);
    }
  });
});
