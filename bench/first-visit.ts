/**
 * First visit on a slow mobile network, run by hand (never part of npm test):
 *   npx tsx bench/first-visit.ts            (BENCH_URL=http://... to measure a running server)
 * Starts the real server (demo catalogue, fresh data folder, the built web app), then opens
 * `/` in headless Chromium with a cold profile, throttled through the DevTools Protocol to
 * 250 kbps down and up with 300 ms round trips, and prints: first contentful paint, when the
 * first product card ([data-testid="product-card"]) is visible, and the bytes on the wire
 * before it (also when the app's first screen, React's <main class="screen">, replaced the
 * inline frame); then the same for a repeat visit online and one offline. Bytes are those the
 * page's own session sees: the service worker's fetches (its precache, and API calls it
 * passes on once it controls the page) are neither throttled nor counted by it.
 * Targets (bench/README.md#first-visit-on-a-slow-link): FCP < 1.5 s, first cards < 5 s, ≤ 160 KB before the first cards.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../tests/chromium';
import { record } from './record';
import { startServer } from './server';

const KBPS = 250;
const RTT_MS = 300;
const CARD_TIMEOUT_MS = Number(process.env.BENCH_CARD_TIMEOUT_MS ?? 30_000);
const CARD = '[data-testid="product-card"]';

/** Wire bytes per request as the DevTools Protocol reports them, with their times. */
function meterNetwork(cdp: CDPSession) {
  const received: Array<{ at: number; bytes: number; id: string }> = [];
  const finished = new Map<string, { at: number; bytes: number }>();
  const urls = new Map<string, string>();
  const started = new Map<string, number>();
  let navigationAt = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    urls.set(e.requestId, e.request.url.replace(/^https?:\/\/[^/]+/, ''));
    started.set(e.requestId, e.timestamp);
    if (e.type === 'Document' && !navigationAt) navigationAt = e.timestamp;
  });
  cdp.on('Network.dataReceived', (e) => received.push({ at: e.timestamp, bytes: e.encodedDataLength, id: e.requestId }));
  cdp.on('Network.loadingFinished', (e) => finished.set(e.requestId, { at: e.timestamp, bytes: e.encodedDataLength }));
  return {
    /** Bytes on the wire up to `ms` after the navigation started (headers included once finished). */
    bytesUntil(ms: number): number {
      const cutoff = navigationAt + ms / 1000;
      let total = 0;
      const done = new Set<string>();
      for (const [id, f] of finished)
        if (f.at <= cutoff) {
          total += f.bytes;
          done.add(id);
        }
      for (const r of received) if (!done.has(r.id) && r.at <= cutoff) total += r.bytes;
      return total;
    },
    /** Each request's wire bytes up to `ms`, with when it started and finished, in order (BENCH_VERBOSE=1 prints them). */
    requestsUntil(ms: number): Array<{ url: string; bytes: number; start: number; end: number | null }> {
      const cutoff = navigationAt + ms / 1000;
      const per = new Map<string, number>();
      for (const [id, f] of finished) if (f.at <= cutoff) per.set(id, f.bytes);
      for (const r of received)
        if (!finished.has(r.id) || finished.get(r.id)!.at > cutoff) if (r.at <= cutoff) per.set(r.id, (per.get(r.id) ?? 0) + r.bytes);
      const since = (at: number) => Math.round((at - navigationAt) * 1000);
      return [...per]
        .map(([id, bytes]) => {
          const end = finished.get(id)?.at;
          return {
            url: urls.get(id) ?? id,
            bytes,
            start: since(started.get(id) ?? navigationAt),
            end: end !== undefined && end <= cutoff ? since(end) : null,
          };
        })
        .sort((a, b) => a.start - b.start);
    },
  };
}

/** Records, inside the page, when the app's first screen (React's) and the first product card showed. */
const WATCH_FIRST_CARD = `(() => {
  const check = () => {
    if (!window.__screenAt && document.querySelector('main.screen')) window.__screenAt = performance.now();
    if (window.__firstCardAt) return;
    const card = document.querySelector(${JSON.stringify(CARD)});
    if (card && card.getBoundingClientRect().height > 0) window.__firstCardAt = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
})();`;

interface Visit {
  label: string;
  fcp: number | null;
  screen: number | null;
  bytesBeforeScreen: number | null;
  firstCard: number | null;
  bytesBeforeCard: number | null;
  bytesTotal: number;
  unusedPreloads: number;
}

async function visit(context: BrowserContext, base: string, label: string, offline = false): Promise<Visit> {
  const page: Page = await context.newPage();
  const unused: string[] = [];
  page.on('console', (m) => {
    if (/preloaded using link preload but not used/.test(m.text())) unused.push(m.text());
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline,
    latency: RTT_MS,
    downloadThroughput: (KBPS * 1000) / 8,
    uploadThroughput: (KBPS * 1000) / 8,
  });
  const meter = meterNetwork(cdp);
  await page.addInitScript(WATCH_FIRST_CARD);
  await page.goto(`${base}/`, { waitUntil: 'load', timeout: 120_000 });
  const firstCard = await page
    .waitForFunction(() => (window as unknown as { __firstCardAt?: number }).__firstCardAt, undefined, { timeout: CARD_TIMEOUT_MS })
    .then(
      (handle) => handle.jsonValue() as Promise<number>,
      () => null,
    );
  // Whatever else the first screen asks for (images, the rest of the data) before measuring the total.
  await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
  const screen = await page.evaluate(() => (window as unknown as { __screenAt?: number }).__screenAt ?? null);
  const result: Visit = {
    label,
    fcp,
    screen,
    bytesBeforeScreen: screen === null ? null : meter.bytesUntil(screen),
    firstCard,
    bytesBeforeCard: firstCard === null ? null : meter.bytesUntil(firstCard),
    bytesTotal: meter.bytesUntil(Number.MAX_SAFE_INTEGER),
    unusedPreloads: unused.length,
  };
  if (process.env.BENCH_VERBOSE === '1') {
    const until = firstCard ?? screen ?? Number.MAX_SAFE_INTEGER;
    console.log(`${label}: requests before ${firstCard !== null ? 'the first card' : screen !== null ? 'the first screen' : 'the end'}`);
    for (const r of meter.requestsUntil(until))
      console.log(
        `  ${(r.bytes / 1024).toFixed(1).padStart(7)} KB  ${String(r.start).padStart(6)}–${String(r.end ?? '').padEnd(6)} ms  ${r.url}`,
      );
  }
  await cdp.detach();
  await page.close();
  return result;
}

const own = process.env.BENCH_URL ? null : await startServer('first-visit', 120_000);
const base = process.env.BENCH_URL ?? own!.url;
const profile = await mkdtemp(path.join(tmpdir(), 'first-visit-profile-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: '/usr/bin/chromium',
  headless: true,
  viewport: { width: 412, height: 915 },
  args: CHROMIUM_ARGS,
});
try {
  const results = [await visit(context, base, 'first visit (cold profile)')];
  // The repeat visits come once the service worker has installed its precache.
  const worker = await context.newPage();
  await worker.goto(`${base}/`);
  await worker.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await worker.close();
  results.push(await visit(context, base, 'repeat visit online'));
  results.push(await visit(context, base, 'repeat visit offline', true));

  const ms = (v: number | null) => (v === null ? 'n/a' : `${Math.round(v)} ms`);
  const kb = (v: number | null) => (v === null ? 'n/a' : `${(v / 1024).toFixed(1)} KB`);
  console.log(`\n${KBPS} kbps down/up, ${RTT_MS} ms round trip, Chromium headless, 412×915`);
  for (const r of results) {
    console.log(JSON.stringify(r));
    console.log(
      `${r.label.padEnd(28)} FCP ${ms(r.fcp).padStart(8)}  first screen ${ms(r.screen).padStart(8)} (${kb(r.bytesBeforeScreen)})  first card ${ms(r.firstCard).padStart(8)}  bytes before it ${kb(r.bytesBeforeCard).padStart(9)}  all bytes ${kb(r.bytesTotal).padStart(9)}  unused preloads ${r.unusedPreloads}`,
    );
  }
  const [first, online, offline] = results;
  record('First visit (250 kbps, 300 ms RTT)', [
    {
      figure: 'first visit: first contentful paint',
      value: first.fcp,
      unit: 'ms',
      target: '< 1,500 ms',
      met: first.fcp !== null && first.fcp < 1_500,
    },
    {
      figure: 'first visit: first product card',
      value: first.firstCard,
      unit: 'ms',
      target: '< 5,000 ms',
      met: first.firstCard !== null && first.firstCard < 5_000,
    },
    {
      figure: 'first visit: bytes before the first card',
      value: first.bytesBeforeCard === null ? null : Math.round(first.bytesBeforeCard / 1024),
      unit: 'KB',
      target: '≤ 160 KB',
      met: first.bytesBeforeCard !== null && first.bytesBeforeCard <= 160 * 1024,
    },
    { figure: 'repeat visit online: first product card', value: online.firstCard, unit: 'ms' },
    { figure: 'repeat visit offline: first product card', value: offline.firstCard, unit: 'ms' },
  ]);
  if (results[0].firstCard === null)
    console.log(`No ${CARD} appeared within ${CARD_TIMEOUT_MS / 1000} s: "all bytes" is what the first screen loaded.`);
} finally {
  await context.close();
  await rm(profile, { recursive: true, force: true });
  await own?.stop();
}
