import { defineConfig } from 'vitest/config';
import { appPlugins } from '../vite.config.ts';

/**
 * Device-side benchmarks need the app's Lingui macros compiled, so they run through Vitest
 * (never as part of npm test): npx vitest run --config bench/vitest.config.ts bench/<name>.device.ts
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  plugins: appPlugins(),
  test: {
    include: ['bench/**/*.device.ts'],
    environment: 'node',
    testTimeout: 30 * 60_000,
    pool: 'forks',
  },
});
