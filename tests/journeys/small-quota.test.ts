import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { openDatabase } from '@server/db';
import { migrateToLatest } from '@server/db/migrate';
import { seedDemo } from '@server/seed';
import { openMediaObjects } from '@server/services/media/open-objects';
import { createMediaStore } from '@server/services/media/store';
import { PROJECT_ROOT } from '@server/web';
import { CHROMIUM_ARGS } from '../chromium';
import { freePort } from '../ports';
import {
  chatBubble,
  e2e,
  productPageHeart,
  signInAsDemo,
  skipBrowser,
  startChat,
  waitForServiceWorker,
  waitOutSplash,
} from '../e2e/helpers';
import { apiLogin, favoriteIds, messageTexts, storeCount, tempDir } from './support';

/**
 * A phone with 20 MB for this site (docs/sync.md#quota): the buyer raises the catalogue's budget
 * far above what fits, the catalogue (larger than the quota) stops short of the room kept for
 * the user's own data, Settings say so, the service worker's files were saved first, and a
 * favourite and a message still save; a favourite made offline shows after an offline reload
 * and reaches the server once.
 */

const QUOTA = 20 * 1024 * 1024;
/** Products generated beside the demo catalogue: more than 20 MB of IndexedDB. */
const GENERATED = Number(process.env.QUOTA_PRODUCTS ?? 30_000);
const EMEKA = { email: 'emeka.nwosu@demo.market', firstName: 'Emeka' };

let dataDir = '';
let server: ChildProcess | null = null;
let base = '';
let browser: Browser | null = null;

async function seed(dir: string): Promise<void> {
  const handle = await openDatabase({ dataDir: dir });
  await migrateToLatest(handle.db);
  const objects = await openMediaObjects(dir);
  await seedDemo(handle.db, createMediaStore(objects, handle.db));
  await objects.close();
  await handle.close();
  const generated = spawnSync(process.execPath, ['--import', 'tsx', 'bench/catalogue-generate.ts', String(GENERATED)], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, DATA_DIR: dir },
    encoding: 'utf8',
  });
  if (generated.status !== 0) throw new Error(`The catalogue was not generated:\n${generated.stderr}`);
}

async function startServer(dir: string): Promise<void> {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_ENV' && !k.startsWith('VITEST'))),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      WEB_DIST_DIR: e2e.webDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (
    !(await fetch(`${base}/api/health/`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (server.exitCode !== null || Date.now() > deadline) throw new Error('The server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(skipBrowser)('journey: a 20 MB quota and a catalogue larger than it', () => {
  beforeAll(async () => {
    dataDir = await tempDir('mk-journey-quota-');
    await seed(dataDir);
    await startServer(dataDir);
    browser = await chromium.launch({ executablePath: e2e.chromium, headless: true, args: CHROMIUM_ARGS });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps room for the buyer: the catalogue stops short of the quota, Settings say so, and a favourite and a message save', async () => {
    const context = await browser!.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
    waitOutSplash(context);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: base, quotaSize: QUOTA });
    try {
      const api = await apiLogin(EMEKA.email, base);
      const products = ((await (await fetch(`${base}/api/products/?limit=100`)).json()) as { results: Array<{ id: number }> }).results;
      await signInAsDemo(page, EMEKA);

      // The buyer asks for far more than the device can give.
      // In the app, without a reload: the profile menu, then the Settings tab.
      await page.getByRole('button', { name: `Hi, ${EMEKA.firstName}` }).click();
      await page.getByRole('link', { name: 'My profile' }).click();
      await page.getByRole('tab', { name: 'Settings' }).click();
      const budget = page.getByLabel('Products saved for offline use');
      await budget.waitFor({ timeout: 90_000 }).catch(async (error) => {
        await page.screenshot({ path: path.join(dataDir, '..', 'small-quota-failure.png') });
        throw error;
      });
      await budget.selectOption('150');
      const note = page.getByTestId('catalogue-trimmed');
      await note.waitFor({ timeout: 120_000 });
      expect(await note.textContent()).toContain('To keep room for your favourites, messages and unsent changes');
      const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
      expect(usage).toBeLessThan(QUOTA);
      const held = await storeCount(page, 'products');
      expect(held).toBeGreaterThan(1_000);
      expect(held).toBeLessThan(GENERATED);
      // The app's own files took their room before the catalogue (src/sync/shell.ts): it still opens offline.
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state)).toBe('activated');

      // A favourite and a message still save, and reach the server.
      const [favourite, chatProduct] = products.slice(-2);
      await page.goto(`/products/${favourite.id}`);
      await productPageHeart(page).click();
      // The catalogue's trimming may still hold the database for a moment on a busy machine.
      await expect.poll(() => productPageHeart(page).getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
      const conversation = await startChat(page, chatProduct.id);
      await page.getByLabel('Message', { exact: true }).fill('Sent from a full phone');
      await page.keyboard.press('Enter');
      await chatBubble(page, 'Sent from a full phone').waitFor();
      await expect.poll(() => favoriteIds(api), { timeout: 30_000 }).toContain(favourite.id);
      await expect.poll(() => messageTexts(api, conversation), { timeout: 30_000 }).toContain('Sent from a full phone');
      expect(await page.getByRole('alert').filter({ hasText: 'storage is full' }).count()).toBe(0);

      // Offline at the quota: a favourite survives a reload before it is sent, and reaches the server once.
      const offlineFavourite = products[products.length - 3];
      await page.goto(`/products/${offlineFavourite.id}`);
      await productPageHeart(page).waitFor();
      await waitForServiceWorker(page);
      await context.setOffline(true);
      await productPageHeart(page).click();
      await expect.poll(() => productPageHeart(page).getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
      await page.reload();
      await expect.poll(() => productPageHeart(page).getAttribute('aria-pressed'), { timeout: 30_000 }).toBe('true');
      expect(await favoriteIds(api)).not.toContain(offlineFavourite.id);
      await context.setOffline(false);
      await expect
        .poll(async () => (await favoriteIds(api)).filter((id) => id === offlineFavourite.id).length, { timeout: 60_000 })
        .toBe(1);
      await expect.poll(() => storeCount(page, 'outbox'), { timeout: 15_000 }).toBe(0);
    } finally {
      await context.close();
    }
  }, 300_000);
});
