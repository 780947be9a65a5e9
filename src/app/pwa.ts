import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';

/**
 * The service worker's life (vite-plugin-pwa in prompt mode): register it, and when a new
 * version is waiting let the user activate it (UpdatePrompt) instead of swapping code under them.
 */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

interface PwaState { updateReady: boolean; installPrompt: BeforeInstallPromptEvent | null }

export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let state: PwaState = { updateReady: false, installPrompt: null };
let workbox: Workbox | null = null;
const listeners = new Set<() => void>();

function update(patch: Partial<PwaState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

/**
 * Registers once the page has loaded: the worker's precache download then does not compete
 * with the first screen's code and data on a slow network, and workbox-window is its own
 * chunk, out of the entry script.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const register = async () => {
    const { Workbox } = await import('workbox-window');
    workbox = new Workbox('/sw.js', { scope: '/' });
    workbox.addEventListener('waiting', () => update({ updateReady: true }));
    await workbox.register();
    setInterval(() => workbox?.update(), UPDATE_CHECK_MS);
  };
  const start = () => { register().catch((error) => console.warn('Service worker registration failed', error)); };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** Activates the waiting worker, then reloads once it controls the page. */
export function applyUpdate(): void {
  if (!workbox) return window.location.reload();
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}

/** The browser offers installation through beforeinstallprompt; keep it for our own button. */
export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    update({ installPrompt: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => update({ installPrompt: null }));
}

export async function promptInstall(): Promise<void> {
  const event = state.installPrompt;
  if (!event) return;
  await event.prompt();
  await event.userChoice.catch(() => undefined);
  update({ installPrompt: null });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePwa(): PwaState {
  return useSyncExternalStore(subscribe, () => state, () => state);
}
