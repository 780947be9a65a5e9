import { defineConfig } from 'vitest/config';

/**
 * Offline journeys (docs/sync.md#tested-by): headless Chromium under a misbehaving network and server. Too
 * slow for `npm test`'s default run, so they have their own config: `npm run test:offline`
 * (.ci/run runs it after `npm test`). Same world as the browser suite (its global setup).
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    name: 'journeys',
    root: new URL('../..', import.meta.url).pathname,
    environment: 'node',
    include: ['tests/journeys/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 150_000,
    // A browser shares two cores with the server and other suites: a polled state gets 20 s, not 1 s.
    expect: { poll: { timeout: 20_000, interval: 100 } },
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
