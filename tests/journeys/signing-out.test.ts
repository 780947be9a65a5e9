import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '@server/web';
import { e2e, greeting, productPageHeart, signInAsDemo, skipBrowser, useBrowser, waitForServiceWorker } from '../e2e/helpers';
import { apiLogin, catalogue, favoriteIds, freshProducts, ownServer, profileBrowser, tempDir } from './support';

/**
 * Sessions and signing out on a bad network, in real Chromium (docs/sync.md#outbox, #identity):
 * Settings' "Log out" asks the same question as the navbar's when changes wait; a sign-out made
 * offline ends the session on the server soon after the network returns; and a refresh whose
 * answer was lost, followed by minutes offline, does not sign the buyer out.
 */

const CHIOMA = { email: 'buyer@demo.market', firstName: 'Chioma' };
const AWA = { email: 'awa.diop@demo.market', firstName: 'Awa' };
const EMEKA = { email: 'emeka.nwosu@demo.market', firstName: 'Emeka' };

const status = (base: string, route: string, init: { token?: string; body?: unknown } = {}) =>
  fetch(`${base}${route}`, {
    method: init.body ? 'POST' : 'GET',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  }).then((r) => r.status);

describe.skipIf(skipBrowser)('journey: signing out, and sessions on a bad network', () => {
  const browser = useBrowser();

  it('"Log out" in Settings, offline with two changes waiting, says how many; waiting sends them, then signs out', async () => {
    const page = browser.page;
    const api = await apiLogin(CHIOMA.email);
    const products = await freshProducts(api, CHIOMA.firstName, 30, 2);
    await signInAsDemo(page, CHIOMA);
    for (const product of products) {
      await page.goto(`/products/${product.id}`);
      await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    }
    await page.goto('/profile?tab=settings');
    await page.getByRole('heading', { name: 'Session' }).waitFor();
    await waitForServiceWorker(page);

    await page.context().setOffline(true);
    for (const product of products) {
      await page.goto(`/products/${product.id}`);
      await productPageHeart(page).click();
      await expect.poll(() => productPageHeart(page).getAttribute('aria-pressed')).toBe('true');
    }
    await page.goto('/profile?tab=settings');
    await page
      .locator('section', { has: page.getByRole('heading', { name: 'Session' }) })
      .getByRole('button', { name: 'Log out' })
      .click();
    const question = page.getByRole('alertdialog', { name: 'Changes not sent yet' });
    await question.getByText('2 changes have not been sent yet. Signing out now drops them.').waitFor();

    // Cancel keeps everything; asking again and waiting sends them before signing out.
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/profile');
    expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).toBeTruthy();
    await page
      .locator('section', { has: page.getByRole('heading', { name: 'Session' }) })
      .getByRole('button', { name: 'Log out' })
      .click();
    await question.getByRole('button', { name: 'Wait until they are sent' }).click();
    await question.getByText('2 changes wait for the connection…').waitFor();
    await page.context().setOffline(false);
    await page.waitForURL(/\/login$/, { timeout: 30_000 });
    expect(await favoriteIds(api)).toEqual(expect.arrayContaining(products.map((p) => p.id)));
  });

  it('a sign-out made offline ends the session on the server within 30 s of the network coming back', async () => {
    const page = browser.page;
    await signInAsDemo(page, AWA);
    await waitForServiceWorker(page);
    const tokens = await page.evaluate(() => ({
      access: localStorage.getItem('access_token')!,
      refresh: localStorage.getItem('refresh_token')!,
    }));

    await page.context().setOffline(true);
    await greeting(page, AWA.firstName).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/login$/);
    await page.waitForTimeout(1_000);
    // The server never heard of it yet: the session is still good there.
    expect(await status(e2e.baseUrl, '/api/me/', { token: tokens.access })).toBe(200);

    await page.context().setOffline(false);
    const back = Date.now();
    await expect.poll(() => status(e2e.baseUrl, '/api/me/', { token: tokens.access }), { timeout: 30_000, interval: 250 }).toBe(401);
    console.info(`[sign-out] session ended on the server ${((Date.now() - back) / 1000).toFixed(1)} s after the network came back`);
    expect(await status(e2e.baseUrl, '/api/auth/token/refresh/', { body: { refresh: tokens.refresh } })).toBe(401);
  });

  it('a refresh whose answer was lost, then three minutes offline on the server clock, does not sign the buyer out', async () => {
    const clock = pathToFileURL(path.join(PROJECT_ROOT, 'tests/journeys/server-clock.mjs')).href;
    const server = await ownServer({ env: { NODE_OPTIONS: `--import ${clock}` } });
    const profile = await tempDir('mk-journey-profile-');
    const run = await profileBrowser(profile, { baseURL: server.url });
    try {
      const api = await apiLogin(EMEKA.email, server.url);
      const product = (await catalogue(server.url)).find((p) => p.supplier.id !== api.id)!;
      await signInAsDemo(run.page, EMEKA);
      await run.page.goto(`/products/${product.id}`);
      await run.page.getByRole('heading', { level: 1, name: product.name }).waitFor();
      await waitForServiceWorker(run.page);

      // The access token is no longer good: the favourite's request refreshes it. The server
      // rotates the pair, and its answer is lost as the device goes offline.
      let lost = 0;
      await run.context.route('**/api/auth/token/refresh/', async (route) => {
        lost += 1;
        await route.fetch().catch(() => undefined);
        await run.context.setOffline(true);
        // Going offline may have ended the request already.
        await route.abort('connectionreset').catch(() => undefined);
      });
      await run.page.evaluate(() => localStorage.setItem('access_token', 'expired.access.token'));
      await productPageHeart(run.page).click();
      await expect.poll(() => lost, { timeout: 20_000 }).toBeGreaterThan(0);
      await run.context.unroute('**/api/auth/token/refresh/');

      // Three minutes pass on the server while the device is offline.
      server.signal('SIGUSR2');
      await run.page.waitForTimeout(500);
      await run.context.setOffline(false);
      await expect.poll(() => favoriteIds(api), { timeout: 30_000, interval: 250 }).toContain(product.id);
      await run.page.reload();
      await greeting(run.page, EMEKA.firstName).waitFor();
      expect(run.errors).toEqual([]);
    } finally {
      await run.context.close();
      await server.close();
      await rm(profile, { recursive: true, force: true });
    }
  }, 240_000);
});
