import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Request } from 'playwright-core';
import { APP_VERSION } from '@/shared/app-version';
import { PROJECT_ROOT } from '@server/web';
import { CHROMIUM_ARGS } from '../chromium';
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
import { previousRelease, type PreviousRelease } from './previous-release';
import { apiLogin, catalogue, favoriteIds, messageTexts, ownServer, storeCount } from './support';

/**
 * A deploy that never breaks an installed app (docs/operations.md#releases-and-compatibility):
 * the previous release (tests/journeys/previous-release.txt), server and app, runs on a data folder;
 * a buyer installs its app (the service worker active) and queues changes while the server is
 * down. This release's server then starts on the same folder (its migrations run forward) and
 * hands out this release's app. The installed app finds the update, the buyer takes it, and the
 * updated app, on the local database the old one left, sends each queued change once.
 */
let previous: PreviousRelease;
let browser: Browser;

beforeAll(async () => {
  if (skipBrowser) return;
  previous = await previousRelease((message) => console.log(message));
  browser = await chromium.launch({ executablePath: e2e.chromium, headless: true, args: CHROMIUM_ARGS });
}, 15 * 60_000);
afterAll(async () => browser?.close());

describe.skipIf(skipBrowser)('journey: an app installed from the previous release, and a deploy of this one', () => {
  it(
    'the queued changes survive the deploy and the update, and arrive once',
    async () => {
      const server = await ownServer({ code: { root: previous.root, webDir: previous.webDir } });
      const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
      try {
        context.setDefaultTimeout(40_000);
        waitOutSplash(context);
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.stack ?? error.message));
        const api = await apiLogin(DEMO_BUYER.email, server.url);
        const favourites = new Set(await favoriteIds(api));
        const [chatProduct, heart] = (await catalogue(server.url)).filter((p) => !favourites.has(p.id));

        // The previous release's app, installed: signed in, one message sent, the worker in control.
        await signInAsDemo(page, DEMO_BUYER);
        await page.goto(`/products/${heart.id}`);
        await page.getByRole('heading', { level: 1, name: heart.name }).waitFor();
        await page.goto(`/products/${chatProduct.id}`);
        await page.getByRole('button', { name: 'Send message' }).click();
        await page.waitForURL(/\/chat\/\d+$/);
        const conversation = Number(new URL(page.url()).pathname.split('/').pop());
        await page.getByLabel('Message', { exact: true }).fill('Sent by the previous release');
        await page.keyboard.press('Enter');
        await expect.poll(() => messageTexts(api, conversation), { timeout: 30_000 }).toEqual(['Sent by the previous release']);
        await waitForServiceWorker(page);

        // The server goes down for the deploy; the buyer carries on.
        await server.kill();
        await page.getByLabel('Message', { exact: true }).fill('Queued before the deploy');
        await page.keyboard.press('Enter');
        await chatBubble(page, 'Queued before the deploy').getByText('Sending…').waitFor();
        await page.getByText(OFFLINE_NOTICE).waitFor({ timeout: 30_000 });
        await page.goto(`/products/${heart.id}`);
        await page.locator('button.favorite-button--wide').click();
        await page.getByText('2 changes wait to be sent').waitFor();
        expect(await storeCount(page, 'outbox')).toBe(2);

        // This release on the same data folder and origin. The API stays out of the old app's
        // reach until it has updated, so the changes can only go out from the new version.
        const refuse = (route: import('playwright-core').Route) => route.abort('connectionrefused');
        await context.route('**/api/**', refuse);
        await server.start({ root: PROJECT_ROOT, webDir: e2e.webDir });
        // The browser looks for a new worker on navigations and the app every hour; a check now stands in.
        await page.evaluate(async () => {
          await (await navigator.serviceWorker.getRegistration())?.update();
        });
        const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
        await prompt.waitFor({ timeout: 60_000 });
        expect(await storeCount(page, 'outbox')).toBe(2);

        // The page's requests and its worker's (a Background Sync the old app asked for may wake the new worker).
        const stated: Request[] = [];
        context.on('request', (request) => {
          if (request.url().includes('/api/') && request.headers()['x-app-version'] === String(APP_VERSION)) stated.push(request);
        });
        await prompt.getByRole('button', { name: 'Reload' }).click();
        // The page runs this release: its requests state its version, which the old app never did.
        await expect.poll(() => stated.length, { timeout: 60_000 }).toBeGreaterThan(0);
        await page.getByRole('link', { name: 'Marketplace home' }).waitFor();
        expect(await storeCount(page, 'outbox')).toBe(2);

        await context.unroute('**/api/**', refuse);
        await expect.poll(() => storeCount(page, 'outbox'), { timeout: 60_000 }).toBe(0);
        expect(await messageTexts(api, conversation)).toEqual(['Sent by the previous release', 'Queued before the deploy']);
        expect((await favoriteIds(api)).filter((id) => id === heart.id)).toHaveLength(1);
        // Sent by the new version, which states its version with each.
        const sends = stated.filter((r) => r.method() === 'POST').map((r) => new URL(r.url()).pathname);
        expect(sends).toEqual(expect.arrayContaining(['/api/favorites/', `/api/conversations/${conversation}/messages/`]));
        expect(errors).toEqual([]);
      } finally {
        await context.close();
        await server.close();
      }
    },
    10 * 60_000,
  );
});
