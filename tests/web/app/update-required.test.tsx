import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { db } from '@/db/db';
import { APP_VERSION } from '@/shared/app-version';
import { SERVER_MESSAGES } from '@/shared/messages';
import { forgetAppVersions, onNewerAppVersion } from '@/sync/api/appVersion';
import { fakeApi, makeUser, renderApp, storeSession } from '../helpers';

/** "Update to continue" (docs/api.md#app-versions): what an app the server no longer serves shows. */
const OUTDATED = { status: 426, body: { detail: SERVER_MESSAGES.APP_OUTDATED } };
const realServiceWorker = Object.getOwnPropertyDescriptor(navigator, 'serviceWorker');

/** A service worker registration whose update check answers as given. */
function fakeRegistration(update: () => Promise<void>) {
  const registration = { active: {}, waiting: null, installing: null, update };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, addEventListener: () => undefined, ready: new Promise(() => undefined) },
  });
}

/** The signed-in buyer with a message queued on the device, which the server refuses from now on. */
async function outdatedWithAQueuedChange() {
  storeSession();
  await db.syncState.put({ key: 'session', user_id: 7 });
  await db.outbox.add({
    kind: 'favorite.add',
    target: 'product:3',
    client_id: crypto.randomUUID(),
    payload: { product: 3 },
    state: 'pending',
    attempts: 0,
    next_at: 0,
    created_at: Date.now(),
    user_id: 7,
  });
  return fakeApi({
    'GET /api/me/': () => ({ body: makeUser() }),
    'GET /api/sync/': () => OUTDATED,
    'POST /api/favorites/': () => OUTDATED,
  });
}

afterEach(() => {
  forgetAppVersions();
  if (realServiceWorker) Object.defineProperty(navigator, 'serviceWorker', realServiceWorker);
  else Reflect.deleteProperty(navigator, 'serviceWorker');
});

// The whole app on a shared 2-core machine, waiting on its sync engine: generous, as the navbar's tests.
const SLOW = 20_000;

describe('the app version', () => {
  it(
    'is stated by every request the app makes',
    async () => {
      storeSession();
      const api = fakeApi({ 'GET /api/me/': () => ({ body: makeUser() }) });
      await renderApp('/');
      await waitFor(() => expect(api.callsTo('GET', '/api/me/').length).toBeGreaterThan(0));
      for (const call of api.calls) expect(call.headers.get('X-App-Version')).toBe(String(APP_VERSION));
    },
    SLOW,
  );

  it(
    'an answer naming a newer version makes the app look for it at once',
    async () => {
      let told = 0;
      const stop = onNewerAppVersion(() => told++);
      storeSession();
      fakeApi({
        'GET /api/me/': () => ({ body: makeUser(), headers: { 'X-Supported-App-Versions': `${APP_VERSION}-${APP_VERSION + 1}` } }),
      });
      await renderApp('/');
      await waitFor(() => expect(told).toBe(1));
      stop();
    },
    SLOW,
  );
});

describe('an app the server no longer serves', () => {
  it(
    'asks to update over every screen, says the queued change is kept, and keeps it',
    async () => {
      const api = await outdatedWithAQueuedChange();
      await renderApp('/');
      const dialog = await screen.findByRole('alertdialog', { name: 'Update to continue' }, { timeout: 15_000 });
      expect(dialog.textContent).toContain('This version of the app is no longer supported.');
      await within(dialog).findByText('Your 1 change not sent yet is kept on this device and will be sent after the update.');
      // The update button has the focus; no raw error anywhere on the page.
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Update now' }));
      expect(document.body.textContent).not.toContain('(426)');
      // Kept as it was: not failed, not dropped.
      await waitFor(async () => expect((await db.outbox.toArray()).map((e) => e.state)).toEqual(['pending']));
      const refused = api.calls.length;
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(api.calls.length).toBe(refused);
    },
    SLOW,
  );

  it(
    'says so when the update cannot be downloaded, and when the new version is not out yet',
    async () => {
      await outdatedWithAQueuedChange();
      fakeRegistration(() => Promise.reject(new TypeError('Failed to fetch')));
      await renderApp('/');
      const dialog = await screen.findByRole('alertdialog', { name: 'Update to continue' }, { timeout: 15_000 });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Update now' }));
      expect((await within(dialog).findByRole('alert')).textContent).toBe(
        'The update could not be downloaded. Check your connection and try again.',
      );

      fakeRegistration(() => Promise.resolve());
      await userEvent.click(within(dialog).getByRole('button', { name: 'Update now' }));
      await within(dialog).findByText('The new version is not ready yet. Try again in a few minutes.');
      expect(await db.outbox.count()).toBe(1);
    },
    SLOW,
  );

  it(
    'speaks the app language',
    async () => {
      localStorage.setItem('language', 'tr');
      await outdatedWithAQueuedChange();
      await renderApp('/');
      const dialog = await screen.findByRole('alertdialog', { name: 'Devam etmek için güncelleyin' }, { timeout: 15_000 });
      expect(within(dialog).getByRole('button', { name: 'Şimdi güncelle' })).toBeTruthy();
    },
    SLOW,
  );
});
