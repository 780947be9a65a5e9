import { normalizeSearchText, searchWords } from '../shared/search';

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

/** What a product contributes to the index (what crosses to the worker). */
export interface SearchSource {
  id: number;
  name: string;
  description: string;
  created_at: string;
}

export function toEntry(p: SearchSource): SearchEntry {
  const name = normalizeSearchText(p.name);
  return { id: p.id, name, text: `${name} ${normalizeSearchText(p.description)}`, created_at: p.created_at };
}

export const newestFirst = (a: SearchEntry, b: SearchEntry) =>
  a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id;

/** Matches of `term` among `entries` (kept newest first), best first. */
export function rankEntries(entries: SearchEntry[], term: string): SearchEntry[] {
  const words = searchWords(term);
  if (words.length === 0) return [];
  const whole = words.join(' ');
  const buckets: SearchEntry[][] = [];
  for (const e of entries) {
    let score = 0;
    let all = true;
    for (const w of words) {
      if (!e.text.includes(w)) {
        all = false;
        break;
      }
      if (e.name.includes(w)) score += 2;
    }
    if (!all) continue;
    if (e.name.startsWith(whole)) score += 4;
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
    for (const row of rows) this.byId.set(row.id, toEntry(row));
    if (rows.length > 0) this.changed();
  }

  remove(ids: number[]): void {
    let removed = false;
    for (const id of ids) removed = this.byId.delete(id) || removed;
    if (removed) this.changed();
  }

  clear(): void {
    this.byId.clear();
    this.changed();
  }

  /** Ids of the matches of `term`, best first. */
  search(term: string): number[] {
    this.sorted ??= [...this.byId.values()].sort(newestFirst);
    const normalized = normalizeSearchText(term).trim();
    // Typing on: the new matches are among the previous ones (every word only got longer or more).
    const pool = this.last?.term && normalized.startsWith(this.last.term) ? [...this.last.matches].sort(newestFirst) : this.sorted;
    const matches = rankEntries(pool, term);
    this.last = { term: normalized, matches };
    return matches.map((e) => e.id);
  }

  private changed() {
    this.sorted = null;
    this.last = null;
  }
}
