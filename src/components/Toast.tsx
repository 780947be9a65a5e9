import { useSyncExternalStore } from 'react';
import { FAVORITE_TOAST_MS } from '../shared/constants';

/**
 * Short confirmations ("Added to favorites!") shown at the bottom of the screen for 2.5 s
 * (docs/product.md#constants). One at a time: a new toast replaces the one showing. The store lives outside
 * the component that asked, so a toast outlives a card that disappears (a removed favourite).
 */
export interface ToastItem {
  id: number;
  message: string;
  kind: 'success' | 'error';
}

let current: ToastItem | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let nextId = 1;
const listeners = new Set<() => void>();

function set(item: ToastItem | null) {
  current = item;
  for (const listener of listeners) listener();
}

export function showToast(message: string, kind: ToastItem['kind'] = 'success', ms = FAVORITE_TOAST_MS): void {
  clearTimeout(timer);
  const item = { id: nextId++, message, kind };
  set(item);
  timer = setTimeout(() => {
    if (current?.id === item.id) set(null);
  }, ms);
}

export function dismissToast(): void {
  clearTimeout(timer);
  set(null);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToast(): ToastItem | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/**
 * Where toasts appear; mounted once in the app shell. The live region stays in the page so
 * screen readers announce each new message.
 */
export function ToastHost() {
  const toast = useToast();
  return (
    <div className="toast-region" role="status" aria-live="polite" aria-atomic="true">
      {toast ? (
        <div key={toast.id} className={`toast toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : undefined}>
          {toast.message}
        </div>
      ) : null}
    </div>
  );
}
