import { SearchIndex } from '../src/db/search-index';
import { RELEVANCE_PRODUCTS, RELEVANCE_QUERIES, type RelevanceKind, type RelevanceProduct } from '../tests/fixtures/search-relevance';
import { record } from './record';

/**
 * Recall and precision of the device's search on the relevance set (tests/fixtures/search-relevance.ts,
 * docs/search.md), per kind of query: recall over the products each query must find,
 * precision as the share of queries that return none of their listed non-matches. The server
 * passes the same set on both databases in `npm test` (tests/server/routes/search-relevance.test.ts).
 */
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

const totals = new Map<RelevanceKind | 'all', { wanted: number; found: number; queries: number; clean: number }>();
const started = performance.now();
for (const r of RELEVANCE_QUERIES) {
  const found = new Set(index.search(r.query).map((id) => keys[id - 1]));
  for (const kind of [r.kind, 'all'] as const) {
    const t = totals.get(kind) ?? { wanted: 0, found: 0, queries: 0, clean: 0 };
    t.wanted += r.find.length;
    t.found += r.find.filter((k) => found.has(k)).length;
    t.queries += 1;
    t.clean += r.not.some((k) => found.has(k)) ? 0 : 1;
    totals.set(kind, t);
  }
}
const ms = (performance.now() - started) / RELEVANCE_QUERIES.length;
const percent = (a: number, b: number) => (b === 0 ? 100 : Math.round((1000 * a) / b) / 10);
for (const [kind, t] of totals) {
  console.log(
    `${kind.padEnd(10)} ${String(t.queries).padStart(4)} queries  recall ${percent(t.found, t.wanted)}%  precision ${percent(t.clean, t.queries)}%`,
  );
}
console.log(`mean time per query on the device index: ${ms.toFixed(2)} ms`);
const all = totals.get('all');
record('search relevance (device)', [
  { figure: 'recall', value: percent(all?.found ?? 0, all?.wanted ?? 0), unit: '%', target: '100 %', met: all?.found === all?.wanted },
  {
    figure: 'precision (no listed non-match)',
    value: percent(all?.clean ?? 0, all?.queries ?? 0),
    unit: '%',
    target: '100 %',
    met: all?.clean === all?.queries,
  },
]);
