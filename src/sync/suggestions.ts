import { useEffect, useState } from 'react';
import { SUGGESTION_DEBOUNCE_MS, SUGGESTION_LIMIT, SUGGESTION_MIN_CHARS } from '../shared/constants';
import { api, type SearchSuggestion } from './api';

/** Up to five products matching a term; failures are logged and give no suggestions (spec §8). */
export async function fetchSuggestions(term: string, signal?: AbortSignal): Promise<SearchSuggestion[]> {
  const trimmed = term.trim();
  if (trimmed.length < SUGGESTION_MIN_CHARS) return [];
  try {
    return (await api.suggestions(trimmed, SUGGESTION_LIMIT, signal)).slice(0, SUGGESTION_LIMIT);
  } catch (error) {
    if ((error as Error)?.name !== 'AbortError') console.warn('Could not load search suggestions', error);
    return [];
  }
}

/**
 * Suggestions for what the user is typing (spec §4, §9): after 2+ characters, 300 ms after the
 * last keystroke, the latest term only (older requests are cancelled).
 */
export function useSearchSuggestions(term: string): SearchSuggestion[] {
  const [suggestions, setSuggestions] = useState<SearchSuggestion[]>([]);
  useEffect(() => {
    if (term.trim().length < SUGGESTION_MIN_CHARS) {
      setSuggestions([]);
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
