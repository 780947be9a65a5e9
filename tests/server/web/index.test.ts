import { mkdtemp, mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@server/app';
import type { DatabaseHandle } from '@server/db';
import { webBuildIsStale } from '@server/web';
import { openTestDatabase } from '../helpers';

/** A small stand-in for dist/ with the files the real build writes. */
async function makeDist(root: string) {
  const dist = path.join(root, 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Marketplace</title><div id="root"></div>');
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  await writeFile(path.join(dist, 'manifest.webmanifest'), '{"name":"Marketplace"}');
  await writeFile(path.join(dist, 'favicon.ico'), Buffer.from([0, 0, 1, 0]));
  return dist;
}

describe('serving the web app beside the API (server/web/index.ts)', () => {
  let app: FastifyInstance;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    const root = await mkdtemp(path.join(inject('tmpDir'), 'web-'));
    const distDir = await makeDist(root);
    handle = await openTestDatabase();
    app = await buildApp({
      config: {
        port: 0,
        host: '127.0.0.1',
        dataDir: root,
        mailFrom: 'x@test',
        jwtSecret: 'test-secret-that-is-long-enough-for-hs256',
        seedDemo: false,
        logLevel: 'silent',
        trustProxy: false,
      },
      db: handle.db,
      logger: false,
      web: { distDir },
    });
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  it('answers app routes, deep links and unknown pages with index.html, never cached', async () => {
    for (const url of ['/', '/favorites', '/products/12', '/search/shea%20butter', '/chat/all', '/no/such/page']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for good and revalidates the service worker and manifest', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/sw.js', '/manifest.webmanifest', '/index.html']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await app.inject({ method: 'GET', url: '/favicon.ico' })).statusCode).toBe(200);
  });

  it('keeps the JSON 404 for /api/ and /media/ and for missing files', async () => {
    for (const url of [
      '/api/nothing-here/',
      '/api',
      '/media/0000.png',
      '/assets/index-old.js',
      '/robots-missing.txt',
      '/.server/entry-server.js',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ detail: 'Not found.' });
    }
    const health = await app.inject({ method: 'GET', url: '/api/health/' });
    expect(health.json()).toEqual({ status: 'ok' });
  });
});

describe('deciding when npm start must build', () => {
  it('builds when dist/ is missing or older than a source file', async () => {
    const root = await mkdtemp(path.join(inject('tmpDir'), 'stale-'));
    await mkdir(path.join(root, 'src'), { recursive: true });
    await writeFile(path.join(root, 'src', 'main.tsx'), 'x');
    expect(webBuildIsStale(root)).toBe(true);

    await makeDist(root);
    const past = new Date(Date.now() - 60_000);
    await utimes(path.join(root, 'src', 'main.tsx'), past, past);
    // The app without its server bundle for the landing pages (dist/.server/) is not a whole build.
    expect(webBuildIsStale(root)).toBe(true);
    await mkdir(path.join(root, 'dist', '.server'), { recursive: true });
    await writeFile(path.join(root, 'dist', '.server', 'entry-server.js'), 'export {};');
    expect(webBuildIsStale(root)).toBe(false);

    await writeFile(path.join(root, 'src', 'main.tsx'), 'y');
    const future = new Date(Date.now() + 60_000);
    await utimes(path.join(root, 'src', 'main.tsx'), future, future);
    expect(webBuildIsStale(root)).toBe(true);
  });
});
