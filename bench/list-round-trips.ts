/**
 * What one list, search or suggestion costs the database, apart from the machine's load:
 * the round trips each request makes and its time alone (one request at a time), for the
 * scenarios of bench/scale-load.ts, on the catalogue named by DATA_DIR or DATABASE_URL:
 *   DATA_DIR=/tmp/scale-100k npx tsx bench/list-round-trips.ts      (BENCH_RUNS per scenario, default 20)
 * Counts and orders kept per catalogue version (server/services/catalogue/kept-reads.ts) are used as the
 * route uses them; BENCH_KEPT=0 shows a request whose matches nothing is kept for yet.
 * The route's answer cache is left out: every call reads the database.
 */
import type { KyselyPlugin } from 'kysely';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db';
import { listProducts, type ListArgs, type ProductOrder } from '../server/services/catalogue/product-list';
import { catalogueVersion } from '../server/services/catalogue/cache';
import type { ListingFilters } from '@/shared/listing-filters';
import { between, pick, prefix, WORDS } from './search-words';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const config = loadConfig();
const handle = await openDatabase(config);
let trips = 0;
const counting: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: async (args) => {
    trips++;
    return args.result;
  },
};
const db = handle.db.withPlugin(counting);

const newest = await db
  .selectFrom('products')
  .select('id')
  .orderBy('created_at', 'desc')
  .orderBy('id', 'desc')
  .limit(1)
  .executeTakeFirstOrThrow();
// As the route passes it: counts of the same matches are kept per catalogue version.
// BENCH_KEPT=0 leaves the version out: what a request costs when nothing of its matches is kept yet.
const version = process.env.BENCH_KEPT === '0' ? undefined : await catalogueVersion(handle.db);
const categories = (await db.selectFrom('categories').select('id').execute()).map((c) => c.id);

type Args = Partial<ListArgs> & { search?: string; category?: number; exclude?: number; listing?: ListingFilters };
const call = (order: ProductOrder, a: Args) =>
  listProducts(db, {
    filters: { search: a.search, category: a.category, exclude: a.exclude },
    order,
    listing: a.listing,
    limit: a.limit ?? 20,
    offset: a.offset ?? 0,
    after: a.after,
    viewerId: null,
    version,
  });

const scenarios: Array<[string, () => Promise<unknown>]> = [
  ['list, random page within the offset window', () => call('newest', { limit: between(10, 30), offset: between(0, 10_000) })],
  ['list, deep page by its next link (after=)', () => call('newest', { offset: 50_000, after: between(1, newest.id) })],
  ['category list, random page', () => call('newest', { category: pick(categories), limit: between(10, 30), offset: between(0, 2_000) })],
  ['new arrivals', () => call('newest', { limit: between(6, 30) })],
  ['flash deals', () => call('flash-deals', { limit: between(6, 30), offset: between(0, 200) })],
  ['top rated', () => call('top-rated', { limit: between(6, 30) })],
  ['hot selling', () => call('hot-selling', { limit: between(6, 30), offset: between(0, 200) })],
  ['search, broad (3–5 letters)', () => call('newest', { search: prefix(), limit: between(10, 30) })],
  ['search, 2 words', () => call('newest', { search: `${pick(WORDS)} ${pick(WORDS)}`, limit: between(10, 30) })],
  ['search, deep page', () => call('newest', { search: prefix(), offset: between(200, 2_000) })],
  ['suggestions (limit 5)', () => call('newest', { search: prefix(), limit: 5, exclude: between(1, newest.id) })],
  ['search sorted by price', () => call('newest', { search: `${pick(WORDS)} ${between(1, 9)}`, listing: { ordering: 'price' } })],
];

console.log(`database: ${handle.kind}, ${RUNS} calls per scenario, one at a time${version === undefined ? ', nothing kept' : ''}`);
for (const [title, run] of scenarios) {
  await run();
  const times: number[] = [];
  const counts: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    trips = 0;
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
    counts.push(trips);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]);
  const mean = counts.reduce((s, n) => s + n, 0) / counts.length;
  console.log(
    JSON.stringify({
      scenario: title,
      'round trips': Number(mean.toFixed(1)),
      max: Math.max(...counts),
      'p50 ms': at(0.5),
      'p90 ms': at(0.9),
      'max ms': at(1),
    }),
  );
}
await handle.close();
