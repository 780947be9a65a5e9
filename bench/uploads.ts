/**
 * Pictures and files on a weak link, run by hand (never part of npm test):
 *   npx tsx bench/uploads.ts
 * Starts the real server (demo catalogue, fresh data folder, the built web app) and prints:
 * 1. a 12 MP camera JPEG (tests/camera-photo.ts): bytes before, and after the app's own
 *    shrinking worker (dist/assets/compress.worker-*.js, run in headless Chromium) for a chat
 *    picture and a product picture;
 * 2. a 50 MB file sent to /api/uploads/ with tus-js-client as the app sends it (1 MB pieces,
 *    the same retry delays), once over a clean link and once over a link cut 5 times
 *    (tests/cutting-proxy.ts): bytes sent and time;
 * 3. saving 50 favourites' card pictures (?w=400) over a 250 kbps link (the proxy paces the
 *    server's bytes), two at a time as src/sync/pull/prefetch.ts does: bytes and time.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import * as tus from 'tus-js-client';
import { DEMO_BUYER_EMAIL, DEMO_PASSWORD } from '../server/seed/data';
import { DIST_DIR } from '../server/web';
import { cameraPhoto } from '../tests/camera-photo';
import { startCuttingProxy } from '../tests/cutting-proxy';
import { startServer } from './server';
import { record } from './record';

const MB = 1024 * 1024;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function photoSizes(url: string) {
  const photo = await cameraPhoto();
  const worker = (await readdir(path.join(DIST_DIR, 'assets'))).find((f) => /^compress\.worker-.*\.js$/.test(f));
  if (!worker) throw new Error('no compress worker in the build');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    await page.goto(`${url}/manifest.webmanifest`).catch(() => page.goto(url));
    const out: Record<string, number> = {};
    for (const purpose of ['chat', 'gallery'] as const) {
      out[purpose] = await page.evaluate(
        async ({ bytes, src, purpose }) => {
          const w = new Worker(src, { type: 'module' });
          const file = new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });
          const started = performance.now();
          const blob = await new Promise<Blob | null>((resolve) => {
            w.onmessage = (e) => resolve(e.data.blob);
            w.postMessage({ id: 1, file, purpose });
          });
          w.terminate();
          console.log(performance.now() - started);
          return blob?.size ?? -1;
        },
        { bytes: [...photo], src: `/assets/${worker}`, purpose },
      );
    }
    console.log(`12 MP camera JPEG: ${kb(photo.length)} before; after: chat ${kb(out.chat)}, product gallery ${kb(out.gallery)}`);
    const limit = 600 * 1024;
    record('Pictures shrunk before upload (12 MP camera JPEG)', [
      { figure: 'photo as taken', value: Math.round(photo.length / 1024), unit: 'KB' },
      {
        figure: 'sent as a chat picture (1600 px)',
        value: Math.round(out.chat / 1024),
        unit: 'KB',
        target: '≤ 600 KB',
        met: out.chat <= limit,
      },
      {
        figure: 'sent as a product picture (2048 px)',
        value: Math.round(out.gallery / 1024),
        unit: 'KB',
        target: '≤ 600 KB',
        met: out.gallery <= limit,
      },
    ]);
  } finally {
    await browser.close();
  }
}

async function token(url: string): Promise<string> {
  const login = await fetch(`${url}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_BUYER_EMAIL, password: DEMO_PASSWORD }),
  });
  return ((await login.json()) as { access: string }).access;
}

function pdfOf(size: number, fill: number) {
  const head = Buffer.from('%PDF-1.4\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, fill), tail]);
}

async function tusUpload(endpoint: string, access: string, file: Buffer): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    new tus.Upload(file, {
      endpoint,
      headers: { authorization: `Bearer ${access}` },
      metadata: { filename: 'bench.pdf', upload_preset: 'marketplace' },
      retryDelays: [1000, 3000, 6000, 10_000, 10_000, 10_000],
      chunkSize: MB,
      onShouldRetry: () => true,
      onSuccess: () => resolve(),
      onError: reject,
    }).start();
  });
}

async function resumable(url: string) {
  const access = await token(url);
  const size = 50 * MB;
  for (const cuts of [0, 5]) {
    const proxy = await startCuttingProxy(url);
    proxy.cutAt(Array.from({ length: cuts }, (_, i) => Math.round((size * (i + 1)) / (cuts + 1))));
    const started = performance.now();
    await tusUpload(`${proxy.url}/api/uploads/`, access, pdfOf(size, 0x30 + cuts));
    const ms = performance.now() - started;
    console.log(
      `50 MB file, ${cuts === 0 ? 'clean link' : `link cut ${cuts} times`}: ${(proxy.sent / MB).toFixed(2)} MB sent (${((proxy.sent / size - 1) * 100).toFixed(1)} % extra), ${(ms / 1000).toFixed(1)} s`,
    );
    const extra = (proxy.sent / size - 1) * 100;
    record('Resumable upload (50 MB file over tus)', [
      {
        figure: `${cuts === 0 ? 'clean link' : `link cut ${cuts} times`}: extra bytes sent`,
        value: Number(extra.toFixed(1)),
        unit: '%',
        ...(cuts ? { target: '≤ 20 %', met: extra <= 20 } : {}),
      },
      { figure: `${cuts === 0 ? 'clean link' : `link cut ${cuts} times`}: time`, value: Number((ms / 1000).toFixed(1)), unit: 's' },
    ]);
    await proxy.close();
  }
}

async function favouritePictures(url: string) {
  const products = (await (await fetch(`${url}/api/products/?limit=50`)).json()) as { results: Array<{ thumbnail_url: string | null }> };
  const urls = products.results.flatMap((p) => (p.thumbnail_url ? [`${p.thumbnail_url}?w=400`] : [])).slice(0, 50);
  // Warm the variants: the server makes each width once; the figure is the link's, not sharp's.
  await Promise.all(urls.map((u) => fetch(new URL(u, url)).then((r) => r.arrayBuffer())));
  const proxy = await startCuttingProxy(url, { downBytesPerSecond: 250_000 / 8 });
  const started = performance.now();
  let bytes = 0;
  const queue = [...urls];
  await Promise.all(
    Array.from({ length: 2 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift())
        bytes += (await (await fetch(new URL(next, proxy.url))).arrayBuffer()).byteLength;
    }),
  );
  const ms = performance.now() - started;
  console.log(
    `${urls.length} favourites' card pictures at 250 kbps: ${kb(bytes)} of pictures, ${kb(proxy.received)} on the wire, ${(ms / 1000).toFixed(1)} s`,
  );
  record(`Saving ${urls.length} favourites' pictures (250 kbps)`, [
    { figure: 'bytes on the wire', value: Math.round(proxy.received / 1024), unit: 'KB' },
    { figure: 'time', value: Number((ms / 1000).toFixed(1)), unit: 's' },
  ]);
  await proxy.close();
}

const server = await startServer('uploads-bench', 180_000);
try {
  await photoSizes(server.url);
  await resumable(server.url);
  await favouritePictures(server.url);
} finally {
  await server.stop();
}
