import { stemmer as frenchStem } from '@orama/stemmers/french';
import { stem as englishStem } from 'porter2';

/**
 * The forgiving part of search, one set of rules for the server (server/services/catalogue/search.ts)
 * and the device (src/db/search-index.ts), docs/search.md. A search word keeps matching as a
 * substring of the folded text; when it is not found as typed, it also matches the catalogue's
 * words (its vocabulary) that are another form of it or, failing that, one typo away:
 * - word forms: Snowball's English (porter2) and French stemmers, a small module each, and
 *   Turkish plurals; the Turkish Snowball stemmer needs the Turkish letters, which folding
 *   removes and buyers leave out;
 * - apostrophe suffixes: "türkiye'den" is the word "turkiye'den", found as "turkiye" and "turkiyeden";
 * - typos: one edit (a swap of two letters counts as one) from 5 letters, two from 9, and the
 *   first letter kept below 9.
 * Exact matches rank first, then word forms, then typos (MatchKind's order).
 */

export type MatchKind = 'exact' | 'form' | 'typo';
export const MATCH_KINDS: MatchKind[] = ['exact', 'form', 'typo'];

const APOSTROPHES = /['’]/g;

/** The words of a folded text, as the vocabulary holds them (apostrophes kept, like the server's split). */
export function vocabularyWords(folded: string): string[] {
  return folded.split(/[^\p{L}\p{N}'’]+/u).flatMap((w) => {
    const word = w.replace(/^['’]+|['’]+$/g, '');
    // A number is left out: a typo in it is another number (migration 0029 leaves them out too).
    return word.length >= 2 && !/^\d+$/.test(word) ? [word] : [];
  });
}

/** The ways a vocabulary word is typed: as written, its stem before the apostrophe, and joined. */
export function wordKeys(word: string): string[] {
  if (!/['’]/.test(word)) return [word];
  return [...new Set([word, word.split(APOSTROPHES)[0], word.replace(APOSTROPHES, '')])].filter((k) => k.length > 0);
}

/** Turkish plural endings, which vowel harmony makes -lar or -ler. */
const turkishStem = (word: string) => (word.length >= 6 && /l[ae]r$/.test(word) ? word.slice(0, -3) : word);

/** A word's stem in each language, language-tagged so that only stems of one language meet. */
export function wordForms(word: string): string[] {
  const known = formsOf.get(word);
  if (known) return known;
  const forms = stems(word);
  formsOf.set(word, forms);
  if (formsOf.size > 50_000) formsOf.clear();
  return forms;
}

/** Stemming is the costly step, and the same vocabulary words come back search after search. */
const formsOf = new Map<string, string[]>();

function stems(word: string): string[] {
  const plain = word.replace(APOSTROPHES, '');
  const forms = [`en:${englishStem(plain)}`, `fr:${frenchStem(plain)}`, `tr:${turkishStem(plain)}`];
  return forms.filter((f) => f.length >= 6);
}

/** Typos forgiven in a word of this length. */
export function typoBudget(length: number): number {
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}

/** Edits from a to b (insert, delete, replace, swap of neighbours), or max + 1 once past max. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = row;
  }
  return previous[b.length];
}

/** Whether `typed` is a forgiven typo of `word`. */
export function isTypoOf(typed: string, word: string): boolean {
  const budget = typoBudget(typed.length);
  if (budget === 0 || typed === word) return false;
  if (typed.length < 9 && typed[0] !== word[0]) return false;
  return editDistance(typed, word, budget) <= budget;
}

/** How a typed (folded) search word meets a vocabulary word, if it does. */
export function matchKind(typed: string, word: string, typos = true): MatchKind | undefined {
  if (word.includes(typed)) return 'exact';
  const keys = wordKeys(word);
  if (keys.some((k) => k.startsWith(typed) || sameWord(typed, k))) return 'form';
  if (typos && keys.some((k) => isTypoOf(typed, k))) return 'typo';
  return undefined;
}

/**
 * Two forms of one word: a stem in common, long enough to mean something ("paste" and "pasta"
 * share only "past"), unless the typed word extends the other ("bars", "bar"). Words that begin
 * differently are never forms of each other, which spares stemming most of the vocabulary.
 */
function sameWord(typed: string, word: string): boolean {
  if (typed.slice(0, 3) !== word.slice(0, 3)) return false;
  const forms = new Set(wordForms(typed));
  return wordForms(word).some((f) => forms.has(f) && (f.length >= 8 || typed.startsWith(word)));
}

/** A search word and the vocabulary words it also matches, each with how. */
export interface WordMatches {
  typed: string;
  /** Whether a vocabulary word holds it as typed. */
  found: boolean;
  forms: string[];
  typos: string[];
  /** Words close enough to offer ("did you mean"), though not to match: only when it was found neither as typed nor in another form. */
  near: string[];
}

/** Edits a word that matched nothing may be from a word offered instead: one more than a search forgives, from 4 letters. */
export function suggestionBudget(length: number): number {
  return length >= 4 ? typoBudget(length) + 1 : 0;
}

/**
 * The vocabulary words a typed word also matches, among `candidates` (on the server, the
 * nearest words by trigrams; on the device, every word held). Typos count only when the
 * word is found neither as typed nor in another form: "paste" stays "paste", not "pasta".
 */
export function wordMatches(typed: string, candidates: Iterable<string>): WordMatches {
  const forms: string[] = [];
  const typos: string[] = [];
  const near: string[] = [];
  const budget = suggestionBudget(typed.length);
  let found = false;
  for (const word of candidates) {
    // Typos are looked for only while the word is found neither as typed nor in another form.
    const matching = !found && forms.length === 0;
    const kind = matchKind(typed, word, matching);
    if (kind === 'exact') found = true;
    else if (kind === 'form') forms.push(word);
    else if (kind === 'typo') typos.push(word);
    else if (matching && budget > 0 && editDistance(typed, word, budget) <= budget) near.push(word);
  }
  const matched = found || forms.length > 0;
  return { typed, found, forms, typos: matched ? [] : typos, near: matched ? [] : near };
}

/** The substrings any of which a product's text must hold for this word, with how each matches. */
export function wordPatterns(m: WordMatches): Array<{ pattern: string; kind: MatchKind }> {
  return [
    { pattern: m.typed, kind: 'exact' as const },
    ...m.forms.map((pattern) => ({ pattern, kind: 'form' as const })),
    ...m.typos.map((pattern) => ({ pattern, kind: 'typo' as const })),
  ];
}

/**
 * "Did you mean": the search with each typo replaced by its closest word. When the search
 * found nothing, also each word that matched nothing, by its closest near word; then none
 * when such a word has nothing near it. None when every word was found as typed or in
 * another form.
 */
export function didYouMean(words: WordMatches[], nothingFound = false): string | undefined {
  const replaced = (w: WordMatches) => nothingFound && !w.found && w.forms.length === 0 && w.typos.length === 0;
  if (!words.some((w) => w.typos.length > 0 || replaced(w))) return undefined;
  if (words.some((w) => replaced(w) && w.near.length === 0)) return undefined;
  return words.map((w) => (w.typos.length > 0 ? closest(w.typed, w.typos) : replaced(w) ? closest(w.typed, w.near) : w.typed)).join(' ');
}

const closest = (typed: string, words: string[]) =>
  [...words].sort((a, b) => editDistance(typed, a, 9) - editDistance(typed, b, 9) || a.localeCompare(b))[0];
