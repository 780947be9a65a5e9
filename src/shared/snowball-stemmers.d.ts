/** The package ships no types: the one call the search rules make (src/shared/search-rules.ts). */
declare module 'snowball-stemmers' {
  export function newStemmer(language: string): { stem(word: string): string };
}
