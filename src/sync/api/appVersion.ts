import { useSyncExternalStore } from 'react';
import {
  APP_OUTDATED_STATUS,
  APP_VERSION,
  APP_VERSION_HEADER,
  SUPPORTED_APP_VERSIONS_HEADER,
  parseVersionRange,
} from '../../shared/app-version';

/**
 * Whether the server still serves this build (docs/api.md#app-versions). Every request states
 * the build's version; an answer of 426, or a range whose minimum is above it, makes the app
 * outdated until it is updated: the engine sends nothing more (the outbox keeps every change)
 * and the app asks its user to update. A range whose newest version is above this build's says
 * a new version is out, so the app looks for it at once instead of at its next hourly check.
 * Every tab of the app learns it (a BroadcastChannel): they all run the same old build.
 */
type Listener = () => void;
const outdatedListeners = new Set<Listener>();
const newerListeners = new Set<Listener>();
let outdated = false;
let newest = APP_VERSION;
const CHANNEL = 'marketplace-app-version';
let channel: BroadcastChannel | null | undefined;

/** The header every request carries. */
export const APP_VERSION_HEADERS: Readonly<Record<string, string>> = { [APP_VERSION_HEADER]: String(APP_VERSION) };

function openChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  channel?.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
    if (event.data?.type === 'outdated') becomeOutdated(false);
  });
  return channel;
}

function becomeOutdated(tell: boolean): void {
  if (outdated) return;
  outdated = true;
  if (tell) openChannel()?.postMessage({ type: 'outdated' });
  for (const listener of outdatedListeners) listener();
}

/** Reads what an API answer says of the versions served. */
export function noteAppVersions(response: Pick<Response, 'status' | 'headers'>): void {
  const range = parseVersionRange(response.headers.get(SUPPORTED_APP_VERSIONS_HEADER));
  if (response.status === APP_OUTDATED_STATUS || (range && range.min > APP_VERSION)) becomeOutdated(true);
  if (range && range.max > newest) {
    newest = range.max;
    for (const listener of newerListeners) listener();
  }
}

export function isAppOutdated(): boolean {
  openChannel();
  return outdated;
}

/** Called once the app learns it is outdated; returns the unsubscribe function. */
export function onAppOutdated(listener: Listener): () => void {
  openChannel();
  outdatedListeners.add(listener);
  return () => outdatedListeners.delete(listener);
}

/** Called when an answer names a newer app version than any seen before. */
export function onNewerAppVersion(listener: Listener): () => void {
  newerListeners.add(listener);
  return () => newerListeners.delete(listener);
}

/** A fresh start (a new device in tests). */
export function forgetAppVersions(): void {
  outdated = false;
  newest = APP_VERSION;
}

/** "Update to continue" shows from this. */
export function useAppOutdated(): boolean {
  return useSyncExternalStore(onAppOutdated, isAppOutdated, () => false);
}
