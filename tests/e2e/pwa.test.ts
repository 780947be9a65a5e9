import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoProduct, e2e, launchWithProfile, skipBrowser, useBrowser, waitForServiceWorker } from './helpers';

/** Asks the worker controlling the page which build it is; only the test's "new build" answers. */
function controllerBuild(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const controller = navigator.serviceWorker.controller;
        if (!controller) return resolve(null);
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(event.data);
        controller.postMessage({ type: 'E2E_BUILD' }, [channel.port2]);
        // A worker without the handler never answers.
        setTimeout(() => resolve(null), 1500);
      }),
  );
}

/** The installable app (docs/architecture.md#how-it-runs): installability and updates of the service worker. */
describe.skipIf(skipBrowser)('the installable app (browser)', () => {
  const browser = useBrowser();

  it('is installable: Chrome reports no installability errors once the worker is active', async () => {
    // A private context always reports "in-incognito": installing needs a real profile.
    const chrome = await launchWithProfile();
    try {
      await chrome.page.goto('/');
      await waitForServiceWorker(chrome.page);
      const cdp = await chrome.context.newCDPSession(chrome.page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await chrome.close();
    }
    const manifest = await (await fetch(`${e2e.baseUrl}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/' });
  });

  it('offers "A new version is available — Reload" after a deploy, and Reload switches to the new version', async () => {
    const { page } = browser;
    const swFile = path.join(e2e.webDir, 'sw.js');
    const original = await readFile(swFile, 'utf8');
    const build = `build-${randomBytes(4).toString('hex')}`;

    await page.goto('/');
    await waitForServiceWorker(page);
    await page.getByRole('link', { name: 'Marketplace home' }).waitFor();
    const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
    expect(await prompt.count()).toBe(0);
    expect(await controllerBuild(page)).toBeNull();

    // "Deploy" a new build: a byte-different service worker that can say which build it is.
    await writeFile(
      swFile,
      `${original}\nself.addEventListener('message', (event) => { if (event.data && event.data.type === 'E2E_BUILD') event.ports[0].postMessage('${build}'); });\n`,
    );
    try {
      // The app's own check runs hourly; a check now stands in for the hour passing.
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())!.update();
      });
      await prompt.waitFor();
      // Not swapped under the user: the old version still runs until they choose to reload.
      expect(await controllerBuild(page)).toBeNull();

      // The page's background traffic (pictures saved ahead, the catalogue's pages) keeps the
      // old worker busy, which alone would hold the new one back: Reload still switches.
      // Each picture takes 5 s to come, so the old worker still has requests in flight when
      // the page reloads, and answers that reload itself.
      const { thumbnail_url } = await demoProduct();
      let slowed = 0;
      await page.context().route(/[?&]slow=1/, async (route) => {
        slowed++;
        await new Promise((resolve) => setTimeout(resolve, 5_000));
        await route.continue().catch(() => undefined);
      });
      await page.evaluate((picture) => {
        let n = 0;
        const keepBusy = async () => {
          for (;;) await fetch(`${picture}?slow=1&w=${200 + (n++ % 400)}`).then((r) => r.blob());
        };
        for (let i = 0; i < 4; i++) void keepBusy();
      }, thumbnail_url);
      // Which worker answered the page's own load, asked without sending the old one anything (an
      // event would keep it running, which holds the new one back): the worker the page started
      // under, once it is the newest.
      await page.addInitScript(() => {
        (window as { startedUnder?: ServiceWorker | null }).startedUnder = navigator.serviceWorker?.controller ?? null;
      });
      const reloaded = page.waitForEvent('load');
      await prompt.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      expect(slowed).toBeGreaterThan(0);
      // The old worker may answer that reload while it finishes its last requests; the page
      // then waits, quiet, and reloads once more as soon as the new worker takes over.
      const startedUnderNewest = () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          const started = (window as { startedUnder?: ServiceWorker | null }).startedUnder;
          return !!started && started === registration?.active && !registration.waiting;
        });
      await expect.poll(() => startedUnderNewest().catch(() => false), { timeout: 30_000, interval: 500 }).toBe(true);
      await page.getByRole('link', { name: 'Marketplace home' }).waitFor();
      expect(await controllerBuild(page)).toBe(build);
      expect(await prompt.count()).toBe(0);
      expect(await page.evaluate(() => sessionStorage.getItem('marketplace:update-pending'))).toBeNull();
    } finally {
      await writeFile(swFile, original);
    }
  });
});
