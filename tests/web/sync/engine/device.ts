import { afterAll, beforeAll, beforeEach } from 'vitest';
import { db } from '@/db/db';
import { forgetRefresh, setApiBase } from '@/sync/api/client';
import { reportReachable } from '@/sync/api/connectivity';
import { forgetTrouble } from '@/sync/api/health';
import { forgetLanes } from '@/sync/outbox/lanes';
import { setTokens } from '@/sync/session/tokens';
import { APP_VERSION_HEADER } from '@/shared/app-version';
import { forgetAppVersions } from '@/sync/api/appVersion';
import { pullStream, type StreamName } from '@/sync/pull/streams';
import { createUser, startTestApp, type TestApp, type TestUser } from '@tests/server/helpers';

/**
 * The network between the device and the in-process API server, with faults on demand:
 * offline (connection refused), hanging requests ("lie-fi"), 5xx answers, and answers lost
 * after the server committed. Every request really reaches the server unless a fault stops it.
 */
export interface Network {
  offline: boolean;
  /** Requests never answer (the engine's timeout decides). */
  hang: boolean;
  /** The next N requests get a 503 without reaching the server. */
  failNext: number;
  /** Requests whose URL matches get a 503 without reaching the server. */
  failMatching: RegExp | null;
  /** The status and Retry-After of those failures (503, none by default). */
  failStatus?: number;
  retryAfter?: string | null;
  /** Requests ("METHOD /path?query") that match never answer; the others pass. */
  hangMatching?: RegExp | null;
  /** A request ("METHOD /path") that matches reaches the server, but its answer waits for `until`. */
  holdAnswer?: { matching: RegExp; until: Promise<void> } | null;
  /** The answers of the next N token refreshes are lost (the server rotated the tokens). */
  loseRefresh?: number;
  /** Every request the device made, whatever became of it. */
  tried?: number;
  /** Requests sent to the server whose answer has not come back yet. */
  inFlight?: number;
  /** The next N requests reach the server, but their answer is lost. */
  loseNext: number;
  /** The next request reaches the server and then the device "reloads": its answer never settles. */
  crashNext: boolean;
  /** The same for the next request ("METHOD /path") that matches. */
  crashMatching?: RegExp | null;
  /** Requests that reached the server, as "METHOD /path". */
  log: string[];
  /** The device runs an older build: its requests state this X-App-Version (docs/api.md#app-versions). */
  appVersion?: number | null;
}

const DEVICE_BASE = 'http://device.invalid/api';

export function connectDevice(t: TestApp): Network {
  const network: Network = { offline: false, hang: false, failNext: 0, failMatching: null, loseNext: 0, crashNext: false, log: [] };
  // The device's requests go to a base of their own, so the test's own API calls pass untouched.
  setApiBase(DEVICE_BASE);
  const realFetch = globalThis.fetch.bind(globalThis);
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (!String(input).startsWith(DEVICE_BASE)) return realFetch(input, init);
    input = `${t.baseUrl}/api${String(input).slice(DEVICE_BASE.length)}`;
    const url = new URL(input);
    const label = `${init.method ?? 'GET'} ${url.pathname}`;
    network.tried = (network.tried ?? 0) + 1;
    if (network.offline) throw new TypeError('fetch failed');
    if (network.hang || network.hangMatching?.test(`${label}${url.search}`)) {
      return new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
    }
    if (network.failNext > 0 || network.failMatching?.test(url.href)) {
      if (network.failNext > 0) network.failNext -= 1;
      const headers: Record<string, string> = network.retryAfter ? { 'Retry-After': network.retryAfter } : {};
      return new Response(JSON.stringify({ detail: 'Service unavailable' }), { status: network.failStatus ?? 503, headers });
    }
    network.log.push(label);
    if (network.appVersion != null)
      init = { ...init, headers: { ...(init.headers as Record<string, string>), [APP_VERSION_HEADER]: String(network.appVersion) } };
    network.inFlight = (network.inFlight ?? 0) + 1;
    const response = await realFetch(input, init).finally(() => {
      network.inFlight = (network.inFlight ?? 1) - 1;
    });
    if (network.holdAnswer?.matching.test(label)) await network.holdAnswer.until;
    if (network.crashNext || network.crashMatching?.test(label)) {
      network.crashNext = false;
      network.crashMatching = null;
      await response.arrayBuffer();
      return new Promise<Response>(() => undefined);
    }
    if ((network.loseRefresh ?? 0) > 0 && url.pathname.endsWith('/auth/token/refresh/')) {
      network.loseRefresh! -= 1;
      await response.arrayBuffer();
      throw new TypeError('fetch failed');
    }
    if (network.loseNext > 0) {
      network.loseNext -= 1;
      await response.arrayBuffer();
      throw new TypeError('fetch failed');
    }
    return response;
  }) as typeof fetch;
  return network;
}

/** The device signs in as `user` (tokens stored as the app stores them). */
export function signIn(user: TestUser): void {
  setTokens({ access: user.token, refresh: user.refresh });
}

/**
 * Pulls `stream` until `arrived` holds. On PostgreSQL a pull hands out only the changes of
 * transactions older than every one still running in the cluster (docs/api.md#delta-sync), so under a
 * busy CI a write can take a further pull to show, as it would on a device's next cycle.
 */
export async function pullUntil(stream: StreamName, arrived: () => Promise<boolean>, withinMs = 15_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  do {
    await pullStream(stream);
    if (await arrived()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  } while (Date.now() < deadline);
}

/** A fresh device: empty local database and storage, the server reachable. */
export async function resetDevice(): Promise<void> {
  await Promise.all(db.tables.map((table) => table.clear()));
  localStorage.clear();
  reportReachable();
  forgetTrouble();
  forgetAppVersions();
  forgetLanes();
  forgetRefresh();
}

export interface EngineSuite {
  t: TestApp;
  net: Network;
  supplier: TestUser;
}

/**
 * The hooks an engine test file shares: one in-process server, one device and a supplier per
 * file; before each test a fresh device on a healthy network. Call at the top of the file; the
 * fields are filled once its tests start.
 */
export function engineSuite(): EngineSuite {
  const suite = {} as EngineSuite;
  beforeAll(async () => {
    suite.t = await startTestApp();
    suite.net = connectDevice(suite.t);
    suite.supplier = await createUser(suite.t, { type: 'SUPPLIER' });
  });
  afterAll(async () => suite.t?.close());
  beforeEach(async () => {
    await resetDevice();
    Object.assign(suite.net, {
      offline: false,
      hang: false,
      hangMatching: null,
      holdAnswer: null,
      failNext: 0,
      failMatching: null,
      loseNext: 0,
      crashNext: false,
      crashMatching: null,
      appVersion: null,
    });
  });
  return suite;
}
