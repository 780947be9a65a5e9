/**
 * Home grid paint on a repeat visit, online and offline, in headless Chromium. Run by hand:
 *   DATA_DIR=/tmp/bench-home npx tsx bench/catalogue-generate.ts 10000
 *   DATA_DIR=/tmp/bench-home npx tsx bench/home-paint.ts            (RUNS=7 by default)
 * Starts `npm start`'s server on that data (the web app from dist/, built when stale), opens
 * the app once as a guest and waits until the whole catalogue is in IndexedDB and the service
 * worker controls the page. Then it reloads the home page RUNS times online and RUNS times
 * offline (context.setOffline) and prints the time from navigation start to the first frame
 * painted after the first product card entered the page. Target: < 150 ms offline (median).
 */
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { chromium, type Page } from 'playwright-core';
import { storeCount } from '../tests/device-store';
import { record } from './record';

const port = Number(process.env.BENCH_PORT ?? 3195);
const runs = Number(process.env.RUNS ?? 7);
/** Offline, the median reload's first frame with a product card. */
const TARGET_MS = 150;
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: { ...process.env, PORT: String(port), SEED_DEMO: '0', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i += 1) {
  try {
    if ((await fetch(`${base}/api/health/`)).ok) break;
  } catch {
    /* not yet */
  }
  if (i > 1200) throw new Error('the server did not start');
  await new Promise((resolve) => setTimeout(resolve, 500));
}
const total = ((await (await fetch(`${base}/api/products/?limit=1`)).json()) as { count: number }).count;

/** Runs in the page before the app: notes when the first product card is painted (ms since navigation start). */
function watchFirstCard() {
  const w = window as Window & { __gridPaintedAt?: number };
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[data-testid="product-card"]')) return;
    observer.disconnect();
    requestAnimationFrame(() =>
      setTimeout(() => {
        w.__gridPaintedAt = performance.now();
      }, 0),
    );
  });
  observer.observe(document, { childList: true, subtree: true });
}

async function paintTime(page: Page): Promise<number> {
  await page.reload({ waitUntil: 'commit' });
  const handle = await page.waitForFunction(() => (window as Window & { __gridPaintedAt?: number }).__gridPaintedAt, undefined, {
    timeout: 60_000,
    polling: 'raf',
  });
  return Number(await handle.jsonValue());
}

function summary(label: string, times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  return `${label}: median ${Math.round(median)} ms, min ${Math.round(sorted[0])} ms, max ${Math.round(sorted[sorted.length - 1])} ms (${times.map(Math.round).join(', ')})`;
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
});
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(watchFirstCard);
  const page = await context.newPage();
  const started = Date.now();
  await page.goto(base);
  while ((await storeCount(page, 'products')) < total) await page.waitForTimeout(250);
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, { timeout: 60_000 });
  console.log(`first visit: ${total} products held on the device after ${Date.now() - started} ms`);

  const online: number[] = [];
  for (let i = 0; i < runs; i += 1) online.push(await paintTime(page));
  await context.setOffline(true);
  const offline: number[] = [];
  for (let i = 0; i < runs; i += 1) offline.push(await paintTime(page));
  await context.setOffline(false);

  console.log(`home grid painted on a repeat visit, ${total} products on the device (navigation start → first frame with a product card):`);
  console.log(summary('  online ', online));
  console.log(summary('  offline', offline));
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  console.log(`  target < ${TARGET_MS} ms offline (median): ${median(offline) < TARGET_MS ? 'met' : 'NOT met'}`);
  record(`Repeat visit (${total} products on the device)`, [
    {
      figure: `home grid painted offline, median of ${runs}`,
      value: Math.round(median(offline)),
      unit: 'ms',
      target: `< ${TARGET_MS} ms`,
      met: median(offline) < TARGET_MS,
    },
    { figure: `home grid painted online, median of ${runs}`, value: Math.round(median(online)), unit: 'ms' },
  ]);
  // Shared machines: the figures only mean something next to how busy the cores were.
  console.log(
    `  load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} on ${cpus().length} cores`,
  );
} finally {
  await browser.close();
  server.kill();
}
