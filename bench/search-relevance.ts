import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db';
import { migrateToLatest } from '../server/db/migrate';
import { SearchIndex } from '../src/db/search-index';
import { RELEVANCE_PRODUCTS, RELEVANCE_QUERIES, type RelevanceKind, type RelevanceProduct } from '../tests/fixtures/search-relevance';
import { record } from './record';

/**
 * Recall and precision of search on the relevance set (tests/fixtures/search-relevance.ts,
 * docs/search.md), per kind of query, on the device's index and on the server
 * (`GET /api/products/?search=`, PGlite in a scratch DATA_DIR, or the empty database DATABASE_URL
 * names): recall over the products each query must find, precision as the share of queries that
 * return none of their listed non-matches.
 */
const keys = Object.keys(RELEVANCE_PRODUCTS) as RelevanceProduct[];
type Search = (query: string) => Promise<RelevanceProduct[]>;

async function measure(side: string, search: Search) {
  const totals = new Map<RelevanceKind | 'all', { wanted: number; found: number; queries: number; clean: number }>();
  const started = performance.now();
  for (const r of RELEVANCE_QUERIES) {
    const found = new Set(await search(r.query));
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
  console.log(`${side}:`);
  for (const [kind, t] of totals) {
    console.log(
      `  ${kind.padEnd(10)} ${String(t.queries).padStart(4)} queries  recall ${percent(t.found, t.wanted)}%  precision ${percent(t.clean, t.queries)}%`,
    );
  }
  console.log(`  mean time per query: ${ms.toFixed(2)} ms`);
  const all = totals.get('all');
  record(`search relevance (${side})`, [
    { figure: 'recall', value: percent(all?.found ?? 0, all?.wanted ?? 0), unit: '%', target: '100 %', met: all?.found === all?.wanted },
    {
      figure: 'precision (no listed non-match)',
      value: percent(all?.clean ?? 0, all?.queries ?? 0),
      unit: '%',
      target: '100 %',
      met: all?.clean === all?.queries,
    },
  ]);
}

const index = new SearchIndex();
index.put(
  keys.map((k, i) => ({
    id: i + 1,
    name: RELEVANCE_PRODUCTS[k][0],
    description: RELEVANCE_PRODUCTS[k][1],
    created_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
  })),
);
await measure('device', async (query) => index.search(query).map((id) => keys[id - 1]));

const dataDir = mkdtempSync(path.join(tmpdir(), 'search-relevance-'));
process.env.DATA_DIR = dataDir;
const config = { ...loadConfig(), seedDemo: false, logLevel: 'warn' };
const handle = await openDatabase(config);
try {
  await migrateToLatest(handle.db);
  const supplier = await handle.db
    .insertInto('users')
    .values({
      email: 'relevance-supplier@bench.test',
      first_name: 'Relevance',
      last_name: 'Supplier',
      phone_number: '+2348000000000',
      country: 'NG',
      password_hash: 'bench-account-without-password',
      user_type: 'SUPPLIER',
      is_first_login: false,
      is_verified: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const category = (await sql<{ id: number }>`select id from categories order by id limit 1`.execute(handle.db)).rows[0].id;
  const byId = new Map<number, RelevanceProduct>();
  for (const [i, k] of keys.entries()) {
    const [name, description] = RELEVANCE_PRODUCTS[k];
    const created = new Date(Date.UTC(2026, 0, 1 + i));
    const row = await handle.db
      .insertInto('products')
      .values({
        supplier_id: supplier.id,
        category_id: category,
        name,
        description,
        min_price: '10.00',
        max_price: '20.00',
        minimum_order_quantity: 1,
        quantity_in_stock: 100,
        thumbnail_url: '/media/none.png',
        created_at: created,
        updated_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    byId.set(row.id, k);
  }
  const app = await buildApp({ config, db: handle.db, logger: false });
  await measure(`server, ${handle.kind}`, async (query) => {
    const res = await app.inject({ url: `/api/products/?limit=100&search=${encodeURIComponent(query)}` });
    return (res.json() as { results: Array<{ id: number }> }).results.map((p) => byId.get(p.id) as RelevanceProduct);
  });
  await app.close();
} finally {
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}
