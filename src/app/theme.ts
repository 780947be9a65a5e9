import { useSyncExternalStore } from 'react';
import THEME_COLORS from './theme-colors.json';

/** Light/dark theme (docs/product.md#who-it-is-for): data-theme on <html>, saved under 'theme', dark by default. */
export type Theme = 'light' | 'dark';
export const THEME_KEY = 'theme';
export const DEFAULT_THEME: Theme = 'dark';

const listeners = new Set<() => void>();

export function storedTheme(): Theme {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return value === 'light' || value === 'dark' ? value : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export function currentTheme(): Theme {
  const value = document.documentElement.getAttribute('data-theme');
  return value === 'light' || value === 'dark' ? value : storedTheme();
}

/** Applies a theme to the document and the browser chrome, and remembers it. */
export function setTheme(theme: Theme): void {
  document.documentElement.setAttribute('data-theme', theme);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Private mode without storage: the theme still applies for this visit.
  }
  for (const listener of listeners) listener();
}

export function toggleTheme(): Theme {
  const next: Theme = currentTheme() === 'dark' ? 'light' : 'dark';
  setTheme(next);
  return next;
}

/** Applies the stored theme (index.html does it before paint; this covers tests and odd starts). */
export function initTheme(): void {
  document.documentElement.setAttribute('data-theme', storedTheme());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme, () => DEFAULT_THEME);
}
