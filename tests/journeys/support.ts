import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '@server/seed/data';
import { PROJECT_ROOT } from '@server/web';
import { e2e, waitOutSplash } from '../e2e/helpers';
import { freePort } from '../ports';
import { CHROMIUM_ARGS } from '../chromium';

export { storeCount } from '../device-store';

/** What the offline journeys share: the server as a client sees it, the network's faults, the device's database. */

export interface Session {
  token: string;
  id: number;
  base: string;
}

export async function apiLogin(email: string, base = e2e.baseUrl): Promise<Session> {
  const login = await fetch(`${base}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`Login of ${email} answered ${login.status}`);
  const { access } = (await login.json()) as { access: string };
  const me = (await (await fetch(`${base}/api/me/`, { headers: { authorization: `Bearer ${access}` } })).json()) as { id: number };
  return { token: access, id: me.id, base };
}

export async function apiAs<T = any>(session: Session, route: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${session.base}${route}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${session.token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${route} answered ${response.status}: ${await response.text()}`);
  return (response.status === 204 ? null : response.json()) as Promise<T>;
}

export interface ApiProduct {
  id: number;
  name: string;
  price: string;
  supplier: { id: number };
}

/** The demo catalogue's products, newest first. */
export async function catalogue(base = e2e.baseUrl): Promise<ApiProduct[]> {
  const page = (await (await fetch(`${base}/api/products/?limit=200`)).json()) as { results: ApiProduct[] };
  return page.results;
}

export const favoriteIds = async (s: Session) =>
  (await apiAs<{ results: Array<{ product: { id: number } }> }>(s, '/api/favorites/?limit=200')).results.map((f) => f.product.id);
export const messageTexts = async (s: Session, conversation: number) =>
  (await apiAs<{ results: Array<{ text: string }> }>(s, `/api/conversations/${conversation}/messages/?limit=500`)).results.map(
    (m) => m.text,
  );
export const reviewComments = async (base: string, product: number) =>
  (
    (await (await fetch(`${base}/api/products/${product}/reviews/?limit=100`)).json()) as { results: Array<{ comment: string }> }
  ).results.map((r) => r.comment);

/** Products this buyer has neither favourited nor reviewed, chosen from the end of the list so journeys do not share them. */
export async function freshProducts(session: Session, who: string, skip: number, count: number): Promise<ApiProduct[]> {
  const favourites = new Set(await favoriteIds(session));
  const chosen: ApiProduct[] = [];
  for (const product of (await catalogue()).slice(skip)) {
    if (favourites.has(product.id)) continue;
    const reviews = (await fetch(`${session.base}/api/products/${product.id}/reviews/?limit=100`).then((r) => r.json())) as {
      results: Array<{ reviewer: { first_name: string } }>;
    };
    if (reviews.results.some((r) => r.reviewer.first_name === who)) continue;
    chosen.push(product);
    if (chosen.length === count) return chosen;
  }
  throw new Error(`Not enough products ${who} has not touched`);
}

/**
 * Chrome DevTools' "Slow 3G" (2 s round trips, 400 kbps each way) through the DevTools Protocol.
 * The answer detaches the session: an attached session keeps navigator.onLine true under
 * Playwright's offline mode, so offline is emulated with the session gone.
 */
export async function slow3g(page: Page): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 2_000,
    downloadThroughput: 50_000,
    uploadThroughput: 50_000,
  });
  return async () => {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.detach();
  };
}

/**
 * "Lie-fi": online, but no API request ever answers. With `reachServer`, each request still
 * reaches the server (which commits it) and only the answer is lost.
 */
export async function lieFi(context: BrowserContext, reachServer = false): Promise<{ held: number; restore(): Promise<void> }> {
  const state = { held: 0 };
  const handler = async (route: import('playwright-core').Route) => {
    state.held += 1;
    if (reachServer) await route.fetch().catch(() => undefined);
    // Never fulfilled: the app's own timeout has to give up on it.
  };
  await context.route('**/api/**', handler);
  return {
    get held() {
      return state.held;
    },
    restore: () => context.unroute('**/api/**', handler),
  };
}

/** Whether this machine lets tests/journeys/small-disk.sh mount a disk of its own (user namespaces). */
export const canMountSmallDisk = spawnSync('unshare', ['-rm', 'sh', '-c', 'mount -t tmpfs -o size=1m tmpfs "$0"', tmpdir()]).status === 0;

/**
 * Chromium with a profile folder that outlives it: close and relaunch it to restart the browser.
 * With `diskSize` (e.g. '40m') the profile sits on a disk of that size (tests/journeys/small-disk.sh).
 * `offline`: no network for this whole run of the browser, service worker included. Playwright's
 * offline mode (`context.setOffline`, or `offline` at launch) does not reach a service worker
 * that a Background Sync left in the profile wakes during the launch: that worker reaches the
 * server and sends the outbox. So the browser's every request goes to a proxy that is not there
 * (loopback too), and the pages are offline as well; the network comes back with a restart.
 */
export async function profileBrowser(
  profile: string,
  { baseURL = e2e.baseUrl, diskSize, offline = false }: { baseURL?: string; diskSize?: string; offline?: boolean } = {},
) {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: diskSize ? path.join(PROJECT_ROOT, 'tests/journeys/small-disk.sh') : e2e.chromium,
    env: diskSize ? { ...process.env, SMALL_DISK_DIR: profile, SMALL_DISK_SIZE: diskSize, SMALL_DISK_CHROMIUM: e2e.chromium } : undefined,
    headless: true,
    baseURL,
    offline,
    viewport: { width: 1280, height: 900 },
    args: offline ? [...CHROMIUM_ARGS, '--proxy-server=http://127.0.0.1:9', '--proxy-bypass-list=<-loopback>'] : CHROMIUM_ARGS,
  });
  context.setDefaultTimeout(40_000);
  waitOutSplash(context);
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.stack ?? error.message));
  return { context, page, errors };
}

export const tempDir = (prefix: string) => mkdtemp(path.join(tmpdir(), prefix));

/** Which code a journey's server runs: a source tree and its web build. */
export interface ServerCode {
  root: string;
  webDir: string;
}

/**
 * A server of the journey's own (its data folder and port; the suite's web build), which the
 * journey may kill -9 and start again on the same folder and port (same origin for the browser),
 * the same code or another (`code`: an earlier release, tests/journeys/upgrade.test.ts).
 */
export async function ownServer(options: { env?: Record<string, string>; code?: ServerCode } = {}) {
  const dataDir = await tempDir('mk-journey-data-');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let log = '';
  let code: ServerCode = options.code ?? { root: PROJECT_ROOT, webDir: e2e.webDir };
  const start = async (next?: ServerCode) => {
    log = '';
    if (next) code = next;
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: code.root,
      env: {
        ...Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'NODE_ENV' && !key.startsWith('VITEST'))),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: '1',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: code.webDir,
        DATABASE_URL: '',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-10_000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const deadline = Date.now() + 120_000;
    while (
      !(await fetch(`${url}/api/health/`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`The journey's server did not start:\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const kill = async () => {
    const running = child;
    // A process ended by a signal keeps exitCode null: signalCode says it is gone.
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url,
    start,
    kill,
    /** Sends the server process a signal (e.g. SIGUSR2 to a clock of tests/journeys/server-clock.mjs). */
    signal(name: NodeJS.Signals) {
      (child as ChildProcess | null)?.kill(name);
    },
    async close() {
      await kill();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
