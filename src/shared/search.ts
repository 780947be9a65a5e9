import { UNACCENT_RULES } from './unaccent-rules';

/** Each character the unaccent dictionary folds, and what it becomes. */
const FOLDS = new Map(
  UNACCENT_RULES.split('\n').map((rule) => {
    const character = String.fromCodePoint(rule.codePointAt(0) ?? 0);
    return [character, rule.slice(character.length)] as const;
  }),
);
const NON_ASCII = /[^\p{ASCII}]/u;
const FOLDABLE = new RegExp(`[${[...FOLDS.keys()].map((c) => `\\u{${c.codePointAt(0)?.toString(16)}}`).join('')}]`, 'gu');

/**
 * Search text rules shared by the server's SQL function and the device's local search:
 * case- and accent-insensitive ("cafe" finds "Café", "kirmizi" finds "Kırmızı"). The same steps
 * as search_normalize (server/db/migrations/0003_catalogue.ts): the Turkish dotless and dotted
 * i made plain, then PostgreSQL's unaccent dictionary, then lower case one character at a time
 * (PostgreSQL knows no final sigma). tests/server/db/search-folding.test.ts holds them equal.
 */
export function normalizeSearchText(text: string): string {
  // Plain ASCII, most of a catalogue's text, has nothing to fold (no rule starts with an ASCII character).
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  return text
    .replace(/[ıİ]/g, (i) => (i === 'ı' ? 'i' : 'I'))
    .replace(FOLDABLE, (c) => FOLDS.get(c) ?? c)
    .replace(/Σ/g, 'σ')
    .toLowerCase();
}

export const SEARCH_MAX_WORDS = 8;

/** A search's text split on spaces, at most SEARCH_MAX_WORDS words: the one split of both sides (server/services/catalogue/search.ts). */
export function splitSearchText(text: string): string[] {
  return text.trim().split(/\s+/).filter(Boolean).slice(0, SEARCH_MAX_WORDS);
}

/** The words of a search, split on spaces as the server splits them: each must appear in the name or the description. */
export function searchWords(term: string): string[] {
  return splitSearchText(normalizeSearchText(term));
}
