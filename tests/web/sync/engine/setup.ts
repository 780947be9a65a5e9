// The device for sync-engine tests: a real IndexedDB (fake-indexeddb) and browser storage, on Node. The API server runs in-process.
import 'fake-indexeddb/auto';
import { i18n } from '@lingui/core';

class MemoryStorage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

// No window/document/navigator: PGlite (the in-process server's database) takes those for a browser.
(globalThis as Record<string, unknown>).localStorage = new MemoryStorage();

i18n.loadAndActivate({ locale: 'en', messages: {} });
