import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

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
 * word, and the SEARCH_HEAD newest whose name or description does (services/product-list.ts).
 * A broad term matching most of a million products costs what a narrow one does.
 */

/** How many newest matches of each kind are ranked; the other matches follow, newest first. */
export const SEARCH_HEAD = 100;

const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 60;

/** The words of a search term, LIKE wildcards escaped. */
export function searchWords(term: string): string[] {
  return term
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, MAX_WORDS)
    .map((w) => w.slice(0, MAX_WORD_LENGTH).replace(/[\\%_]/g, '\\$&'));
}

const contains = (column: RawBuilder<unknown>, word: string) => sql<SqlBool>`${column} like '%' || search_normalize(${word}) || '%'`;

export function searchMatch(term: string): Expression<SqlBool> {
  const words = searchWords(term);
  if (words.length === 0) return sql<SqlBool>`true`;
  return sql<SqlBool>`(${sql.join(
    words.map((w) => contains(sql`p.search_doc`, w)),
    sql` and `,
  )})`;
}

/** Every word in the name. */
export function searchNameMatch(term: string): Expression<SqlBool> {
  const words = searchWords(term);
  if (words.length === 0) return sql<SqlBool>`true`;
  return sql<SqlBool>`(${sql.join(
    words.map((w) => contains(sql`p.search_name`, w)),
    sql` and `,
  )})`;
}

export function searchRank(term: string): RawBuilder<number> {
  const words = searchWords(term);
  const whole = words.join(' ');
  const inName = words.map((w) => sql`(case when ${contains(sql`p.search_name`, w)} then 2 else 0 end)`);
  return sql<number>`(
    (case when p.search_name like search_normalize(${whole}) || '%' then 4 else 0 end)
    + ${sql.join(inName, sql` + `)}
    + similarity(p.search_name, search_normalize(${whole})))`;
}
