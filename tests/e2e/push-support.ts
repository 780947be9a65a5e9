import type { BrowserContext, CDPSession, Page, Worker } from 'playwright-core';
import { callAs, e2e, type Session } from './helpers';

/** Service worker helpers shared by the push suite and the service-worker journey. */

export const api = <T = any>(session: Session, path: string, body?: unknown): Promise<T> =>
  callAs<T>(session, body === undefined ? 'GET' : 'POST', path, body);

/** The `index`-th of the supplier's products counted from its oldest. */
export async function supplierProduct(supplier: Session, index: number): Promise<number> {
  const page = await api<{ results: Array<{ id: number }> }>(supplier, `/api/products/?supplier=${supplier.id}&limit=20`);
  return page.results[page.results.length - 1 - index].id;
}

/** The app's worker registration, as DevTools sees it. */
export async function workerRegistration(context: BrowserContext, page: Page): Promise<{ cdp: CDPSession; registrationId: string }> {
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
export async function closeTheApp(page: Page): Promise<void> {
  await page.goto('about:blank');
}

/**
 * Keeps, in the worker, the promise of each notification it shows from now on
 * (`self.notificationsShown`): a test reads `getNotifications()` only once they have settled.
 * Chromium's read keeps a notification only if the platform shows it or it is newer than the
 * read, and deletes the rest from its list (platform_notification_context_impl.cc): a read made
 * while a push's notification is on its way to the screen drops it for good.
 */
export async function watchNotificationsShown(worker: Worker): Promise<void> {
  await worker.evaluate(() => {
    const scope = self as unknown as { notificationsShown: Promise<unknown>[] };
    scope.notificationsShown = [];
    const show = ServiceWorkerRegistration.prototype.showNotification;
    ServiceWorkerRegistration.prototype.showNotification = function (this: ServiceWorkerRegistration, ...args) {
      const shown = show.apply(this, args);
      scope.notificationsShown.push(shown.catch(() => undefined));
      return shown;
    };
  });
}
