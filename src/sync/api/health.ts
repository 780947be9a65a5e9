import { useSyncExternalStore } from 'react';

/**
 * Whether the server is having trouble (docs/sync.md): it answered, but with a 5xx or a 429.
 * That is not "offline": the device reaches it, and hammering it makes things worse. One
 * backoff spans pull and push: after each such answer the engine waits (2 s, 4 s, then 3–6 s,
 * with jitter, never less than the server's Retry-After) before asking again. Any other answer
 * ends the trouble at once, and with it every wait; the count of failures is kept for a minute,
 * so an endpoint that keeps failing while others answer still backs off.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
const troubleListeners = new Set<Listener>();

let FIRST_MS = 2_000;
let MAX_MS = 6_000;
/** After this long without trouble, the next trouble starts the backoff afresh. */
const CALM_MS = 60_000;
let failures = 0;
let resumeAt = 0;
let troubled = false;
let lastTroubleAt = 0;

/** Tests shorten the waits (and start afresh). */
export function setTroubleTiming(firstMs: number, maxMs: number): void {
  FIRST_MS = firstMs;
  MAX_MS = maxMs;
  failures = 0;
  resumeAt = 0;
  lastTroubleAt = 0;
}

function emit(): void {
  for (const listener of listeners) listener();
}

/** The wait after the nth answer in a row that showed trouble: doubling to a cap, half of it random. */
export function troubleWait(n: number): number {
  const cap = Math.min(MAX_MS, FIRST_MS * 2 ** Math.max(0, n - 1));
  return cap / 2 + Math.random() * (cap / 2);
}

/** Retry-After in seconds or as an HTTP date, in ms from now; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header.trim());
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** The server answered 5xx or 429 (with its Retry-After, if any). */
export function reportTrouble(retryAfter: number | null = null): void {
  // One endpoint failing while others answer must not reset the backoff each time.
  if (Date.now() - lastTroubleAt > CALM_MS) failures = 0;
  lastTroubleAt = Date.now();
  failures += 1;
  resumeAt = Math.max(resumeAt, Date.now() + Math.max(retryAfter ?? 0, troubleWait(failures)));
  if (!troubled) {
    troubled = true;
    emit();
  }
  for (const listener of troubleListeners) listener();
}

/** Every answer that showed trouble (the engine then plans its one next try). */
export function onTrouble(listener: Listener): () => void {
  troubleListeners.add(listener);
  return () => troubleListeners.delete(listener);
}

/** The server answered normally: the trouble is over, nothing waits any longer. */
export function reportHealthy(): void {
  resumeAt = 0;
  if (!troubled) return;
  troubled = false;
  emit();
}

/** A fresh start: no trouble known (a new device in tests). */
export function forgetTrouble(): void {
  failures = 0;
  resumeAt = 0;
  lastTroubleAt = 0;
  troubled = false;
}

export function isTroubled(): boolean {
  return troubled;
}

/** How long the engine still waits before its next request (ms; 0: go). */
export function troubleWaitLeft(): number {
  return Math.max(0, resumeAt - Date.now());
}

export function onHealthChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The sync status shows "the server is having trouble" from this. */
export function useServerTrouble(): boolean {
  return useSyncExternalStore(onHealthChange, isTroubled, () => false);
}
