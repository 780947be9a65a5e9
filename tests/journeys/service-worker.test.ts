import { describe, expect, it } from 'vitest';
import { DEMO_SUPPLIER_EMAIL } from '@server/seed/data';
import {
  DEMO_BUYER,
  apiLogin,
  callAs,
  chatBubble,
  e2e,
  launchWithProfile,
  productPageHeart,
  signInAsDemo,
  skipBrowser,
  startChat,
  waitForServiceWorker,
} from '../e2e/helpers';
import { api, closeTheApp, supplierProduct, watchNotificationsShown, workerRegistration } from '../e2e/push-support';

/**
 * The service worker's other wake-ups (docs/sync.md#leader-tab): the leaving app's Background
 * Sync, Periodic Background Sync and a notification's click. They hang on the worker's timing,
 * so they run with the journeys (npm run test:offline), alone rather than beside other suites.
 */

describe.skipIf(skipBrowser)('the service worker and the leaving app, periodic updates, notification clicks (browser)', () => {
  it('an app left with a message waiting asks for a Background Sync on the way out', async () => {
    const chrome = await launchWithProfile();
    try {
      const { context, page } = chrome;
      const supplier = await apiLogin(DEMO_SUPPLIER_EMAIL);
      await page.goto('/');
      await waitForServiceWorker(page);
      await signInAsDemo(page, DEMO_BUYER);
      const conversationId = await startChat(page, await supplierProduct(supplier, 2));
      const [worker] = context.serviceWorkers();
      const tags = () =>
        worker.evaluate(() =>
          (self as unknown as { registration: { sync: { getTags(): Promise<string[]> } } }).registration.sync.getTags(),
        );
      expect(await tags()).toEqual([]);

      await context.setOffline(true);
      const text = `Left on the bus, ${Date.now()}`;
      await page.getByLabel('Message', { exact: true }).fill(text);
      await page.keyboard.press('Enter');
      await chatBubble(page, text).getByText('Sending…').waitFor();
      await closeTheApp(page);
      await expect.poll(tags, { timeout: 20_000 }).toContain('outbox');
      expect(conversationId).toBeGreaterThan(0);
    } finally {
      await chrome.close();
    }
  }, 120_000);

  it('where Periodic Background Sync is granted, a wake-up with the app closed brings a favourite up to date', async () => {
    const chrome = await launchWithProfile();
    const supplier = await apiLogin(DEMO_SUPPLIER_EMAIL);
    const productId = await supplierProduct(supplier, 3);
    const { name } = await api<{ name: string }>(supplier, `/api/products/${productId}/`);
    try {
      const { context, page } = chrome;
      const pageCdp = await context.newCDPSession(page);
      await pageCdp.send('Browser.grantPermissions', { origin: e2e.baseUrl, permissions: ['periodicBackgroundSync'] });
      await page.goto('/');
      await waitForServiceWorker(page);
      await signInAsDemo(page, DEMO_BUYER);
      const periodicTags = () =>
        page.evaluate(async () => {
          const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
            periodicSync: { getTags(): Promise<string[]> };
          };
          return registration.periodicSync.getTags();
        });
      await expect.poll(periodicTags, { timeout: 20_000 }).toEqual(['favourites']);

      await page.goto(`/products/${productId}`);
      const heart = productPageHeart(page);
      if ((await heart.getAttribute('aria-pressed')) !== 'true') await heart.click();
      await expect.poll(async () => (await heart.getAttribute('aria-pressed')) === 'true', { timeout: 20_000 }).toBe(true);
      await closeTheApp(page);

      const renamed = `${name} (new season)`;
      await callAs(supplier, 'PATCH', `/api/products/${productId}/`, { name: renamed });
      const { cdp, registrationId } = await workerRegistration(context, page);
      await cdp.send('ServiceWorker.dispatchPeriodicSyncEvent', { origin: `${e2e.baseUrl}/`, registrationId, tag: 'favourites' });
      // The wake-up's work is done when the device's copy has the new name (read in the worker: no page is open).
      const [worker] = context.serviceWorkers();
      const storedName = () =>
        worker.evaluate(
          (id) =>
            new Promise<string | null>((resolve) => {
              const open = indexedDB.open('marketplace');
              open.onerror = () => resolve(null);
              open.onsuccess = () => {
                const read = open.result.transaction('products').objectStore('products').get(id);
                read.onsuccess = () => resolve((read.result as { name?: string } | undefined)?.name ?? null);
                read.onerror = () => resolve(null);
              };
            }),
          productId,
        );
      await expect.poll(storedName, { timeout: 30_000, interval: 250 }).toBe(renamed);

      // Opened with no network: the favourite already has its new name.
      await context.setOffline(true);
      await page.goto('/favorites');
      await page.getByRole('heading', { name: 'Favorites' }).first().waitFor();
      await page.getByText(renamed).first().waitFor({ timeout: 20_000 });
    } finally {
      await callAs(supplier, 'PATCH', `/api/products/${productId}/`, { name }).catch(() => undefined);
      await chrome.close();
    }
  }, 120_000);

  it("a click on a message's notification takes the open app to that conversation", async () => {
    const chrome = await launchWithProfile();
    try {
      const { context, page } = chrome;
      await context.grantPermissions(['notifications'], { origin: e2e.baseUrl });
      const supplier = await apiLogin(DEMO_SUPPLIER_EMAIL);
      await page.goto('/');
      await waitForServiceWorker(page);
      await signInAsDemo(page, DEMO_BUYER);
      const conversationId = await startChat(page, await supplierProduct(supplier, 4));
      await page.goto('/');

      const { cdp, registrationId } = await workerRegistration(context, page);
      const tag = `/chat/${conversationId}`;
      const [worker] = context.serviceWorkers();
      await watchNotificationsShown(worker);
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: `${e2e.baseUrl}/`,
        registrationId,
        data: JSON.stringify({ title: 'Marketplace', body: 'New message from Adebayo: Still there?', tag, url: tag, notifications: [] }),
      });
      // DevTools cannot click a notification: the worker is handed the click event the browser would send.
      // The push is handled in its own time (generous: CI runs other suites beside this one).
      await expect
        .poll(
          () =>
            worker.evaluate(async (tag) => {
              const scope = self as unknown as ServiceWorkerGlobalScope & { notificationsShown?: Promise<unknown>[] };
              // Read only once the push's notification is on display (see watchNotificationsShown).
              const shown = scope.notificationsShown ?? [];
              if (shown.length === 0) return false;
              await Promise.all(shown);
              const [notification] = await scope.registration.getNotifications({ tag });
              if (!notification) return false;
              scope.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
              return true;
            }, tag),
          { timeout: 30_000, interval: 250 },
        )
        .toBe(true);
      await page.waitForURL(`${e2e.baseUrl}${tag}`);
      // The conversation's page (nothing said in it yet: its composer).
      await page.getByLabel('Message', { exact: true }).waitFor();
      // The click also closes the notification.
      await expect
        .poll(
          () =>
            worker.evaluate(
              async (tag) => (await (self as unknown as ServiceWorkerGlobalScope).registration.getNotifications({ tag })).length,
              tag,
            ),
          { timeout: 30_000, interval: 250 },
        )
        .toBe(0);
    } finally {
      await chrome.close();
    }
  }, 120_000);
});
