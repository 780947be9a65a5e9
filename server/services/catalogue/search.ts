import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db';
import { splitSearchText } from '@/shared/search';

/**
 * Product search (GET /api/products/?search=...). Both the query and the products pass
 * through the same SQL function, search_normalize (migration 0003: unaccent, lower case,
 * Turkish dotless/dotted i), so "cafe" finds "Café" and "kirmizi" finds "Kırmızı".
 *
 * Every word must appear somewhere in the name or the description (a substring, so a
 * partial word typed into the suggestion box already matches); the GIN trigram index on
 * products.search_doc answers that. Best matches first: the name starting with the whole
 * term, then words found in the name, then how similar the name is to the term.
 *
 * Only the candidates are ranked: the SEARCH_HEAD newest products whose name holds every
 * word, and the SEARCH_HEAD newest whose name or description does (services/catalogue/product-list.ts).
 * A broad term matching most of a million products costs what a narrow one does.
 */

/** How many newest matches of each kind are ranked; the other matches follow, newest first. */
export const SEARCH_HEAD = 100;

const MAX_WORD_LENGTH = 60;

/**
 * The words of a search term, split as the device splits them (src/shared/search.ts), LIKE
 * wildcards escaped. The term is split as typed: search_normalize folds it afterwards, in SQL.
 */
export function searchWords(term: string): string[] {
  return splitSearchText(term).map((w) => w.slice(0, MAX_WORD_LENGTH).replace(/[\\%_]/g, '\\$&'));
}

/** A search term's words, escaped and folded once (search_normalize), ready to compare. */
export interface SearchTerm {
  words: string[];
  whole: string;
  /**
   * The trigram indexes alone find every match: each word holds three letters or digits in a
   * row, a trigram to look up (pg_trgm cannot narrow a shorter word).
   */
  indexed: boolean;
}

/**
 * Folds the words once per request: the folding (unaccent) is not constant-folded by the
 * planner, and evaluated on each product it cost more than the match itself.
 */
export async function searchTerm(db: Database, term: string): Promise<SearchTerm> {
  // The folding never changes: a term typed again is folded from memory, a round trip saved.
  const known = foldedTerms.get(term);
  if (known) return known;
  const folded = await foldTerm(db, term);
  foldedTerms.set(term, folded);
  // biome-ignore lint/style/noNonNullAssertion: a map over its size limit has a first key.
  if (foldedTerms.size > FOLDED_TERMS) foldedTerms.delete(foldedTerms.keys().next().value!);
  return folded;
}

const FOLDED_TERMS = 2000;
const foldedTerms = new Map<string, SearchTerm>();

async function foldTerm(db: Database, term: string): Promise<SearchTerm> {
  const words = searchWords(term);
  const all = [...words, words.join(' ')];
  const rows = await sql<{ folded: string; n: number }>`
    select search_normalize(w) as folded, n::int as n from unnest(${sql.val(all)}::text[]) with ordinality as t(w, n) order by n`.execute(
    db,
  );
  const folded = rows.rows.map((r) => r.folded);
  const foldedWords = folded.slice(0, -1);
  return {
    words: foldedWords,
    whole: folded.at(-1) ?? '',
    indexed: foldedWords.length > 0 && foldedWords.every((w) => /[\p{L}\p{N}]{3}/u.test(w)),
  };
}

const contains = (column: RawBuilder<unknown>, word: string) => sql<SqlBool>`${column} like ${`%${word}%`}`;

export function searchMatch(term: SearchTerm): Expression<SqlBool> {
  if (term.words.length === 0) return sql<SqlBool>`true`;
  return sql<SqlBool>`(${sql.join(
    term.words.map((w) => contains(sql`p.search_doc`, w)),
    sql` and `,
  )})`;
}

/** Every word in the name. */
export function searchNameMatch(term: SearchTerm): Expression<SqlBool> {
  if (term.words.length === 0) return sql<SqlBool>`true`;
  return sql<SqlBool>`(${sql.join(
    term.words.map((w) => contains(sql`p.search_name`, w)),
    sql` and `,
  )})`;
}

export function searchRank(term: SearchTerm): RawBuilder<number> {
  const inName = term.words.map((w) => sql`(case when ${contains(sql`p.search_name`, w)} then 2 else 0 end)`);
  return sql<number>`(
    (case when p.search_name like ${`${term.whole}%`} then 4 else 0 end)
    + ${sql.join(inName, sql` + `)}
    + similarity(p.search_name, ${term.whole}::text))`;
}
