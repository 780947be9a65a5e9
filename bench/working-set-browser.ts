/**
 * The device's working set on the phone profile (docs/sync.md#working-set), run by hand against
 * a large generated catalogue:
 *   DATA_DIR=/tmp/scale-100k npx tsx bench/catalogue-generate.ts 100000
 *   DATA_DIR=/tmp/scale-100k BENCH_CPU_SLOWDOWN=4 npx tsx bench/working-set-browser.ts
 * Starts `npm start`'s server on that data (or uses BENCH_URL), opens the app as a guest in
 * headless Chromium with a 4× slower CPU, and waits until the device settles (its working set
 * full: the products held stop changing). Prints: IndexedDB bytes at settle, time to settle,
 * the longest main-thread task and the total blocking time meanwhile, then, offline, how long
 * the first search keystroke takes to show suggestions (the box waits 300 ms after a keystroke
 * by design: that wait is shown apart).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chromium } from 'playwright-core';
import { storeCount } from '../tests/device-store';

const SEARCH_DEBOUNCE_MS = 300;
const port = Number(process.env.BENCH_PORT ?? 3195);
let server: ChildProcess | null = null;
let base = process.env.BENCH_URL ?? '';
if (!base) {
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), SEED_DEMO: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  base = `http://127.0.0.1:${port}`;
}
for (let i = 0; ; i += 1) {
  if (
    await fetch(`${base}/api/health/`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  if (i > 600) throw new Error('the server did not start');
  await new Promise((resolve) => setTimeout(resolve, 500));
}
const total = ((await (await fetch(`${base}/api/products/?limit=1`)).json()) as { count: number }).count;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const context = await browser.newContext({ baseURL: base });
  await context.addInitScript(() => {
    const tasks: number[] = [];
    (window as unknown as { longTasks: number[] }).longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  const slowdown = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
  const cdp = await context.newCDPSession(page);
  if (slowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  const started = Date.now();
  await page.goto('/');
  // Settled: the count of products held has not moved for 5 s (and the device holds some).
  let last = -1;
  let since = Date.now();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const held = await storeCount(page, 'products');
    if (held !== last) {
      last = held;
      since = Date.now();
    } else if (held > 0 && Date.now() - since >= 5000) break;
    if (Date.now() - started > 15 * 60_000) throw new Error('the device did not settle within 15 minutes');
  }
  const settledMs = since - started;
  const usage = await page.evaluate(
    async () =>
      ((await navigator.storage.estimate()) as StorageEstimate & { usageDetails?: { indexedDB?: number } }).usageDetails?.indexedDB ?? 0,
  );
  const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
  const longest = Math.round(Math.max(0, ...longTasks));
  const blocking = Math.round(longTasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0));
  console.log(`catalogue on the server: ${total} products; held at settle: ${last} (CPU ${slowdown}× slower)`);
  console.log(`IndexedDB at settle: ${(usage / 1024 / 1024).toFixed(1)} MB; settled ${(settledMs / 1000).toFixed(1)} s after navigation`);
  console.log(
    `main thread until settled: longest task ${longest} ms, total blocking time ${blocking} ms, ${longTasks.length} tasks over 50 ms`,
  );

  // The first offline search keystroke: the term's second character, to the suggestions shown.
  await context.setOffline(true);
  const box = page.getByRole('combobox').first();
  await box.click();
  await box.pressSequentially('O');
  const t0 = Date.now();
  await box.press('r');
  await page.getByRole('listbox').getByRole('option').first().waitFor({ timeout: 60_000 });
  const keystroke = Date.now() - t0;
  console.log(
    `first offline search keystroke: suggestions after ${keystroke} ms (of which ${SEARCH_DEBOUNCE_MS} ms is the box's own wait: ${keystroke - SEARCH_DEBOUNCE_MS} ms of work)`,
  );
} finally {
  await browser.close();
  server?.kill('SIGTERM');
}
