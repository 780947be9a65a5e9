import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db';
import { migrateToLatest } from './db/migrate';
import { ensureWebBuilt } from './web';
import { seedDemo } from './seed';

/** `npm start`: build the web app when needed, migrate, and serve the PWA and the API on PORT (DESIGN §4). */
const startedAt = performance.now();
const config = loadConfig();
if (!config.webDistDir) await ensureWebBuilt((message) => console.log(message));
const handle = await openDatabase(config);
await migrateToLatest(handle.db);
const app = await buildApp({ config, db: handle.db, web: config.webDistDir ? { distDir: config.webDistDir } : true });
if (config.seedDemo) {
  const seedStart = performance.now();
  const demo = await seedDemo(handle.db, app.media);
  if (demo.seeded) app.log.info(`demo catalogue loaded: ${demo.products} products in ${Math.round(performance.now() - seedStart)} ms`);
  for (const s of demo.signIns) app.log.info(`demo sign-in (${s.role.toLowerCase()}): ${s.email} / ${s.password}`);
}

const shutdown = async () => {
  await app.close();
  await handle.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
app.log.info(`ready in ${Math.round(performance.now() - startedAt)} ms (${handle.kind} database)`);
