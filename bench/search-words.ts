/** Search words for the scale benches, from bench/catalogue-generate.ts: broad terms match a twentieth to a sixteenth of the catalogue. */
export const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)];
export const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));
export const WORDS = [
  'organic',
  'premium',
  'coffee',
  'rice',
  'cement',
  'towel',
  'basket',
  'pepper',
  'cocoa',
  'kahve',
  'savon',
  'honey',
  'kirmizi',
  'cafe',
];
/**
 * The catalogue's long tail: 4,000 made-up model and brand words ("kalomi", "tesaru"), one per
 * product in turn, so the vocabulary the server's typo search looks through has the size of a real
 * catalogue's (a few thousand words), not the 57 of the word lists above.
 */
const SYLLABLES = ['ka', 'lo', 'mi', 'ra', 'tu', 'se', 'no', 'bi', 'da', 'fe', 'go', 'hu', 'ji', 'ke', 'lu', 'ma', 'ni', 'po', 'ri', 'sa'];
export const MODEL_WORDS = Array.from({ length: 4_000 }, (_, i) => {
  const n = i * 7 + 401;
  return SYLLABLES[n % 20] + SYLLABLES[Math.floor(n / 20) % 20] + SYLLABLES[Math.floor(n / 400) % 20];
});

/** A word with two neighbouring letters after the first swapped: one typo, forgiven from 5 letters (docs/search.md). */
export const typo = (w: string) => {
  const i = between(1, w.length - 2);
  return w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
};
/** The first 3–5 letters of a word, as someone typing a suggestion. */
export const prefix = () => {
  const w = pick(WORDS);
  return w.slice(0, between(3, Math.min(5, w.length)));
};
