import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db';
import { normalizeSearchText, splitSearchText } from '@/shared/search';
import { didYouMean, type MatchKind, type WordMatches, wordMatches, wordPatterns } from '@/shared/search-rules';

/**
 * Product search (GET /api/products/?search=...). The products' text is folded by the SQL
 * function search_normalize (migration 0003: unaccent, lower case, Turkish dotless/dotted i),
 * the query by the same rules in JavaScript (src/shared/search.ts, held equal to it by
 * tests/server/db/search-folding.test.ts), so "cafe" finds "Café" and "kirmizi" finds "Kırmızı".
 *
 * Every word must appear somewhere in the name or the description (a substring, so a
 * partial word typed into the suggestion box already matches); the GIN trigram index on
 * products.search_doc answers that. Best matches first: the name starting with the whole
 * term, then words found in the name, then how similar the name is to the term.
 *
 * Only the candidates are ranked: the SEARCH_HEAD newest products whose name holds every
 * word, and the SEARCH_HEAD newest whose name or description does (services/catalogue/product-list.ts).
 * A broad term matching most of a million products costs what a narrow one does.
 *
 * A word not found as typed also matches its other forms and, failing those, its typos among
 * the catalogue's words (search_words, migration 0029; the rules in src/shared/search-rules.ts,
 * docs/search.md): exact matches rank first, then word forms, then typos.
 */

/** How many newest matches of each kind are ranked; the other matches follow, newest first. */
export const SEARCH_HEAD = 100;

const MAX_WORD_LENGTH = 60;

/** A word as a LIKE pattern matches it, its wildcards escaped. */
const escapeLike = (w: string) => w.replace(/[\\%_]/g, '\\$&');

/**
 * The words of a search term, split as the device splits them (src/shared/search.ts), LIKE
 * wildcards escaped. The term is split as typed: search_normalize folds it afterwards, in SQL.
 */
export function searchWords(term: string): string[] {
  return splitSearchText(term).map((w) => escapeLike(w.slice(0, MAX_WORD_LENGTH)));
}

/** A search term's words, escaped and folded once (search_normalize), ready to compare. */
export interface SearchTerm {
  words: string[];
  /** Per word, the substrings any of which a product must hold, with how each matches. */
  patterns: Array<Array<{ pattern: string; kind: MatchKind }>>;
  /** How each word met the vocabulary (src/shared/search-rules.ts), once looked up. */
  matches?: WordMatches[];
  /**
   * The search with its typos corrected, when it had any ("did you mean"), before it is known
   * that shown products hold its words (shownSuggestion); `offered` is that verdict, once known.
   */
  suggestion?: string;
  offered?: Promise<string | undefined>;
  whole: string;
  /**
   * The trigram indexes alone find every match: each word holds three letters or digits in a
   * row, a trigram to look up (pg_trgm cannot narrow a shorter word).
   */
  indexed: boolean;
}

/**
 * The term folded, its words looked up in the vocabulary. The vocabulary and the shown products
 * change only with the catalogue: at the same version (cache.ts) a term is looked up once,
 * whatever page, limit or filter is asked of it.
 */
export async function searchTerm(db: Database, term: string, version?: string): Promise<SearchTerm> {
  const folded = foldTerm(term);
  if (version === undefined) return forgiving(db, folded);
  const key = `${version}\n${term}`;
  let forgiven = forgivenTerms.get(key);
  if (!forgiven) {
    forgiven = await forgiving(db, folded, version);
    forgivenTerms.set(key, forgiven);
    // biome-ignore lint/style/noNonNullAssertion: a map over its size limit has a first key.
    if (forgivenTerms.size > FORGIVEN_TERMS) forgivenTerms.delete(forgivenTerms.keys().next().value!);
  }
  return forgiven;
}

/** Nearest vocabulary words read per search word: enough for its forms and typos. */
const NEAREST_WORDS = 40;

/**
 * The words a shown product holds: the vocabulary keeps the words of products edited or
 * deleted since (migration 0029), which must not be offered. One test per word, each with its
 * own pattern as a value, so the planner sees the word: a common one is found by the first
 * rows of a scan, a rare one through the trigram index (one pattern computed per row of an
 * unnest took 50 ms for a common word at 1M products, bench/README.md).
 */
async function heldWords(db: Database, words: string[]): Promise<Set<string>> {
  if (words.length === 0) return new Set();
  const tests = words.map(
    (word) => sql`select ${word}::text as word
      where exists (select 1 from products p where p.hidden_at is null and p.search_doc like ${`%${escapeLike(word)}%`})`,
  );
  const { rows } = await sql<{ word: string }>`${sql.join(tests, sql` union all `)}`.execute(db);
  return new Set(rows.map((r) => r.word));
}

/**
 * The term's suggestion, only when a shown product holds each of its words. The products the
 * page shows usually do (they were found by those words): their text is looked at first, and
 * the catalogue asked only for the words they lack. The verdict is kept with the term, which
 * is kept for the catalogue's version.
 */
export function shownSuggestion(
  db: Database,
  term: SearchTerm,
  shown: ReadonlyArray<{ name: string; description: string }>,
): Promise<string | undefined> {
  const { suggestion } = term;
  if (!suggestion) return Promise.resolve(undefined);
  term.offered ??= (async () => {
    const texts = shown.map((p) => normalizeSearchText(`${p.name} ${p.description}`));
    const words = [...new Set(suggestion.split(' ').filter(Boolean))];
    const lacking = words.filter((w) => !texts.some((text) => text.includes(w)));
    return (await heldWords(db, lacking)).size === lacking.length ? suggestion : undefined;
  })().catch((error) => {
    // A failed check is asked again by the next request, not kept.
    term.offered = undefined;
    throw error;
  });
  return term.offered;
}

/**
 * "Did you mean" for a search that found nothing: each typo, and each word that matched
 * nothing, replaced by its closest word that a shown product still holds.
 */
export async function suggestionWhenEmpty(db: Database, term: SearchTerm): Promise<string | undefined> {
  if (!term.matches) return undefined;
  const held = await heldWords(db, [...new Set(term.matches.flatMap((m) => [...m.typos, ...m.near]))]);
  const offered = term.matches.map((m) => ({ ...m, typos: m.typos.filter((w) => held.has(w)), near: m.near.filter((w) => held.has(w)) }));
  return didYouMean(offered, true);
}

async function forgiving(db: Database, term: SearchTerm, version?: string): Promise<SearchTerm> {
  if (term.words.length === 0) return term;
  const matches = await lookUp(
    db,
    term.words.map((w) => w.replace(/\\([\\%_])/g, '$1')),
    version,
  );
  const patterns = matches.map((m, i) =>
    wordPatterns(m).map((p) => ({ kind: p.kind, pattern: p.kind === 'exact' ? term.words[i] : escapeLike(p.pattern) })),
  );
  return {
    ...term,
    patterns,
    matches,
    suggestion: didYouMean(matches),
    indexed: patterns.length > 0 && patterns.every((ps) => ps.every((p) => /[\p{L}\p{N}]{3}/u.test(p.pattern))),
  };
}

/**
 * How each word meets the vocabulary: its nearest words, through the GiST index, read in one
 * round trip for the words not looked up yet at this version. A word is looked up once for
 * every term it is part of ("rice", "rice kirmizi", "organic rice"...).
 */
async function lookUp(db: Database, words: string[], version?: string): Promise<WordMatches[]> {
  const key = (word: string) => `${version}\n${word}`;
  const known = new Map<string, WordMatches>();
  if (version !== undefined) {
    for (const word of words) {
      const kept = lookedUp.get(key(word));
      if (kept) known.set(word, kept);
    }
  }
  const missing = [...new Set(words.filter((w) => !known.has(w)))];
  if (missing.length > 0) {
    const rows = await sql<{ n: number; word: string }>`
      select t.n::int as n, v.word from unnest(${sql.val(missing)}::text[]) with ordinality as t(w, n)
      cross join lateral (select distinct word from (select word from search_words order by word <-> t.w limit ${NEAREST_WORDS}) n) v`.execute(
      db,
    );
    missing.forEach((typed, i) => {
      const found = wordMatches(
        typed,
        rows.rows.filter((r) => Number(r.n) === i + 1).map((r) => r.word),
      );
      known.set(typed, found);
      if (version === undefined) return;
      lookedUp.set(key(typed), found);
      // biome-ignore lint/style/noNonNullAssertion: a map over its size limit has a first key.
      if (lookedUp.size > FORGIVEN_TERMS) lookedUp.delete(lookedUp.keys().next().value!);
    });
  }
  // biome-ignore lint/style/noNonNullAssertion: every word is known or was just looked up.
  return words.map((w) => known.get(w)!);
}

const FORGIVEN_TERMS = 2000;
const forgivenTerms = new Map<string, SearchTerm>();
const lookedUp = new Map<string, WordMatches>();

/** The term's words and the whole term, folded once per request (the planner does not fold a constant's unaccent). */
function foldTerm(term: string): SearchTerm {
  const words = searchWords(term);
  const foldedWords = words.map(normalizeSearchText);
  return {
    words: foldedWords,
    patterns: foldedWords.map((pattern) => [{ pattern, kind: 'exact' }]),
    whole: normalizeSearchText(words.join(' ')),
    indexed: foldedWords.length > 0 && foldedWords.every((w) => /[\p{L}\p{N}]{3}/u.test(w)),
  };
}

const contains = (column: RawBuilder<unknown>, word: string) => sql<SqlBool>`${column} like ${`%${word}%`}`;

/** The column holds one of the word's patterns. */
const holdsWord = (column: RawBuilder<unknown>, patterns: SearchTerm['patterns'][number]) =>
  patterns.length === 1
    ? contains(column, patterns[0].pattern)
    : sql<SqlBool>`(${sql.join(
        patterns.map((p) => contains(column, p.pattern)),
        sql` or `,
      )})`;

const everyWord = (column: RawBuilder<unknown>, term: SearchTerm): Expression<SqlBool> =>
  term.patterns.length === 0
    ? sql<SqlBool>`true`
    : sql<SqlBool>`(${sql.join(
        term.patterns.map((ps) => holdsWord(column, ps)),
        sql` and `,
      )})`;

export function searchMatch(term: SearchTerm): Expression<SqlBool> {
  return everyWord(sql`p.search_doc`, term);
}

/** Every word in the name. */
export function searchNameMatch(term: SearchTerm): Expression<SqlBool> {
  return everyWord(sql`p.search_name`, term);
}

/** How far from exact a product's match is: 0 every word as typed, 1 a word form, 2 a typo. */
function matchTier(term: SearchTerm): RawBuilder<number> {
  const tiers = term.patterns
    .filter((ps) => ps.length > 1)
    .map((ps) => {
      const exact = ps.filter((p) => p.kind === 'exact');
      const forms = ps.filter((p) => p.kind === 'form');
      const form = forms.length > 0 ? sql`when ${holdsWord(sql`p.search_doc`, forms)} then 1` : sql``;
      return sql`(case when ${holdsWord(sql`p.search_doc`, exact)} then 0 ${form} else 2 end)`;
    });
  return tiers.length === 0 ? sql<number>`0` : sql<number>`greatest(${sql.join(tiers)})`;
}

export function searchRank(term: SearchTerm): RawBuilder<number> {
  const inName = term.words.map((w) => sql`(case when ${contains(sql`p.search_name`, w)} then 2 else 0 end)`);
  return sql<number>`(
    (case when p.search_name like ${`${term.whole}%`} then 4 else 0 end)
    + ${sql.join(inName, sql` + `)}
    + similarity(p.search_name, ${term.whole}::text)
    - 100 * ${matchTier(term)})`;
}
