// Every web test: a real IndexedDB (fake-indexeddb), clean storage and DOM, English active.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { db } from '../../src/data/db';
import { activateLanguage } from '../../src/app/i18n';

beforeEach(async () => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
  window.history.replaceState(null, '', '/');
  await activateLanguage('en', false);
});

afterEach(async () => {
  cleanup();
  await Promise.all(db.tables.map((table) => table.clear()));
});
