import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { prepareText, sendPrepared } from '../lib/compression';
import { ALWAYS_REVALIDATE } from './files';
import { createLandingPages, type LandingPages } from './landing';
import { loadServerRender } from './render';

/**
 * Serves the built web app (dist/) beside the API on one port (docs/architecture.md#how-it-runs): hashed assets
 * cached for good, index.html and the service worker always revalidated, and index.html for
 * every app route so deep links work. /api/ and /media/ keep their JSON 404.
 */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST_DIR = path.join(PROJECT_ROOT, 'dist');

/** What `vite build` reads: when any of it is newer than dist/index.html, the build is stale. */
const BUILD_INPUTS = [
  'index.html',
  'vite.config.ts',
  'lingui.config.ts',
  'package-lock.json',
  'src',
  'locales',
  'public',
  // The build's own plugins (vite.config.ts).
  'scripts/first-paint.ts',
  'scripts/precompress.ts',
  'server/web/files.ts',
];

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when dist/ is missing or older than any build input. */
export function webBuildIsStale(root = PROJECT_ROOT): boolean {
  const built = path.join(root, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  if (!existsSync(path.join(root, 'dist', '.server', 'entry-server.js'))) return true;
  const builtAt = statSync(built).mtimeMs;
  return BUILD_INPUTS.some((input) => newestMtime(path.join(root, input)) > builtAt);
}

/** Runs `vite build` in a child process (keeps Vite and Babel out of the server's memory). */
export function buildWeb(root = PROJECT_ROOT): Promise<void> {
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  return new Promise((resolve, reject) => {
    // A production build whatever the caller's NODE_ENV (Vitest sets 'test', which would make
    // import.meta.env.DEV true and leave the service worker unregistered).
    const env = { ...process.env, NODE_ENV: 'production' };
    // The app, then its server bundle for the landing pages (src/entry-server.tsx) into dist/.server/.
    const run = (args: string[], next: () => void) => {
      const child = spawn(process.execPath, [vite, 'build', ...args, '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env });
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? next() : reject(new Error(`vite build exited with code ${code}`))));
    };
    run([], () => run(['--ssr', 'src/entry-server.tsx'], resolve));
  });
}

/** Builds the web app first when it is missing or out of date. */
export async function ensureWebBuilt(log: (message: string) => void, root = PROJECT_ROOT): Promise<void> {
  if (!webBuildIsStale(root)) return;
  log('building the web app (dist/ is missing or older than the sources)…');
  const startedAt = performance.now();
  await buildWeb(root);
  log(`web app built in ${Math.round(performance.now() - startedAt)} ms`);
}

function isApiOrMedia(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/') || pathname === '/media' || pathname.startsWith('/media/');
}

/**
 * A request for a file (an old hashed chunk, a missing icon) gets a 404, never the app's HTML;
 * so does anything under a dot folder (the server's own render bundle, dist/.server/).
 */
function looksLikeFile(pathname: string): boolean {
  return pathname.startsWith('/assets/') || pathname.startsWith('/.') || /^\/[^/]+\.[a-z0-9]+$/i.test(pathname);
}

/** Serves the built web app and the pages people land on; answers those pages, for the routes of robots.txt and the sitemaps. */
export async function registerWeb(app: FastifyInstance, distDir = DIST_DIR): Promise<LandingPages> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`The web app is not built: ${indexFile} is missing (run npx vite build)`);
  // Made once: the app's HTML is the answer to every deep link.
  const indexText = readFileSync(indexFile, 'utf8');
  const indexHtml = prepareText(indexText, true);
  // The pages people land on get their own head and content (server/web/landing.ts); also robots.txt and the sitemaps
  // (server/routes/landing-pages.ts, registered by app.ts with what this returns).
  // Rendered with the app's own components when the build has its server bundle (server/web/render.ts).
  const landing = createLandingPages(app, indexText, await loadServerRender(app, distDir));

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    // One route per built file; everything else reaches the app fallback below.
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each hashed text asset (scripts/precompress.ts);
    // the client's Accept-Encoding picks one, and files without them are compressed on the fly.
    preCompressed: true,
    // The media plugin keeps its own reply.sendFile.
    decorateReply: false,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const relative = path.relative(distDir, filePath).split(path.sep).join('/');
      const name = path.basename(filePath);
      if (ALWAYS_REVALIDATE.has(name)) reply.header('Cache-Control', REVALIDATE);
      else if (relative.startsWith('assets/') || /^workbox-[0-9a-f]+\.js$/.test(name)) reply.header('Cache-Control', IMMUTABLE);
      else reply.header('Cache-Control', 'public, max-age=86400');
    },
  });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0];
    if (isApiOrMedia(pathname) || looksLikeFile(pathname)) return reply.status(404).send({ detail: 'Not found.' });
    const page = (await landing.page(request, pathname)) ?? indexHtml;
    return sendPrepared(request, reply.header('Cache-Control', REVALIDATE), page, 'text/html; charset=utf-8');
  });
  return landing;
}
