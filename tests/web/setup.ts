// Every web test: a real IndexedDB (fake-indexeddb), clean storage and DOM, English active.
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { db } from '@/db/db';
import { activateLanguage } from '@/app/i18n';
import { reportReachable } from '@/sync/api/connectivity';
import { deviceLoading } from '@/sync/firstVisit';

// The app starts its sync engine and lazy screens on a shared 2-core machine: give finds time.
configure({ asyncUtilTimeout: 4000 });

beforeEach(async () => {
  // The server is reachable until a test says otherwise: a request that timed out in an earlier
  // test must not leave the next one offline (src/sync/api/connectivity.ts is module state).
  reportReachable();
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
  window.history.replaceState(null, '', '/');
  await activateLanguage('en', false);
});

afterEach(async () => {
  cleanup();
  await Promise.all(db.tables.map((table) => table.clear()));
});

// A screen that asked for the device's chunk (src/sync/firstVisit.ts) as the file's last test
// ended would import it after the environment is torn down: an unhandled error that fails the
// run. A load a test holds back for good (holdDeviceUntil) never imports: it is not waited for.
afterAll(async () => {
  const loading = deviceLoading()?.catch(() => undefined);
  if (loading) await Promise.race([loading, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  await vi.dynamicImportSettled();
});
