import { useEffect, useState } from 'react';
import { SUGGESTION_DEBOUNCE_MS, SUGGESTION_LIMIT, SUGGESTION_MIN_CHARS } from '../shared/constants';
import type { SearchSuggestion } from '../shared/catalogue';
import { api, isOnline, loadDevice } from '../sync';

/** Where suggestions came from: the server, or the products held on the device (offline). */
export interface Suggestions {
  items: SearchSuggestion[];
  source: 'server' | 'device';
}

const NONE: Suggestions = { items: [], source: 'server' };

/**
 * Up to five products matching a term. Offline, or when the server cannot be reached, the
 * device's catalogue answers instead; other failures are logged and give none (docs/product.md#messages).
 */
export async function fetchSuggestions(term: string, signal?: AbortSignal): Promise<Suggestions> {
  const trimmed = term.trim();
  if (trimmed.length < SUGGESTION_MIN_CHARS) return NONE;
  if (!isOnline()) return { items: await (await loadDevice()).localSuggestions(trimmed), source: 'device' };
  try {
    return { items: (await api.suggestions(trimmed, SUGGESTION_LIMIT, signal)).slice(0, SUGGESTION_LIMIT), source: 'server' };
  } catch (error) {
    if (signal?.aborted) return NONE;
    console.warn('Could not load search suggestions', error);
    return isOnline() ? NONE : { items: await (await loadDevice()).localSuggestions(trimmed), source: 'device' };
  }
}

/**
 * Suggestions for what the user is typing (docs/product.md#screens, #constants): after 2+ characters, 300 ms after the
 * last keystroke, the latest term only (older requests are cancelled).
 */
export function useSearchSuggestions(term: string): Suggestions {
  const [suggestions, setSuggestions] = useState<Suggestions>(NONE);
  useEffect(() => {
    if (term.trim().length < SUGGESTION_MIN_CHARS) {
      setSuggestions(NONE);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchSuggestions(term, controller.signal).then((found) => {
        if (!controller.signal.aborted) setSuggestions(found);
      });
    }, SUGGESTION_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term]);
  return suggestions;
}
