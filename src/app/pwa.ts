import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';
import { onAppOutdated, onNewerAppVersion, shellInstalling } from '../queries/status';

/**
 * The service worker's life (vite-plugin-pwa in prompt mode): register it, and when a new
 * version is waiting let the user activate it (UpdatePrompt) instead of swapping code under them.
 */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

interface PwaState {
  updateReady: boolean;
  installPrompt: BeforeInstallPromptEvent | null;
}

export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** What the server rendered with: no offer to install, no update waiting. */
const RENDERED: PwaState = { updateReady: false, installPrompt: null };
let state: PwaState = RENDERED;
let workbox: Workbox | null = null;
/** Settles once the app may start (finishUpdate). */
let finishing: Promise<void> = Promise.resolve();
const listeners = new Set<() => void>();

function setState(patch: Partial<PwaState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

/** The page has fetched nothing new for this long: its first screen is in. */
const QUIET_MS = 1_500;
/** Registration waits no longer than this after the load event, however busy the page is. */
const QUIET_MAX_WAIT_MS = 15_000;

/** Resolves once the page has loaded and its network has been quiet for QUIET_MS (or at most QUIET_MAX_WAIT_MS). */
function networkQuiet(): Promise<void> {
  return new Promise((resolve) => {
    const watch = () => {
      const startedAt = performance.now();
      let seen = performance.getEntriesByType('resource').length;
      let quietSince = startedAt;
      const timer = setInterval(() => {
        const now = performance.now();
        const count = performance.getEntriesByType('resource').length;
        if (count !== seen) {
          seen = count;
          quietSince = now;
        }
        if (now - quietSince >= QUIET_MS || now - startedAt >= QUIET_MAX_WAIT_MS) {
          clearInterval(timer);
          resolve();
        }
      }, 250);
    };
    if (document.readyState === 'complete') watch();
    else window.addEventListener('load', watch, { once: true });
  });
}

/** Resolves once the worker being installed has its files saved, or its install failed. */
function installEnded(registration: ServiceWorkerRegistration | undefined): Promise<void> {
  const worker = registration?.installing;
  if (!worker) return Promise.resolve();
  return new Promise((resolve) => {
    const check = () => {
      if (worker.state === 'installing') return;
      worker.removeEventListener('statechange', check);
      resolve();
    };
    worker.addEventListener('statechange', check);
    check();
  });
}

/**
 * Registers once the first screen is in (the page loaded and its network quiet): on a slow
 * network the worker's precache download would otherwise compete with the first screen's
 * code, data and pictures. workbox-window is its own chunk, out of the entry script. A page
 * no worker controls yet holds the catalogue's copy until the install ends (src/sync/shell.ts).
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  finishing = finishUpdate();
  const register = async () => {
    await finishing;
    await networkQuiet();
    const { Workbox } = await import('workbox-window');
    workbox = new Workbox('/sw.js', { scope: '/' });
    workbox.addEventListener('waiting', () => setState({ updateReady: true }));
    const registration = await workbox.register();
    setInterval(() => workbox?.update(), UPDATE_CHECK_MS);
    await installEnded(registration);
  };
  // The server hands out a newer app, or no longer serves this one: look for it now, not within the hour.
  const lookNow = () =>
    void navigator.serviceWorker.getRegistration().then((registration) => registration?.update().catch(() => undefined));
  onNewerAppVersion(lookNow);
  onAppOutdated(lookNow);
  const registered = register();
  if (!navigator.serviceWorker.controller) shellInstalling(registered);
  registered.catch((error) => console.warn('Service worker registration failed', error));
}

/**
 * How long Reload waits for the new worker to take over before reloading anyway. The browser
 * activates a skip-waiting worker only once the old one has no request in flight, and the page's
 * own background traffic (the catalogue's pages, pictures saved ahead) can keep it busy for
 * minutes on a slow link; reloading ends that traffic. The old worker may still answer that
 * reload, so the page it loads finishes the update (finishUpdate).
 */
const TAKE_OVER_WAIT_MS = 3_000;
/** Set in sessionStorage when Reload reloaded before the new worker took over. */
const UPDATE_PENDING_KEY = 'marketplace:update-pending';

/** Activates the waiting worker, then reloads once it controls the page (or it is kept waiting). */
export function applyUpdate(): void {
  if (!workbox) {
    window.location.reload();
    return;
  }
  let reloading = false;
  const reload = (pending: boolean) => {
    if (reloading) return;
    reloading = true;
    if (pending) sessionStorage.setItem(UPDATE_PENDING_KEY, '1');
    window.location.reload();
  };
  workbox.addEventListener('controlling', () => reload(false));
  workbox.messageSkipWaiting();
  setTimeout(() => reload(true), TAKE_OVER_WAIT_MS);
}

/** What "Update now" came to when it could not reload into the new version. */
export type UpdateOutcome = 'reloading' | 'unreachable' | 'not-ready';

/** How long "Update now" waits for the new version's worker to install (its files to download). */
const INSTALL_WAIT_MS = 2 * 60_000;

/** Resolves true once the worker is installed (waiting) or active, false when it failed or took too long. */
function installed(worker: ServiceWorker): Promise<boolean> {
  return new Promise((resolve) => {
    const settle = () => {
      if (worker.state === 'installed' || worker.state === 'activating' || worker.state === 'activated') resolve(true);
      else if (worker.state === 'redundant') resolve(false);
      else return;
      clearTimeout(timer);
      worker.removeEventListener('statechange', settle);
    };
    const timer = setTimeout(() => resolve(false), INSTALL_WAIT_MS);
    worker.addEventListener('statechange', settle);
    settle();
  });
}

/**
 * "Update to continue" (docs/api.md#app-versions): fetches the new version's worker when it is
 * not waiting already, activates it and reloads into it, as Reload does. The local database,
 * and with it every change still queued, is the same after the reload. Without a worker the
 * page simply reloads: the server hands out the new version.
 */
export async function updateApp(): Promise<UpdateOutcome> {
  const registration = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined;
  if (!registration?.active) {
    window.location.reload();
    return 'reloading';
  }
  if (!registration.waiting) {
    try {
      await registration.update();
    } catch {
      return 'unreachable';
    }
    const incoming = registration.installing ?? registration.waiting;
    // The server still hands out this very version: nothing to take yet.
    if (!incoming) return 'not-ready';
    if (!(await installed(incoming))) return 'unreachable';
  }
  const waiting = registration.waiting;
  if (!waiting) return 'not-ready';
  let reloading = false;
  const reload = (pending: boolean) => {
    if (reloading) return;
    reloading = true;
    if (pending) sessionStorage.setItem(UPDATE_PENDING_KEY, '1');
    window.location.reload();
  };
  navigator.serviceWorker.addEventListener('controllerchange', () => reload(false), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
  setTimeout(() => reload(true), TAKE_OVER_WAIT_MS);
  return 'reloading';
}

/** How long a page that Reload loaded under the old worker stays quiet for the new one to take over. */
const FINISH_WAIT_MS = 10_000;

/**
 * On the page Reload loaded while the old worker still answered: once the new worker (told to
 * skip waiting) takes over, reload once more so the page runs the new version. The browser lets
 * it take over only once the old worker has nothing in flight, so until then (at most
 * FINISH_WAIT_MS) the app is not started (src/main.tsx): its pictures and sync would keep the old
 * worker busy. A page whose worker is already the newest clears the mark and starts at once; one
 * still waiting after FINISH_WAIT_MS starts and offers the update again.
 */
function finishUpdate(): Promise<void> {
  if (sessionStorage.getItem(UPDATE_PENDING_KEY) === null) return Promise.resolve();
  sessionStorage.removeItem(UPDATE_PENDING_KEY);
  const servedBy = navigator.serviceWorker.controller;
  return new Promise<void>((resolve) => {
    const reload = () => window.location.reload();
    const start = () => {
      navigator.serviceWorker.removeEventListener('controllerchange', reload);
      resolve();
    };
    navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
    void navigator.serviceWorker.getRegistration().then((registration) => {
      // It took over before this page listened: the page still runs the code the old one served.
      if (navigator.serviceWorker.controller !== servedBy) return reload();
      const newest = registration?.waiting ?? registration?.active;
      if (!newest || newest === servedBy) return start();
      newest.postMessage({ type: 'SKIP_WAITING' });
      // Still waiting: the app starts, and the update prompt (its 'waiting' event) offers it again.
      setTimeout(start, FINISH_WAIT_MS);
    });
  });
}

/** Resolves once the app may start: at once, unless Reload's update is still taking over. */
export function updateSettled(): Promise<void> {
  return finishing;
}

/**
 * The browser offers installation through beforeinstallprompt; keep it for our own button. An
 * offer made before this code loaded was kept by index.html's first script.
 */
export function listenForInstallPrompt(): void {
  const early = window as { __installPrompt?: BeforeInstallPromptEvent };
  if (early.__installPrompt) setState({ installPrompt: early.__installPrompt });
  delete early.__installPrompt;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    setState({ installPrompt: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => setState({ installPrompt: null }));
}

export async function promptInstall(): Promise<void> {
  const event = state.installPrompt;
  if (!event) return;
  await event.prompt();
  await event.userChoice.catch(() => undefined);
  setState({ installPrompt: null });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Hydration reads RENDERED, not the state now: the browser may offer installation while the page
 * still waits for its translations, and an install button the server's markup lacks would make
 * React throw that markup away (error #418). The offer shows in the render right after.
 */
export function usePwa(): PwaState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => RENDERED,
  );
}
