/**
 * Screenshots of the screens the offline work changed (the "server is having trouble" banner,
 * the sign-out question, the sign-in that cannot reach the server) at 390 and 1280 px, both
 * themes, English and Turkish, against a server already running at SHOTS_URL. Run by hand:
 * SHOTS_URL=http://127.0.0.1:3000 SHOTS_DIR=/tmp/shots npx tsx bench/offline-screens.ts
 */
import { mkdir } from 'node:fs/promises';
import { chromium, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../server/seed/data';

const URL_BASE = process.env.SHOTS_URL ?? 'http://127.0.0.1:3000';
const DIR = process.env.SHOTS_DIR ?? '/tmp/offline-shots';
const BUYER = 'awa.diop@demo.market';

async function signIn(page: Page) {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(BUYER);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

async function main() {
  await mkdir(DIR, { recursive: true });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const product = ((await (await fetch(`${URL_BASE}/api/products/?limit=1`)).json()) as { results: Array<{ id: number }> }).results[0];
  for (const width of [390, 1280])
    for (const theme of ['dark', 'light'])
      for (const lang of ['en', 'tr']) {
        const name = (what: string) => `${DIR}/${what}-${width}-${theme}-${lang}.png`;
        const context = await browser.newContext({ baseURL: URL_BASE, viewport: { width, height: 800 } });
        await context.addInitScript(
          ([t, l]) => {
            localStorage.setItem('theme', t);
            localStorage.setItem('language', l);
          },
          [theme, lang],
        );
        const page = await context.newPage();
        // The sign-in that cannot reach the server.
        await page.goto('/login');
        await page.locator('input[name="email"]').fill(BUYER);
        await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
        await page.route('**/api/auth/login/', (route) => route.abort('connectionrefused'));
        await page.locator('form button[type="submit"]').click();
        await page.waitForTimeout(800);
        await page.screenshot({ path: name('login-unreachable') });
        await page.unroute('**/api/auth/login/');
        await signIn(page);
        // The server in trouble, one change waiting.
        await page.goto(`/products/${product.id}`);
        await page.locator('button.favorite-button--wide').waitFor();
        await context.route('**/api/**', (route) =>
          route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"x"}' }),
        );
        await page.locator('button.favorite-button--wide').click();
        await page.locator('.offline-banner--trouble').waitFor();
        await page.waitForTimeout(500);
        await page.screenshot({ path: name('server-trouble') });
        // The sign-out question.
        if (width >= 1000) {
          await page.locator('.profile-button').click();
          await page.locator('.dropdown__item').last().click();
        } else {
          // Phones reach it from Settings (the navbar's menu is for wide screens).
          await page.goto('/profile?tab=settings');
          await page.locator('section[aria-labelledby="settings-session"] button').click();
        }
        await page.getByRole('alertdialog').waitFor();
        await page.waitForTimeout(300);
        await page.screenshot({ path: name('sign-out') });
        // Clean up: the change is undone so the next run starts the same.
        await page.keyboard.press('Escape');
        await context.unrouteAll({ behavior: 'ignoreErrors' });
        await page.goto(`/products/${product.id}`);
        await page.locator('button.favorite-button--wide').click();
        await page.waitForTimeout(1500);
        await context.close();
      }
  await browser.close();
  console.log(`screenshots in ${DIR}`);
}

await main();
