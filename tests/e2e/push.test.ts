import { describe, expect, it } from 'vitest';
import type { Route } from 'playwright-core';
import { DEMO_SUPPLIER_EMAIL } from '@server/seed/data';
import {
  DEMO_BUYER,
  apiLogin,
  chatBubble,
  e2e,
  launchWithProfile,
  signInAsDemo,
  skipBrowser,
  startChat,
  waitForServiceWorker,
} from './helpers';
import { api, closeTheApp, supplierProduct, workerRegistration } from './push-support';

/**
 * The service worker with no page of the app open (docs/sync.md): a push shows a notification
 * and stores the new message on the device, so the app shows it at once even offline; a
 * message queued offline goes out on a Background Sync event, exactly once. Headless Chromium
 * has no push service, so the push is delivered through DevTools, as the browser would.
 */

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

      // No network from here: the offline emulation, and every API request refused as a dead
      // network would (a service worker, started or not, may send before the emulation reaches it).
      const deadNetwork = (route: Route) => route.abort('internetdisconnected');
      await context.route('**/api/**', deadNetwork);
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
      const messages = async () =>
        (await api<{ results: Array<{ text: string }> }>(buyer, `/api/conversations/${conversationId}/messages/?limit=500`)).results.filter(
          (m) => m.text === text,
        ).length;
      // Still no network: the worker's try fails and leaves the message waiting, not failed.
      await syncEvent();
      await page.waitForTimeout(1000);
      expect(await messages()).toBe(0);

      // Back online, the browser fires the sync the page asked for by itself (docs/sync.md#leader-tab); this event comes beside it.
      await context.unroute('**/api/**', deadNetwork);
      await context.setOffline(false);
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
