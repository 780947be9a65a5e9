import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { didYouMean, editDistance, isTypoOf, matchKind, typoBudget, vocabularyWords, wordKeys, wordMatches } from '@/shared/search-rules';

/** The search rules the server and the device share (src/shared/search-rules.ts, docs/search.md). */
describe('search rules', () => {
  it('indexes a Turkish apostrophe suffix as the stem and the joined word', () => {
    expect(vocabularyWords("turkiye'den findik, d'olive 'x'")).toEqual(["turkiye'den", 'findik', "d'olive"]);
    expect(wordKeys("turkiye'den")).toEqual(["turkiye'den", 'turkiye', 'turkiyeden']);
    expect(matchKind('turkiyeden', "turkiye'den")).toBe('form');
    expect(matchKind('turkiye', "turkiye'den")).toBe('exact');
  });

  it('finds plurals and common suffixes in English, French and Turkish', () => {
    expect(matchKind('tomatoes', 'tomato')).toBe('form');
    expect(matchKind('berries', 'berry')).toBe('form');
    expect(matchKind('confitures', 'confiture')).toBe('form');
    expect(matchKind('halilar', 'hali')).toBe('form');
    expect(matchKind('findiklar', 'findik')).toBe('form');
    // A short stem in common is not enough.
    expect(matchKind('paste', 'pasta')).not.toBe('form');
  });

  it('forgives one typo from 5 letters, two from 9, never the first letter below 9', () => {
    expect([1, 4, 5, 8, 9, 20].map(typoBudget)).toEqual([0, 0, 1, 1, 2, 2]);
    expect(isTypoOf('cofee', 'coffee')).toBe(true);
    expect(isTypoOf('handbga', 'handbag')).toBe(true);
    expect(isTypoOf('premuim', 'premium')).toBe(true);
    expect(isTypoOf('lamb', 'lamp')).toBe(false);
    expect(isTypoOf('xoffee', 'coffee')).toBe(false);
    expect(isTypoOf('headphnes', 'headphones')).toBe(true);
    expect(isTypoOf('hedphnes', 'headphones')).toBe(false);
    expect(isTypoOf('mechanicla', 'mechanical')).toBe(true);
  });

  it('forgives typos only for a word found neither as typed nor in another form', () => {
    expect(wordMatches('paste', ['paste', 'pasta'])).toEqual({ typed: 'paste', found: true, forms: [], typos: [], near: [] });
    expect(wordMatches('beens', ['beans', 'bread'])).toEqual({ typed: 'beens', found: false, forms: [], typos: ['beans'], near: [] });
    expect(didYouMean([wordMatches('coffe', ['coffee']), wordMatches('beens', ['beans'])])).toBe('coffe beans');
    expect(didYouMean([wordMatches('coffee', ['coffee'])])).toBeUndefined();
  });

  it('offers, for a search that found nothing, the words near one that matched nothing: one edit more than a search forgives', () => {
    // "genrtor" is two edits from "generator": too far to match at 7 letters, near enough to offer.
    const genrtor = wordMatches('genrtor', ['generator', 'genre', 'tractor']);
    expect(genrtor).toMatchObject({ found: false, typos: [], near: ['generator'] });
    expect(didYouMean([genrtor], true)).toBe('generator');
    // While anything is found, an unmatched word is left as typed: it may match inside a longer word.
    expect(didYouMean([genrtor], false)).toBeUndefined();
    expect(didYouMean([wordMatches('solar', ['solar']), genrtor], true)).toBe('solar generator');
    // A word with nothing near leaves nothing to offer, and three letters are never corrected.
    expect(didYouMean([genrtor, wordMatches('zzqxw', ['generator'])], true)).toBeUndefined();
    expect(wordMatches('gen', ['pen', 'ten']).near).toEqual([]);
    // The first letter may differ in an offer ("jenerator"), unlike in a forgiven typo.
    expect(didYouMean([wordMatches('jenerator', ['generator'])], true)).toBe('generator');
    expect(wordMatches('jenerator', ['generator']).typos).toEqual(['generator']);
    // A typo's word is offered first; the near words stand behind it (for when it is no longer held).
    expect(wordMatches('handbgas', ['handbags', 'handbag'])).toMatchObject({ typos: ['handbags'], near: ['handbag'] });
  });

  const word = fc.stringMatching(/^[a-z]{1,14}$/);

  it('measures edits as a distance: zero only for the same word, symmetric, a swap is one', () => {
    fc.assert(
      fc.property(word, word, (a, b) => {
        const d = editDistance(a, b, 30);
        expect(d === 0).toBe(a === b);
        expect(editDistance(b, a, 30)).toBe(d);
        expect(d).toBeLessThanOrEqual(Math.max(a.length, b.length));
      }),
    );
    fc.assert(
      fc.property(
        word.filter((w) => w.length >= 2),
        fc.nat(),
        (w, n) => {
          const i = n % (w.length - 1);
          const swapped = w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
          expect(editDistance(w, swapped, 30)).toBe(w[i] === w[i + 1] ? 0 : 1);
        },
      ),
    );
  });

  it('forgives exactly the budget of typos, and a word always matches itself exactly', () => {
    fc.assert(
      fc.property(word, fc.nat(), fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), (w, n, letter) => {
        expect(matchKind(w, w)).toBe('exact');
        const i = 1 + (n % Math.max(w.length - 1, 1));
        const typo = w.slice(0, i) + letter + w.slice(i + 1);
        if (typo === w || w.length < 2) return;
        expect(isTypoOf(typo, w)).toBe(typoBudget(typo.length) >= 1);
      }),
    );
  });
});
