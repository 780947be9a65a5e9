import { describe, expect, it } from 'vitest';
import { SearchIndex } from '@/db/search-index';
import { RELEVANCE_PRODUCTS, RELEVANCE_QUERIES, type RelevanceProduct } from '../../fixtures/search-relevance';

/** The relevance set (tests/fixtures/search-relevance.ts) against the device's index, with the server's rules. */
const keys = Object.keys(RELEVANCE_PRODUCTS) as RelevanceProduct[];
const index = new SearchIndex();
index.put(
  keys.map((k, i) => ({
    id: i + 1,
    name: RELEVANCE_PRODUCTS[k][0],
    description: RELEVANCE_PRODUCTS[k][1],
    created_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
  })),
);

describe('search relevance on the device', () => {
  it.each(RELEVANCE_QUERIES.map((r) => [r.kind, r.query, r] as const))('%s: %s', (_kind, _query, r) => {
    const found = index.search(r.query).map((id) => keys[id - 1]);
    expect(found).toEqual(expect.arrayContaining(r.find));
    for (const not of r.not) expect(found).not.toContain(not);
  });

  it('ranks exact matches, then word forms, then typos, and says what typos meant', () => {
    const more = new SearchIndex();
    more.put([
      { id: 1, name: 'Leather handbag', description: '', created_at: '2026-01-03T00:00:00Z' },
      { id: 2, name: 'Handbags rack', description: '', created_at: '2026-01-01T00:00:00Z' },
    ]);
    expect(more.search('handbags')).toEqual([2, 1]);
    expect(more.find('handbga')).toEqual({ ids: [1, 2], didYouMean: 'handbag' });
    more.remove([1]);
    // "handbags" is two edits away: too far to match, near enough to offer when nothing is found.
    expect(more.find('handbga')).toEqual({ ids: [], didYouMean: 'handbags' });
    more.remove([2]);
    expect(more.find('handbga')).toEqual({ ids: [], didYouMean: undefined });
  });
});
