import { defineConfig } from 'vitest/config';

/**
 * One runner, three projects: the API server (in-process, PGlite or DATABASE_URL), the web
 * app (happy-dom, fake-indexeddb) and the browser suite (headless Chromium).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
