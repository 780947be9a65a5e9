/**
 * Lighthouse on the pages people land on, run by hand or by `npm run bench` (never part of npm test):
 *   npx tsx bench/lighthouse.ts         (BENCH_URL=http://... to measure a running server;
 *                                        BENCH_LH_RUNS=n runs per page and preset, default 3: the median is kept;
 *                                        BENCH_LH_ONLY=1 the home page only; BENCH_LH_PAGES=product,search some pages;
 *                                        BENCH_LH_PRESETS=mobile one preset; BENCH_LH_DIAG=1 where the time goes)
 * Starts the real server (demo catalogue, fresh data folder, the built web app) and audits home,
 * a product, search, a category, a seller, flash deals, new arrivals and login with Lighthouse 12's mobile preset (about 1.6 Mbps,
 * 150 ms, a 4× slower CPU) and its desktop preset, in headless Chromium with a cold profile each
 * run. Prints and records the four category scores and the largest paint, layout shift, total
 * blocking time and first contentful paint. Targets (bench/README.md): mobile performance ≥ 90,
 * CLS < 0.02, LCP < 2.0 s, accessibility, best practices and SEO 100.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config, type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_ARGS } from '../tests/chromium';
import { record } from './record';
import { startServer } from './server';

const RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/**
 * Chromium 14x+ traces lack a field Lighthouse's trace engine reads without a check, and six
 * audits fail with "Cannot read properties of undefined (reading 'frame_sequence')"; the read
 * is made optional in the installed copy (idempotent) until a Lighthouse release fixes it.
 */
function patchTraceEngine(): void {
  const require = createRequire(import.meta.url);
  const file = require.resolve('@paulirish/trace_engine/models/trace/handlers/ScreenshotsHandler.js', {
    paths: [require.resolve('lighthouse')],
  });
  const source = readFileSync(file, 'utf8');
  const patched = source.replace(/frameReporter\.frame_sequence/g, 'frameReporter?.frame_sequence');
  if (patched !== source) writeFileSync(file, patched);
}

interface Result {
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** The audits that cost a category points, by id. */
  failing: string[];
  lcp: number;
  cls: number;
  tbt: number;
  fcp: number;
  /** Where the time went (BENCH_LH_DIAG=1): the LCP's phases, script cost, long tasks, requests. */
  diagnostics: string[];
}

/** A run whose trace could not be recorded (NO_NAVSTART, seen on a busy machine) is tried again, twice at most. */
async function auditWithRetry(url: string, preset: 'mobile' | 'desktop'): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, preset);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`        retrying ${url} (${preset}): ${String(error)}`);
    }
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function audit(url: string, preset: 'mobile' | 'desktop'): Promise<Result> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] };
    const config = preset === 'desktop' ? (desktopConfig as Config) : undefined;
    const runner = await lighthouse(url, flags, config);
    if (!runner) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = runner;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const failing = CATEGORIES.filter((c) => c !== 'performance').flatMap((c) =>
      (lhr.categories[c]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id),
    );
    return {
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Result['scores'],
      failing,
      lcp: metric('largest-contentful-paint'),
      cls: metric('cumulative-layout-shift'),
      tbt: metric('total-blocking-time'),
      fcp: metric('first-contentful-paint'),
      diagnostics: process.env.BENCH_LH_DIAG ? diagnose(lhr) : [],
    };
  } finally {
    await chrome.kill();
  }
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
type Row = Record<string, unknown>;

/** The rows of an audit's table (a nested table's rows too, as the LCP element audit nests its phases). */
function rows(lhr: Lhr, id: string): Row[] {
  const details = lhr.audits[id]?.details as { type?: string; items?: Row[] } | undefined;
  if (!details?.items) return [];
  if (details.type === 'list') return details.items.flatMap((item) => ((item as { items?: Row[] }).items ?? []) as Row[]);
  return details.items;
}

const ms = (value: unknown) => `${Math.round(Number(value ?? 0))} ms`;
const shortUrl = (value: unknown) => String(value ?? '').replace(/^https?:\/\/[^/]+/, '');

function diagnose(lhr: Lhr): string[] {
  const lines: string[] = [];
  const phases = rows(lhr, 'largest-contentful-paint-element').filter((row) => 'phase' in row);
  const element = rows(lhr, 'largest-contentful-paint-element').find((row) => 'node' in row) as { node?: { snippet?: string } } | undefined;
  lines.push(`LCP element: ${element?.node?.snippet?.slice(0, 160) ?? '?'}`);
  lines.push(`LCP phases: ${phases.map((row) => `${row.phase} ${ms(row.timing)}`).join(', ')}`);
  lines.push(
    `TTFB ${ms(lhr.audits['server-response-time']?.numericValue)}, main-thread ${ms(lhr.audits['mainthread-work-breakdown']?.numericValue)}, script ${ms(lhr.audits['bootup-time']?.numericValue)}`,
  );
  lines.push(
    `work: ${rows(lhr, 'mainthread-work-breakdown')
      .map((row) => `${row.groupLabel} ${ms(row.duration)}`)
      .join(', ')}`,
  );
  for (const row of rows(lhr, 'bootup-time').slice(0, 5))
    lines.push(`script ${shortUrl(row.url)}: total ${ms(row.total)}, evaluation ${ms(row.scripting)}, parse ${ms(row.scriptParseCompile)}`);
  for (const row of rows(lhr, 'long-tasks').slice(0, 8))
    lines.push(`long task at ${ms(row.startTime)} for ${ms(row.duration)}: ${shortUrl(row.url)}`);
  for (const row of rows(lhr, 'network-requests').slice(0, 25))
    lines.push(
      `request ${ms(row.networkRequestTime)}–${ms(row.networkEndTime)} ${String(row.priority ?? '').padEnd(8)} ${Math.round(Number(row.transferSize ?? 0) / 102.4) / 10} KB ${shortUrl(row.url).slice(0, 90)}`,
    );
  for (const row of rows(lhr, 'errors-in-console'))
    lines.push(
      `console: ${String(row.description ?? '').slice(0, 300)} ${shortUrl(row.sourceLocation && (row.sourceLocation as Row).url)}`,
    );
  for (const row of rows(lhr, 'layout-shifts').slice(0, 5))
    lines.push(
      `layout shift ${Number(row.score ?? 0).toFixed(3)}: ${String((row.node as { snippet?: string } | undefined)?.snippet ?? '?').slice(0, 160)}`,
    );
  const blocking = rows(lhr, 'render-blocking-resources').map((row) => `${shortUrl(row.url)} (${ms(row.wastedMs)})`);
  if (blocking.length > 0) lines.push(`render-blocking: ${blocking.join(', ')}`);
  return lines;
}

patchTraceEngine();
const server = process.env.BENCH_URL
  ? { url: process.env.BENCH_URL, stop: async () => undefined }
  : await startServer('bench-lighthouse', 60_000);
try {
  // A product and a category that exist in the demo catalogue.
  const product = (await (await fetch(`${server.url}/api/products/top-rated/?limit=1`)).json()) as { results: Array<{ id: number }> };
  const categories = (await (await fetch(`${server.url}/api/categories/`)).json()) as
    | Array<{ id: number; name: string }>
    | { results: Array<{ id: number; name: string }> };
  const category = (Array.isArray(categories) ? categories : categories.results)[0];
  const first = product.results[0] as { id: number; supplier?: { id: number } } | undefined;
  const all: Record<string, string> = {
    home: '/',
    product: `/products/${first?.id ?? 1}`,
    // A word the demo catalogue has (7 products): the grid, not an empty state, is measured.
    search: '/search/solar',
    category: `/category/${category?.id ?? 1}/${encodeURIComponent(category?.name ?? 'x')}`,
    seller: `/users/${first?.supplier?.id ?? 1}`,
    flashDeals: '/flash-deals',
    newArrivals: '/new-arrivals',
    login: '/login',
  };
  const only = process.env.BENCH_LH_ONLY ? ['home'] : process.env.BENCH_LH_PAGES?.split(',');
  const pages = only ? Object.fromEntries(Object.entries(all).filter(([name]) => only.includes(name))) : all;
  console.log(`Lighthouse 12, median of ${RUNS} run(s) per page and preset`);
  const presets = (['mobile', 'desktop'] as const).filter((preset) => (process.env.BENCH_LH_PRESETS ?? 'mobile,desktop').includes(preset));
  for (const preset of presets) {
    for (const [name, path] of Object.entries(pages)) {
      const runs: Result[] = [];
      // A page someone has asked for since the last catalogue change comes from the render cache
      // (server/web/landing.ts): the runs measure that, not the one visitor who made it.
      await fetch(`${server.url}${path}`).then((r) => r.arrayBuffer());
      for (let i = 0; i < RUNS; i++) runs.push(await auditWithRetry(`${server.url}${path}`, preset));
      // The run with the median performance score stands for the page (its metrics belong together).
      const perf = median(runs.map((r) => r.scores.performance));
      const r = runs.find((run) => run.scores.performance === perf) ?? runs[0];
      const s = r.scores;
      console.log(
        `${preset.padEnd(7)} ${name.padEnd(11)} perf ${String(s.performance).padStart(3)}  a11y ${String(s.accessibility).padStart(3)}  best ${String(s['best-practices']).padStart(3)}  seo ${String(s.seo).padStart(3)}  LCP ${Math.round(r.lcp)} ms  CLS ${r.cls.toFixed(3)}  TBT ${Math.round(r.tbt)} ms  FCP ${Math.round(r.fcp)} ms`,
      );
      if (r.failing.length > 0) console.log(`        failing: ${r.failing.join(', ')}`);
      for (const line of r.diagnostics) console.log(`        ${line}`);
      const mobile = preset === 'mobile';
      record('Lighthouse', [
        {
          figure: `${preset} ${name}: performance score`,
          value: s.performance,
          unit: '',
          ...(mobile ? { target: '≥ 90', met: s.performance >= 90 } : {}),
        },
        {
          figure: `${preset} ${name}: accessibility / best practices / SEO`,
          value: Math.min(s.accessibility, s['best-practices'], s.seo),
          unit: '(lowest)',
          ...(mobile ? { target: '100', met: Math.min(s.accessibility, s['best-practices'], s.seo) === 100 } : {}),
        },
        {
          figure: `${preset} ${name}: largest contentful paint`,
          value: Math.round(r.lcp),
          unit: 'ms',
          ...(mobile ? { target: '< 2000 ms', met: r.lcp < 2000 } : {}),
        },
        {
          figure: `${preset} ${name}: cumulative layout shift`,
          value: Number(r.cls.toFixed(3)),
          unit: '',
          target: '< 0.02',
          met: r.cls < 0.02,
        },
      ]);
    }
  }
} finally {
  await server.stop();
}
