import { describe, expect, it, onTestFinished } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { DEMO_MODERATOR_EMAIL, DEMO_SUPPLIER_EMAIL } from '@server/seed/data';
import {
  apiGet,
  apiLogin,
  callAs,
  DEMO_BUYER,
  e2e,
  signInAsDemo,
  skipBrowser,
  useBrowser,
  waitForServiceWorker,
  waitOutSplash,
} from './helpers';

/** Browsing in a real browser against `npm start` with the demo catalogue: home, listings, search, favourites. */

const cards = (page: Page) => page.getByTestId('product-card');
const section = (page: Page, name: string) => page.getByRole('region', { name });

/** A word of a demo product's name that the server's search finds. */
async function searchableWord(): Promise<{ word: string; count: number }> {
  const { results } = await apiGet<{ results: Array<{ name: string }> }>('/api/products/?limit=50');
  for (const product of results) {
    const word = product.name.split(/\s+/).find((w) => /^[A-Za-z]{5,}$/.test(w));
    if (!word) continue;
    const { count } = await apiGet<{ count: number }>(`/api/products/?search=${encodeURIComponent(word)}&limit=1`);
    if (count > 0) return { word, count };
  }
  throw new Error('No searchable word in the demo catalogue');
}

async function axeSerious(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

describe.skipIf(skipBrowser)('browsing (browser)', () => {
  const browser = useBrowser();

  it('a guest goes from home to a category to a product', async () => {
    const { page } = browser;
    await page.goto('/');
    await section(page, 'Top rated').getByTestId('product-card').first().waitFor();
    // The sections below the first render just after it.
    await section(page, 'Hot selling').getByTestId('product-card').first().waitFor();
    await section(page, 'Explore').getByTestId('product-card').first().waitFor();
    await page.getByRole('region', { name: 'Featured banners' }).waitFor();

    await page.getByRole('button', { name: 'Categories' }).click();
    await page.getByRole('link', { name: 'Agriculture & Food' }).click();
    await page.waitForURL('**/category/1/Agriculture%20%26%20Food');
    await page.getByRole('heading', { level: 1, name: 'Agriculture & Food' }).waitFor();
    await page.getByText(/^\d+ products$/).waitFor();

    const first = cards(page).first();
    const name = (await first.getByRole('link').first().textContent())!;
    await first.getByRole('link', { name }).click();
    await page.waitForURL(/\/products\/\d+$/);
    await page.getByRole('heading', { level: 1, name }).waitFor();
  });

  it('searches with suggestions after two characters, by keyboard, and lists the results with their count', async () => {
    const { page } = browser;
    const { word, count } = await searchableWord();
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.click();
    await box.pressSequentially(word.slice(0, 1));
    await page.waitForTimeout(600);
    expect(await page.getByRole('option').count()).toBe(0);

    await box.pressSequentially(word.slice(1));
    await page.getByRole('option').first().waitFor();
    expect(await page.getByRole('option').count()).toBeLessThanOrEqual(5);
    const suggestion = (await page.getByRole('option').first().locator('.search-box__name').textContent())!;
    await box.press('ArrowDown');
    await box.press('Enter');
    await page.waitForURL(/\/products\/\d+$/);
    await page.getByRole('heading', { level: 1, name: suggestion }).waitFor();

    await box.fill(word);
    await page.getByRole('option').first().waitFor();
    await box.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(await box.inputValue()).toBe(word);
    await box.press('Enter');
    await page.waitForURL(`**/search/${encodeURIComponent(word)}`);
    await page.getByRole('heading', { level: 1, name: `Results for “${word}”` }).waitFor();
    await page.getByText(count === 1 ? '1 product' : `${count} products`, { exact: true }).waitFor();
    expect(await cards(page).count()).toBe(Math.min(count, 20));
  });

  it('a buyer favourites a product from its card and finds it under favourites', async () => {
    const { page } = browser;
    await signInAsDemo(page, DEMO_BUYER);
    await page.goto('/new-arrivals');
    const card = cards(page)
      .filter({ has: page.locator('button[aria-pressed="false"]') })
      .first();
    await card.waitFor();
    const name = (await card.getByRole('link').first().textContent())!;
    const heart = page.getByRole('button', { name: `Favorite: ${name}` }).first();
    await heart.click();
    await page.getByText('Added to favorites!').waitFor();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => heart.isDisabled()).toBe(false);

    await page.goto('/favorites');
    const saved = page.getByRole('button', { name: `Favorite: ${name}` });
    await saved.waitFor();
    expect(await saved.getAttribute('aria-pressed')).toBe('true');

    // Leave the shared demo account as it was.
    await saved.click();
    await page.getByText('Removed from favorites').waitFor();
    await saved.waitFor({ state: 'detached' });
  });

  it('the same screens render offline after one online visit', async () => {
    const { page, context } = browser;
    const { word } = await searchableWord();
    await signInAsDemo(page, DEMO_BUYER);
    const visits = [
      '/',
      `/search/${encodeURIComponent(word)}`,
      '/category/1/Agriculture%20%26%20Food',
      '/flash-deals',
      '/new-arrivals',
      '/favorites',
    ];
    for (const path of visits) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // The demo buyer has favourites: once shown, the device holds them.
      await cards(page).first().waitFor();
    }
    await waitForServiceWorker(page);

    await context.setOffline(true);
    for (const path of visits) {
      const response = await page.goto(path);
      expect(response?.ok(), path).toBe(true);
      await cards(page).first().waitFor();
      expect(await page.getByRole('alert').allTextContents(), path).toEqual([]);
    }
    // Offline, the search box suggests from the device and says so.
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.fill(word);
    await page.getByText('Offline: results from this device').waitFor();
    expect(await page.getByRole('option').count()).toBeGreaterThan(0);
    await context.setOffline(false);
  });

  it('the trust screens have no serious or critical accessibility violations in either theme: the report sheet, the blocked list, the verification page and the moderation queue', {
    timeout: 300_000,
  }, async () => {
    // Someone for the buyer's blocked list: another buyer, whom no other test has message the demo buyer.
    const buyer = await apiLogin(DEMO_BUYER.email);
    const other = await apiLogin('emeka.nwosu@demo.market');
    const blocked = await fetch(`${e2e.baseUrl}/api/users/${other.id}/block/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(blocked.status).toBe(204);
    onTestFinished(async () => {
      await fetch(`${e2e.baseUrl}/api/users/${other.id}/block/`, { method: 'DELETE', headers: { authorization: `Bearer ${buyer.token}` } });
    });
    // A card for the moderators' queue: the same buyer reported (dismissed when done).
    const reported = await callAs<{ id: number }>(buyer, 'POST', '/api/reports/', {
      target_type: 'user',
      target_id: other.id,
      reason: 'spam',
      details: 'Sends the same link to everyone.',
    });
    onTestFinished(async () => {
      const moderatorApi = await apiLogin(DEMO_MODERATOR_EMAIL);
      await callAs(moderatorApi, 'POST', `/api/moderation/reports/${reported.id}/resolve/`, { action: 'dismiss', reason: 'Test' });
    });
    const product = (await apiGet<{ results: Array<{ id: number; name: string }> }>('/api/products/?limit=1')).results[0];
    const as = async (email: string, firstName: string) => {
      const context = await browser.browser.newContext({ baseURL: e2e.baseUrl, viewport: { width: 360, height: 800 } });
      context.setDefaultTimeout(40_000);
      waitOutSplash(context);
      const page = await context.newPage();
      await signInAsDemo(page, { email, firstName });
      return { context, page };
    };
    const scan = async (page: Page, what: string, shown: () => Promise<unknown>) => {
      for (const theme of ['dark', 'light']) {
        await page.evaluate((value) => localStorage.setItem('theme', value), theme);
        await page.reload();
        await shown();
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        expect(await axeSerious(page), `${what} (${theme})`).toEqual([]);
      }
    };

    const chioma = await as(DEMO_BUYER.email, DEMO_BUYER.firstName);
    try {
      await chioma.page.goto(`/products/${product.id}`);
      await scan(chioma.page, 'report sheet', async () => {
        await chioma.page.getByRole('button', { name: 'Report product' }).click();
        await chioma.page.getByRole('dialog', { name: 'Report this product' }).waitFor();
      });
      await chioma.page.goto('/profile?tab=settings');
      await scan(chioma.page, 'blocked list', () =>
        chioma.page
          .getByRole('button', { name: /^Unblock / })
          .first()
          .waitFor(),
      );
    } finally {
      await chioma.context.close();
    }
    const supplier = await as(DEMO_SUPPLIER_EMAIL, 'Adebayo');
    try {
      await supplier.page.goto('/profile/verification');
      await scan(supplier.page, 'verification page', () => supplier.page.getByRole('heading', { level: 1 }).waitFor());
    } finally {
      await supplier.context.close();
    }
    const moderator = await as(DEMO_MODERATOR_EMAIL, 'Ngozi');
    try {
      await moderator.page.goto('/moderation');
      await scan(moderator.page, 'moderation queue', () =>
        moderator.page.getByRole('list', { name: 'Open reports' }).getByText('Sends the same link to everyone.').waitFor(),
      );
    } finally {
      await moderator.context.close();
    }
  });

  it('home and search have no serious or critical accessibility violations in either theme', async () => {
    const { page } = browser;
    const { word } = await searchableWord();
    for (const theme of ['dark', 'light']) {
      await page.goto('/');
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      for (const path of ['/', `/search/${encodeURIComponent(word)}`]) {
        await page.goto(path);
        await cards(page).first().waitFor();
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        expect(await axeSerious(page), `${path} (${theme})`).toEqual([]);
      }
    }
  });
});
