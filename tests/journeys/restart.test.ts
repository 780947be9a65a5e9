import { describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import {
  DEMO_BUYER,
  OFFLINE_NOTICE,
  chatBubble,
  e2e,
  signInAsDemo,
  skipBrowser,
  waitForServiceWorker,
  waitOutSplash,
} from '../e2e/helpers';
import { apiLogin, catalogue, favoriteIds, messageTexts, ownServer, storeCount } from './support';

/** The server dies (kill -9) mid-session and comes back on the same data: the buyer loses nothing. */
describe.skipIf(skipBrowser)('journey: the server killed and restarted mid-session', () => {
  it('changes made while the server is down wait on the device and arrive once after the restart', async () => {
    const server = await ownServer();
    const browser = await chromium.launch({
      executablePath: e2e.chromium,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-quic'],
    });
    try {
      const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
      context.setDefaultTimeout(40_000);
      waitOutSplash(context);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.stack ?? error.message));
      const api = await apiLogin(DEMO_BUYER.email, server.url);
      const favourites = new Set(await favoriteIds(api));
      const [chatProduct, heart] = (await catalogue(server.url)).filter((p) => !favourites.has(p.id));

      await signInAsDemo(page, DEMO_BUYER);
      await page.goto(`/products/${heart.id}`);
      await page.getByRole('heading', { level: 1, name: heart.name }).waitFor();
      await page.goto(`/products/${chatProduct.id}`);
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.waitForURL(/\/chat\/\d+$/);
      const conversation = Number(new URL(page.url()).pathname.split('/').pop());
      await page.getByLabel('Message', { exact: true }).fill('Before the crash');
      await page.keyboard.press('Enter');
      await expect.poll(() => messageTexts(api, conversation), { timeout: 30_000 }).toEqual(['Before the crash']);
      // From here on the app comes from the service worker: the server will be gone.
      await waitForServiceWorker(page);

      await server.kill();
      await page.getByLabel('Message', { exact: true }).fill('While the server was down');
      await page.keyboard.press('Enter');
      await chatBubble(page, 'While the server was down').getByText('Sending…').waitFor();
      // The browser still says it is online; the failed requests tell the app otherwise.
      await page.getByText(OFFLINE_NOTICE).waitFor({ timeout: 30_000 });
      await page.goto(`/products/${heart.id}`);
      await page.locator('button.favorite-button--wide').click();
      await page.getByText('2 changes wait to be sent').waitFor();

      await server.start();
      await expect.poll(() => storeCount(page, 'outbox'), { timeout: 60_000 }).toBe(0);
      await page.getByText(OFFLINE_NOTICE).waitFor({ state: 'detached' });
      expect(await messageTexts(api, conversation)).toEqual(['Before the crash', 'While the server was down']);
      expect((await favoriteIds(api)).filter((id) => id === heart.id)).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      await server.close();
    }
  }, 240_000);
});
