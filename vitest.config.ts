import { defineConfig } from 'vitest/config';
import { appPlugins } from './vite.config.ts';

/**
 * One runner, several projects: the API server (in-process, PGlite or DATABASE_URL), its media
 * tests again on an S3-compatible bucket, the web app (happy-dom, fake-indexeddb), the sync
 * engine against the server, and the browser suite (headless Chromium).
 */
export default defineConfig({
  test: {
    // Two files at a time (the browser suite's files still one after another): on 2 cores the
    // browser suite's waits overlap the server and web files instead of adding to them.
    maxWorkers: 2,
    projects: [
      {
        resolve: { tsconfigPaths: true },
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
      {
        // The media tests again with the S3 driver, against a local S3-compatible server (s3rver).
        resolve: { tsconfigPaths: true },
        test: {
          name: 'server-s3',
          environment: 'node',
          include: [
            'tests/server/routes/media.test.ts',
            'tests/server/routes/media-hardening.test.ts',
            'tests/server/routes/uploads.test.ts',
            'tests/server/routes/media-colors.test.ts',
            'tests/server/compression.test.ts',
          ],
          globalSetup: ['tests/server/global-setup.ts', 'tests/server/s3-setup.ts'],
          // Node 20 is supported by the pinned SDK; its notice about later releases is for operators.
          env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        // The same Lingui/Babel plugins as the build, so macros compile and .po catalogs load.
        plugins: appPlugins(),
        resolve: { tsconfigPaths: true },
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          exclude: ['tests/web/sync/engine/**'],
          setupFiles: ['tests/web/setup.ts'],
          unstubGlobals: true,
        },
      },
      {
        // The sync engine against the real API server in-process (PGlite, or DATABASE_URL), with
        // fake-indexeddb as the device's database and a fetch that can misbehave on purpose.
        plugins: appPlugins(),
        resolve: { tsconfigPaths: true },
        test: {
          name: 'sync',
          environment: 'node',
          include: ['tests/web/sync/engine/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          setupFiles: ['tests/web/sync/engine/setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        // Headless Chromium against the real `npm start` (tests/e2e/global-setup.ts). One file at
        // a time: each drives a browser and the machine has 2 cores.
        resolve: { tsconfigPaths: true },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
          // A browser shares two cores with the server and other suites: a polled state gets 20 s, not 1 s.
          expect: { poll: { timeout: 20_000, interval: 100 } },
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
