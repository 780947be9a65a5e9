import { describe, expect, it } from 'vitest';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
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
  type Session,
  waitForServiceWorker,
} from './helpers';

/**
 * The service worker with no page of the app open (docs/sync.md): a push shows a notification
 * and stores the new message on the device, so the app shows it at once even offline; a
 * message queued offline goes out on a Background Sync event, exactly once. Headless Chromium
 * has no push service, so the push is delivered through DevTools, as the browser would.
 */

const api = <T = any>(session: Session, path: string, body?: unknown): Promise<T> =>
  callAs<T>(session, body === undefined ? 'GET' : 'POST', path, body);

async function supplierProduct(supplier: Session, index: number): Promise<number> {
  const page = await api<{ results: Array<{ id: number }> }>(supplier, `/api/products/?supplier=${supplier.id}&limit=20`);
  return page.results[page.results.length - 1 - index].id;
}

/** The app's worker registration, as DevTools sees it. */
async function workerRegistration(context: BrowserContext, page: Page): Promise<{ cdp: CDPSession; registrationId: string }> {
  const cdp = await context.newCDPSession(page);
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL === `${e2e.baseUrl}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return { cdp, registrationId: await found };
}

/** No page of the app is open: the worker alone holds the device's data and outbox. */
async function closeTheApp(page: Page): Promise<void> {
  await page.goto('about:blank');
}

describe.skipIf(skipBrowser)('the service worker with the app closed (browser)', () => {
  it('a push shows a notification and stores the new message, which the app then shows offline', async () => {
    const chrome = await launchWithProfile();
    try {
      const { context, page } = chrome;
      await context.grantPermissions(['notifications'], { origin: e2e.baseUrl });
      const supplier = await apiLogin(DEMO_SUPPLIER_EMAIL);
      const buyer = await apiLogin(DEMO_BUYER.email);
      await page.goto('/');
      await waitForServiceWorker(page);
      await signInAsDemo(page, DEMO_BUYER);
      const conversationId = await startChat(page, await supplierProduct(supplier, 0));
      await closeTheApp(page);

      const reply = `Ready to ship, ${Date.now()}`;
      await api(supplier, `/api/conversations/${conversationId}/messages/`, { text: reply });
      const { results } = await api<{ results: Array<{ link: string | null }> }>(buyer, '/api/notifications/');
      const notification = results.find((n) => n.link === `/chat/${conversationId}`);
      expect(notification).toBeDefined();

      const { cdp, registrationId } = await workerRegistration(context, page);
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: `${e2e.baseUrl}/`,
        registrationId,
        data: JSON.stringify({
          ...notification,
          title: 'Marketplace',
          body: `New message from Adebayo: ${reply}`,
          tag: `/chat/${conversationId}`,
          url: `/chat/${conversationId}`,
          language: 'en',
          notifications: [notification],
        }),
      });

      // Opened with no network at all: what the push brought is already on the device.
      await page.waitForTimeout(1500);
      await context.setOffline(true);
      await page.goto(`/chat/${conversationId}`);
      await chatBubble(page, reply).waitFor({ timeout: 20_000 });
      const shown = await page.evaluate(async (tag) => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications({ tag })).map((n) => ({ title: n.title, body: n.body }));
      }, `/chat/${conversationId}`);
      expect(shown).toEqual([{ title: 'Marketplace', body: `New message from Adebayo: ${reply}` }]);
    } finally {
      await chrome.close();
    }
  }, 120_000);

  it('a message queued offline is sent by a Background Sync event with the app closed, exactly once', async () => {
    const chrome = await launchWithProfile();
    try {
      const { context, page } = chrome;
      const supplier = await apiLogin(DEMO_SUPPLIER_EMAIL);
      const buyer = await apiLogin(DEMO_BUYER.email);
      await page.goto('/');
      await waitForServiceWorker(page);
      await signInAsDemo(page, DEMO_BUYER);
      const conversationId = await startChat(page, await supplierProduct(supplier, 1));

      await context.setOffline(true);
      const text = `Queued on the bus, ${Date.now()}`;
      await page.getByLabel('Message', { exact: true }).fill(text);
      await page.keyboard.press('Enter');
      await chatBubble(page, text).getByText('Sending…').waitFor();
      await closeTheApp(page);
      const { cdp, registrationId } = await workerRegistration(context, page);
      const syncEvent = () =>
        cdp
          .send('ServiceWorker.dispatchSyncEvent', { origin: `${e2e.baseUrl}/`, registrationId, tag: 'outbox', lastChance: false })
          .catch(() => undefined);
      // Still no network: the worker's try fails and leaves the message waiting, not failed.
      await syncEvent();
      await page.waitForTimeout(1000);
      await context.setOffline(false);

      const messages = async () =>
        (await api<{ results: Array<{ text: string }> }>(buyer, `/api/conversations/${conversationId}/messages/?limit=500`)).results.filter(
          (m) => m.text === text,
        ).length;
      expect(await messages()).toBe(0);

      await syncEvent();
      await expect.poll(messages, { timeout: 20_000 }).toBe(1);
      // A second event, and then the app itself, find nothing left to send.
      await syncEvent();
      await page.goto(`/chat/${conversationId}`);
      await chatBubble(page, text).waitFor();
      await chatBubble(page, text).getByText('Sending…').waitFor({ state: 'detached' });
      expect(await messages()).toBe(1);
      expect(await chatBubble(page, text).count()).toBe(1);
    } finally {
      await chrome.close();
    }
  }, 120_000);
});

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
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: `${e2e.baseUrl}/`,
        registrationId,
        data: JSON.stringify({ title: 'Marketplace', body: 'New message from Adebayo: Still there?', tag, url: tag, notifications: [] }),
      });
      const [worker] = context.serviceWorkers();
      // DevTools cannot click a notification: the worker is handed the click event the browser would send.
      // The push is handled in its own time (generous: CI runs other suites beside this one).
      await expect
        .poll(
          () =>
            worker.evaluate(async (tag) => {
              const scope = self as unknown as ServiceWorkerGlobalScope;
              const [shown] = await scope.registration.getNotifications({ tag });
              if (!shown) return false;
              scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: shown }));
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
