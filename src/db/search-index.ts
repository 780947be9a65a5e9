import { normalizeSearchText, SEARCH_MAX_WORDS, searchWords } from '../shared/search';
import { didYouMean, MATCH_KINDS, vocabularyWords, type WordMatches, wordMatches, wordPatterns } from '../shared/search-rules';

/**
 * The local search index (docs/sync.md): normalized texts of the products the device holds,
 * with the server's rules (case- and accent-insensitive, every word in the name or the
 * description, name matches first, then newest). Kept up to date row by row as sync pages
 * are applied, never rebuilt whole for a page; it runs in a Web Worker (search.worker.ts),
 * or in the page where workers are missing (tests). Scores are small integers, so ranking is
 * a bucket pass; a term that extends the previous one (typing) looks only at its matches.
 */

export interface SearchEntry {
  id: number;
  name: string;
  text: string;
  created_at: string;
}

/** What a product contributes to the index: the page and the worker read it from the products table. */
export interface SearchSource {
  id: number;
  name: string;
  description: string;
  created_at: string;
}

/**
 * A write as the page tells it (search.ts): the ids of the products written or removed. The
 * products are read back by whoever holds the index, not sent with the write, so the page never
 * clones a page of descriptions to the worker (46–59 ms on a loaded, 4× slower CPU: bench/README.md).
 */
export type SearchWrite = { type: 'put'; ids: number[] } | { type: 'remove'; ids: number[] };

/** The products table of the page's or the worker's database. */
interface ProductReader {
  bulkGet(ids: number[]): Promise<Array<SearchSource | undefined>>;
}

/**
 * Applies a write. Writes are applied in the order they were told, each after its transaction
 * committed: a product deleted since reads as missing and is left out, its removal follows.
 */
export async function applyWrite(index: SearchIndex, write: SearchWrite, products: ProductReader): Promise<void> {
  if (write.type === 'remove') {
    index.remove(write.ids);
    return;
  }
  const rows = await products.bulkGet(write.ids);
  index.put(rows.filter((row) => row !== undefined));
}

export function toEntry(p: SearchSource): SearchEntry {
  const name = normalizeSearchText(p.name);
  return { id: p.id, name, text: `${name} ${normalizeSearchText(p.description)}`, created_at: p.created_at };
}

export const newestFirst = (a: SearchEntry, b: SearchEntry) =>
  a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id;

/** Above every score of one tier (2 per word in the name, 4 for the name's start): tiers never mix. */
const TIER = 2 * SEARCH_MAX_WORDS + 5;

/** Each word of `term` with the vocabulary words it also matches (src/shared/search-rules.ts). */
export function termMatches(term: string, vocabulary: string[] = []): WordMatches[] {
  return searchWords(term).map((w) => wordMatches(w, vocabulary));
}

/**
 * Matches of `term` among `entries` (kept newest first), best first: every word as typed, then
 * word forms, then typos (the server's order), each by the server's scores.
 */
export function rankEntries(entries: SearchEntry[], term: string, matches: WordMatches[] = termMatches(term)): SearchEntry[] {
  const words = matches.map((m) => m.typed);
  if (words.length === 0) return [];
  const patterns = matches.map(wordPatterns);
  const whole = words.join(' ');
  const buckets: SearchEntry[][] = [];
  for (const e of entries) {
    let score = 0;
    let tier = 0;
    let all = true;
    for (const [i, w] of words.entries()) {
      const found = patterns[i].find((p) => e.text.includes(p.pattern));
      if (!found) {
        all = false;
        break;
      }
      tier = Math.max(tier, MATCH_KINDS.indexOf(found.kind));
      if (e.name.includes(w)) score += 2;
    }
    if (!all) continue;
    if (e.name.startsWith(whole)) score += 4;
    score += (MATCH_KINDS.length - 1 - tier) * TIER;
    buckets[score] ??= [];
    buckets[score].push(e);
  }
  const ranked: SearchEntry[] = [];
  for (let score = buckets.length - 1; score >= 0; score -= 1) if (buckets[score]) ranked.push(...buckets[score]);
  return ranked;
}

export class SearchIndex {
  private readonly byId = new Map<number, SearchEntry>();
  /** byId newest first, made again only when searched after a change. */
  private sorted: SearchEntry[] | null = [];
  private last: { term: string; matches: SearchEntry[] } | null = null;

  get size() {
    return this.byId.size;
  }

  put(rows: SearchSource[]): void {
    for (const row of rows) {
      this.forget(this.byId.get(row.id));
      const entry = toEntry(row);
      this.byId.set(row.id, entry);
      for (const w of new Set(vocabularyWords(entry.text))) this.vocabulary.set(w, (this.vocabulary.get(w) ?? 0) + 1);
    }
    if (rows.length > 0) this.changed();
  }

  remove(ids: number[]): void {
    let removed = false;
    for (const id of ids) {
      this.forget(this.byId.get(id));
      removed = this.byId.delete(id) || removed;
    }
    if (removed) this.changed();
  }

  clear(): void {
    this.byId.clear();
    this.vocabulary.clear();
    this.changed();
  }

  /** Ids of the matches of `term`, best first. */
  search(term: string): number[] {
    return this.find(term).ids;
  }

  /** The matches of `term`, best first, and the term with its typos corrected when it had any ("did you mean"). */
  find(term: string): { ids: number[]; didYouMean?: string } {
    this.sorted ??= [...this.byId.values()].sort(newestFirst);
    const normalized = normalizeSearchText(term).trim();
    const words = searchWords(term).map((w) => this.matchesOf(w));
    // Typing on: the new matches are among the previous ones (every word only got longer or
    // more), unless a word now matches other forms or typos.
    const asTyped = words.every((w) => w.forms.length === 0 && w.typos.length === 0);
    const pool =
      asTyped && this.last?.term && normalized.startsWith(this.last.term) ? [...this.last.matches].sort(newestFirst) : this.sorted;
    const matches = rankEntries(pool, term, words);
    this.last = asTyped ? { term: normalized, matches } : null;
    return { ids: matches.map((e) => e.id), didYouMean: didYouMean(words, matches.length === 0) };
  }

  /** The words of the products held, with how many hold each: what forms and typos are drawn from. */
  private readonly vocabulary = new Map<string, number>();

  /** A word's matches in the vocabulary, kept while it is unchanged: typing on repeats the words before. */
  private readonly matched = new Map<string, WordMatches>();

  private matchesOf(word: string): WordMatches {
    let matches = this.matched.get(word);
    if (!matches) {
      matches = wordMatches(word, this.vocabulary.keys());
      if (this.matched.size >= 200) this.matched.clear();
      this.matched.set(word, matches);
    }
    return matches;
  }

  private forget(entry: SearchEntry | undefined) {
    if (!entry) return;
    for (const w of new Set(vocabularyWords(entry.text))) {
      const n = (this.vocabulary.get(w) ?? 0) - 1;
      if (n > 0) this.vocabulary.set(w, n);
      else this.vocabulary.delete(w);
    }
  }

  private changed() {
    this.sorted = null;
    this.last = null;
    this.matched.clear();
  }
}
