/**
 * Bulk catalogue for benchmarks: N products (default 10,000) from a few bench suppliers,
 * names and descriptions drawn from word lists so searches match realistic shares of them.
 * Pictures are referenced, not generated. Run by hand:
 *   npx tsx bench/catalogue-generate.ts 10000                       (PGlite in DATA_DIR, default <tmp>/marketplace-bench)
 *   DATABASE_URL=postgres://... npx tsx bench/catalogue-generate.ts 100000
 */
import { sql } from 'kysely';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db';
import { migrateToLatest } from '../server/db/migrate';
import { MODEL_WORDS } from './search-words';

const count = Number(process.argv[2] ?? 10_000);
if (!Number.isInteger(count) || count < 1) throw new Error('Usage: npx tsx bench/catalogue-generate.ts <number of products>');
process.env.DATA_DIR ||= path.join(tmpdir(), 'marketplace-bench');

const ADJECTIVES = [
  'Organic',
  'Premium',
  'Handmade',
  'Kırmızı',
  'Café',
  'Natural',
  'Industrial',
  'Solar',
  'Woven',
  'Dried',
  'Pure',
  'Fresh',
  'Smoked',
  'Bio',
  'Türk',
  'Grand',
];
const NOUNS = [
  'Coffee',
  'Rice',
  'Shea Butter',
  'Cement',
  'Towel',
  'Basket',
  'Pepper',
  'Cocoa',
  'Panel',
  'Generator',
  'Kahve',
  'Tissu',
  'Savon',
  'Chair',
  'Tyre',
  'Honey',
  'Olive Oil',
  'Garri',
  'Boubou',
  'Lokum',
];
const PLACES = ['Lagos', 'Kano', 'Dakar', 'Thiès', 'Abidjan', 'San-Pédro', 'İzmir', 'Denizli', 'Abuja', 'Man'];

const config = loadConfig();
const handle = await openDatabase(config);
await migrateToLatest(handle.db);
const started = performance.now();
const existing = Number((await sql<{ n: number }>`select count(*)::int as n from products`.execute(handle.db)).rows[0].n);

const suppliers = [];
for (let i = 0; i < 20; i++) {
  const email = `bench-supplier-${i}@bench.test`;
  const row = await handle.db
    .insertInto('users')
    .values({
      email,
      first_name: `Bench${i}`,
      last_name: 'Supplier',
      phone_number: '+2348000000000',
      country: ['NG', 'TR', 'SN', 'CI'][i % 4],
      password_hash: 'bench-account-without-password',
      user_type: 'SUPPLIER',
      is_first_login: false,
      is_verified: true,
    })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doUpdateSet({ first_name: `Bench${i}` }))
    .returning('id')
    .executeTakeFirstOrThrow();
  await handle.db
    .insertInto('supplier_profiles')
    .values({ user_id: row.id, company_name: `Bench Trading ${i}`, is_verified: i % 3 === 0, logo_url: null })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  suppliers.push(row.id);
}

const batch = 5_000;
for (let from = 0; from < count; from += batch) {
  const n = Math.min(batch, count - from);
  await sql`
    insert into products (supplier_id, category_id, name, description, min_price, max_price, thumbnail_url,
                          minimum_order_quantity, quantity_in_stock, flash_deal_ends_at, created_at, updated_at)
    select (${sql.val(suppliers)}::int[])[1 + (g % ${suppliers.length})],
           (select id from categories order by id offset (g % 12) limit 1),
           (${sql.val(ADJECTIVES)}::text[])[1 + (g % ${ADJECTIVES.length})] || ' ' || (${sql.val(NOUNS)}::text[])[1 + ((g / 7) % ${NOUNS.length})] || ' ' || g,
           'Bench product from ' || (${sql.val(PLACES)}::text[])[1 + ((g / 3) % ${PLACES.length})] || ', lot ' || g || '. ' ||
             (${sql.val(NOUNS)}::text[])[1 + ((g / 11) % ${NOUNS.length})] || ' quality, packed for export. Model ' ||
             (${sql.val(MODEL_WORDS)}::text[])[1 + (g % ${MODEL_WORDS.length})] || '.',
           (1 + g % 50)::numeric(12,2), (60 + g % 50)::numeric(12,2), '/media/bench-' || (g % 97) || '.png',
           1 + g % 5, 100 + g % 900,
           case when g % 97 = 0 then now() + make_interval(hours => 1 + g % 100) end,
           now() - make_interval(mins => g), now() - make_interval(mins => g)
    from generate_series(${existing + from + 1}::int, ${existing + from + n}::int) g`.execute(handle.db);
  process.stdout.write(`\r${from + n} / ${count} products`);
}
// As autovacuum leaves a settled PostgreSQL table: statistics and the visibility map (index-only scans).
await sql`vacuum analyze`.execute(handle.db);
console.log(`\n${count} products added in ${Math.round(performance.now() - started)} ms (${handle.kind}, ${existing + count} in all)`);
await handle.close();
