// Every web test: a real IndexedDB (fake-indexeddb), clean storage and DOM, English active.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { db } from '@/db/db';
import { activateLanguage } from '@/app/i18n';
import { reportReachable } from '@/sync/api/connectivity';

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
