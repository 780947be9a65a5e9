import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/** English is the source language (the exact texts of docs/product.md#messages); French and Turkish are translated. */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'fr', 'tr'],
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['src'] }],
  format: formatter({ lineNumbers: false }),
});
