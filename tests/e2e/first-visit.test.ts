import { readdir, readFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { apiGet, e2e, skipBrowser, useBrowser, watchSplash } from './helpers';

/** A GET as it travelled: no decompression, unlike fetch. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

const ACCEPT = { 'accept-encoding': 'gzip, deflate, br' };

/** What a first visit on a slow network gets from the real build and server. */
describe.skipIf(skipBrowser)('a first visit on a slow network (browser)', () => {
  const browser = useBrowser();

  it('sends every built text asset and JSON answer over 1 KB compressed when the client accepts it', async () => {
    const all = (await readdir(e2e.webDir, { recursive: true })).filter((f) => /\.(js|css|html|svg|webmanifest)$/.test(f));
    // The server's own render bundle (dist/.server/) is never served.
    const bundle = all.filter((f) => f.startsWith('.server'));
    expect(bundle.length).toBeGreaterThan(0);
    for (const file of bundle) expect((await rawGet(`${e2e.baseUrl}/${file.split(path.sep).join('/')}`, ACCEPT)).status, file).toBe(404);
    const built = all.filter((f) => !f.startsWith('.server'));
    const over = [];
    for (const file of built) {
      const original = await readFile(path.join(e2e.webDir, file));
      if (original.length <= 1024) continue;
      over.push(file);
      const res = await rawGet(`${e2e.baseUrl}/${file.split(path.sep).join('/')}`, ACCEPT);
      expect(res.status, file).toBe(200);
      expect(res.headers['content-encoding'], file).toBe('br');
      // The update test deploys another sw.js meanwhile: only hashed files keep their bytes.
      if (file !== 'sw.js') expect(brotliDecompressSync(res.body).equals(original), file).toBe(true);
    }
    expect(over.length).toBeGreaterThan(5);
    for (const url of ['/', '/api/products/', '/api/products/top-rated/', '/api/sync/', '/api/categories/', '/api/banners/']) {
      const plain = await rawGet(`${e2e.baseUrl}${url}`, {});
      const res = await rawGet(`${e2e.baseUrl}${url}`, ACCEPT);
      expect(res.status, url).toBe(200);
      if (plain.body.length > 1024) expect(res.headers['content-encoding'], url).toBe('br');
      else expect(res.headers['content-encoding'], url).toBeUndefined();
    }
  });

  it("starts the device without zod: neither its chunk nor any it loads with it holds the API's schemas", async () => {
    // docs/architecture.md: the device needs the shared rules, not the schemas, whose evaluation cost its start-up.
    const manifest: Record<string, { file: string; imports?: string[] }> = JSON.parse(
      await readFile(path.join(e2e.webDir, '.vite', 'manifest.json'), 'utf8'),
    );
    const loaded = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      expect(chunk, key).toBeDefined();
      if (loaded.has(chunk.file)) return;
      loaded.add(chunk.file);
      for (const next of chunk.imports ?? []) visit(next);
    };
    visit('src/sync/device.ts');
    expect(loaded.size).toBeGreaterThan(1);
    const withZod = [];
    for (const file of loaded) if ((await readFile(path.join(e2e.webDir, file), 'utf8')).includes('$ZodType')) withZod.push(file);
    expect(withZod).toEqual([]);
    // The marker is zod's own: the lazily loaded schemas still carry it.
    const all = Object.values(manifest).map((chunk) => chunk.file);
    const contents = await Promise.all(all.map((file) => readFile(path.join(e2e.webDir, file), 'utf8')));
    expect(contents.some((text) => text.includes('$ZodType'))).toBe(true);
  });

  it('answers a resized picture smaller than the original', async () => {
    // A demo picture: other files of this suite add products with 1×1 thumbnails, already as small as can be.
    const { results } = await apiGet<{ results: Array<{ thumbnail_url: string }> }>('/api/products/?limit=100');
    let picture = '';
    let original = { body: Buffer.alloc(0) } as Awaited<ReturnType<typeof rawGet>>;
    for (const product of results) {
      picture = new URL(product.thumbnail_url, e2e.baseUrl).pathname;
      original = await rawGet(`${e2e.baseUrl}${picture}`, ACCEPT);
      if (original.body.length > 1024) break;
    }
    const small = await rawGet(`${e2e.baseUrl}${picture}?w=200`, ACCEPT);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(small.body.length).toBeLessThan(original.body.length);
    expect((await sharp(small.body).metadata()).width).toBeLessThanOrEqual(200);
  });

  it('paints the splash in the stored language and the app frame before any script has loaded', async () => {
    const { page } = browser;
    await watchSplash(page);
    await page.addInitScript(() => localStorage.setItem('language', 'fr'));
    // No module script ever arrives: what shows is index.html alone.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.getByText('Connexion des marchés...').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    // After the splash's time the frame beneath shows, still without any script.
    await page.locator('#boot-splash').waitFor({ state: 'hidden' });
    await page.locator('header.navbar').getByText('Marketplace').waitFor();
  });

  it('hands the splash over to the app, which then shows the home screen in the stored language', async () => {
    const { page } = browser;
    await watchSplash(page);
    await page.addInitScript(() => localStorage.setItem('language', 'tr'));
    await page.goto('/');
    await page.getByRole('link', { name: 'Ana sayfa', exact: true }).waitFor();
    await page.locator('#boot-splash').waitFor({ state: 'detached' });
    await page.getByTestId('splash').waitFor({ state: 'detached' });
  });
});
