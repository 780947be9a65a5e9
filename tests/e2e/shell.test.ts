import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2e, skipBrowser, useBrowser } from './helpers';

const htmlAttribute = (page: Page, name: string) => page.evaluate((n) => document.documentElement.getAttribute(n), name);

/** docs/product.md#who-it-is-for and #screens: languages, theme and unknown paths, as a visitor sees them. */
describe.skipIf(skipBrowser)('the app shell (browser)', () => {
  const browser = useBrowser();

  it('switches the visible language to French, then Turkish, and keeps the choice after a reload', async () => {
    const { page } = browser;
    await page.goto('/');
    await page.getByRole('link', { name: 'Flash deals', exact: true }).waitFor();
    expect(await htmlAttribute(page, 'lang')).toBe('en');

    await page.getByRole('button', { name: 'FR', exact: true }).click();
    await page.getByRole('link', { name: 'Ventes flash', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Accueil', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Les mieux notés' }).waitFor();
    expect(await htmlAttribute(page, 'lang')).toBe('fr');
    expect(await page.getByRole('link', { name: 'Flash deals', exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'TR', exact: true }).click();
    await page.getByRole('link', { name: 'Flaş fırsatlar', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Ana sayfa', exact: true }).waitFor();
    expect(await htmlAttribute(page, 'lang')).toBe('tr');

    await page.reload();
    await page.getByRole('link', { name: 'Yeni gelenler', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'En yüksek puanlılar' }).waitFor();
    expect(await htmlAttribute(page, 'lang')).toBe('tr');
    expect(await page.getByRole('button', { name: 'TR', exact: true }).getAttribute('aria-pressed')).toBe('true');
  });

  it('starts dark even when the system prefers light, switches to light and keeps it after a reload', async () => {
    const { page } = browser;
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    const toLight = page.getByRole('button', { name: 'Switch to light theme' });
    await toLight.waitFor();
    expect(await htmlAttribute(page, 'data-theme')).toBe('dark');

    await toLight.click();
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
    expect(await htmlAttribute(page, 'data-theme')).toBe('light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');

    await page.reload();
    // Applied before the app starts (the inline script), so the page never flashes dark.
    expect(await htmlAttribute(page, 'data-theme')).toBe('light');
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
  });

  it("shows '404: Page Not Found' for an unknown path, inside the shell", async () => {
    const { page } = browser;
    const response = await page.goto('/no-such-page/anywhere');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: '404: Page Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Marketplace home' }).waitFor();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.getByRole('heading', { name: '404: Page Not Found' }).count()).toBe(0);
  });
});

describe.skipIf(skipBrowser)('the Content Security Policy (browser)', () => {
  const browser = useBrowser();

  it('runs the app under it, with the theme script allowed by its hash, and blocks an injected script', async () => {
    const res = await fetch(`${e2e.baseUrl}/`);
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(policy).toContain("frame-ancestors 'none'");

    // A separate context: the blocked script below is expected to be reported.
    const context = await browser.browser.newContext({ baseURL: e2e.baseUrl });
    try {
      const page = await context.newPage();
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await page.goto('/');
      await page.getByRole('link', { name: 'Marketplace home' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('dark');
      expect(violations).toEqual([]);
      const injected = await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.__injected = true';
        document.head.append(script);
        return (window as unknown as { __injected?: boolean }).__injected === true;
      });
      expect(injected).toBe(false);
    } finally {
      await context.close();
    }
  });
});
