import { createServer } from 'vite';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db';
import { migrateToLatest } from './db/migrate';

/**
 * `npm run dev`: the Vite dev server (hot reload) on PORT, with the API behind it on a free
 * local port; Vite proxies /api and /media to it, so the browser sees one origin as in production.
 */
const config = loadConfig();
const handle = await openDatabase(config);
await migrateToLatest(handle.db);
const api = await buildApp({ config, db: handle.db });
const apiUrl = await api.listen({ port: 0, host: '127.0.0.1' });

const vite = await createServer({
  server: {
    port: config.port,
    host: config.host,
    strictPort: true,
    proxy: {
      '/api': { target: apiUrl, changeOrigin: false },
      '/media': { target: apiUrl, changeOrigin: false },
    },
  },
});
await vite.listen();
vite.printUrls();
console.log(`API behind the dev server at ${apiUrl}`);

const shutdown = async () => {
  await vite.close();
  await api.close();
  await handle.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
