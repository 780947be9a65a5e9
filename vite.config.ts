import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';
import THEME_COLORS from './src/app/theme-colors.json' with { type: 'json' };
import { firstPaint } from './scripts/first-paint.ts';
import { patchLiveQuery } from './scripts/dexie-live-query.ts';
import { precompress } from './scripts/precompress.ts';

/**
 * dexie-react-hooks imports Dexie for its useLiveQuery's `Dexie.liveQuery` only: that import is
 * answered by src/queries/lazyDexie.ts, which hands the device's liveQuery over once the local
 * database's chunk is in. Dexie itself then stays in that lazy chunk, out of the entry script.
 * Why here: the hooks (src/queries/live.ts) import dexie-react-hooks, and a static `dexie`
 * import under them would pull Dexie into the entry script. No import in the source names
 * src/queries/lazyDexie.ts, so import graphs and the import-cycle check do not see this edge
 * (docs/architecture.md#the-web-app-one-direction): moving that file means changing the path below. Part of
 * `appPlugins`, so the build, the server render and the web and sync Vitest projects all get it.
 */
const lazyDexieForHooks = (): Plugin => ({
  name: 'lazy-dexie-for-hooks',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === 'dexie' && importer?.includes('/node_modules/dexie-react-hooks/'))
      return fileURLToPath(new URL('./src/queries/lazyDexie.ts', import.meta.url));
    return null;
  },
});

/** Dexie's liveQuery, fixed to drop the changes that do not concern a query between its runs (scripts/dexie-live-query.ts). */
const dexieLiveQueryDropsIdleChanges = (): Plugin => ({
  name: 'dexie-live-query-drops-idle-changes',
  transform(code, id) {
    if (!/\/node_modules\/dexie\/dist\/dexie\.m?js(\?.*)?$/.test(id)) return null;
    return { code: patchLiveQuery(code, id), map: null };
  },
});

/**
 * Lingui macros need Babel: @vitejs/plugin-react 6 has no babel option, so the macro plugin
 * runs through @rolldown/plugin-babel. Shared with the `web` Vitest project.
 */
const linguiPlugins = () => [babel({ plugins: ['@lingui/babel-plugin-lingui-macro'], include: /\/src\/.*\.[jt]sx?$/ }), lingui()];
export const appPlugins = () => [lazyDexieForHooks(), dexieLiveQueryDropsIdleChanges(), react(), ...linguiPlugins()];

/**
 * `vite build --ssr`: the app's components for the server's render of landing pages
 * (src/entry-server.tsx, server/web/landing.ts), one self-contained bundle in dist/.server/
 * (a dot folder: never served, never precached), so a copy of dist/ runs anywhere.
 */
const serverRender = defineConfig({
  resolve: { tsconfigPaths: true },
  plugins: appPlugins(),
  ssr: { noExternal: true },
  publicDir: false,
  // React's production build on the server, whatever NODE_ENV the server runs with.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: 'dist/.server',
    emptyOutDir: true,
    target: 'node22',
    sourcemap: false,
  },
});

const app = defineConfig({
  // '@/...', '@server/...' and '@tests/...' imports come from tsconfig.json's paths: one list for tsc, Vite, Vitest and tsx.
  resolve: { tsconfigPaths: true },
  plugins: [
    ...appPlugins(),
    ...firstPaint(),
    VitePWA({
      // The update is offered to the user ("A new version is available — Reload"), not forced.
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.ico', 'favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Marketplace — Connecting Markets',
        short_name: 'Marketplace',
        description: 'Buy and sell products across Nigeria, Senegal, Côte d’Ivoire and Türkiye — even offline.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: THEME_COLORS.dark,
        background_color: THEME_COLORS.dark,
        categories: ['shopping', 'business'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        shortcuts: [
          { name: 'Search', short_name: 'Search', url: '/search/', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
          { name: 'Messages', short_name: 'Messages', url: '/chat/all', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
          { name: 'Favourites', short_name: 'Favourites', url: '/favorites', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
        ],
      },
      // Our own worker (src/sw/sw.ts): the shell and media caching as before, plus Web Push and
      // Background Sync, which run the page's sync code (src/sync/worker/handlers.ts).
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectManifest: {
        // The app shell: every built asset, so any route opens offline.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        rollupFormat: 'iife',
        // The worker's own build needs the Lingui macros of the sync code it shares.
        buildPlugins: { vite: linguiPlugins() },
      },
    }),
    precompress(),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: which stylesheet and chunk each screen needs, so a server-rendered
    // page links them at once (server/web/render.ts) instead of moving when they come.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports in one file: split into the pieces lazy chunks share, it
          // was ten requests, each with its round trip and ~1.2 KB of headers on a slow link.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
});

export default defineConfig((env) => (env.isSsrBuild ? serverRender : app));
