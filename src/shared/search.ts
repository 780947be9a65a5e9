/**
 * Search text rules shared by the server's SQL function and the device's local search:
 * case- and accent-insensitive ("cafe" finds "Café", "kirmizi" finds "Kırmızı").
 */
export function normalizeSearchText(text: string): string {
  return text
    .replace(/[ıİ]/g, 'i')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[æ]/g, 'ae')
    .replace(/[œ]/g, 'oe')
    .replace(/[ø]/g, 'o')
    .replace(/[đ]/g, 'd')
    .replace(/[ł]/g, 'l');
}

export const SEARCH_MAX_WORDS = 8;

/** The words of a search, split on spaces as the server splits them: each must appear in the name or the description. */
export function searchWords(term: string): string[] {
  return normalizeSearchText(term).trim().split(/\s+/).filter(Boolean).slice(0, SEARCH_MAX_WORDS);
}
