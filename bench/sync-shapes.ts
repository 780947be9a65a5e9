/**
 * What a page of a shape of GET /api/sync/ (docs/api.md#shapes) costs the server, against a
 * page of the whole catalogue stream, for devices each at its own cursor (none shares a cached
 * page: the cost a crowd of devices pays once the page cache is outgrown). Run by hand after
 * bench/catalogue-generate.ts, on the same database:
 *   DATA_DIR=/tmp/shapes-bench npx tsx bench/catalogue-generate.ts 100000
 *   DATA_DIR=/tmp/shapes-bench npx tsx bench/sync-shapes.ts [devices=40] [limit=500]
 * (or DATABASE_URL=postgres://... for both). Prints figures; asserts nothing.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db';
import { migrateToLatest } from '../server/db/migrate';

const devices = Number(process.argv[2] ?? 40);
const limit = Number(process.argv[3] ?? 500);
process.env.DATA_DIR ||= path.join(tmpdir(), 'marketplace-bench');
const config = { ...loadConfig(), seedDemo: false, logLevel: 'warn' as const };
const handle = await openDatabase(config);
await migrateToLatest(handle.db);
const app = await buildApp({ config, db: handle.db, logger: false });

const total = Number(
  (
    await handle.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
  ).n,
);
const category = await handle.db
  .selectFrom('products')
  .select(['category_id', (eb) => eb.fn.countAll().as('n')])
  .where('category_id', 'is not', null)
  .groupBy('category_id')
  .orderBy('n', 'desc')
  .executeTakeFirstOrThrow();
const supplier = await handle.db.selectFrom('products').select('supplier_id').limit(1).executeTakeFirstOrThrow();

/** Cursors of `devices` devices, each somewhere in the feed of the rows `where` picks. */
async function cursors(column: 'category_id' | 'supplier_id' | null, id: number): Promise<string[]> {
  let query = handle.db.selectFrom('products').select(['txid', 'seq']).orderBy('txid').orderBy('seq');
  if (column) query = query.where(column, '=', id);
  const positions = await query.execute();
  return Array.from({ length: devices }, (_, i) => {
    const p = positions[Math.floor(((i + 0.5) * positions.length) / devices)];
    return `v2.${p.txid}.${p.seq}.0`;
  });
}

async function measure(label: string, query: string, since: string[]): Promise<void> {
  const times: number[] = [];
  let bytes = 0;
  for (const cursor of since) {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url: `/api/sync/?${query}&limit=${limit}&since=${cursor}` });
    times.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    bytes += res.body.length;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
  console.log(
    `${label.padEnd(44)} median ${at(0.5).padStart(7)} ms   p90 ${at(0.9).padStart(7)} ms   max ${at(1).padStart(7)} ms   ${Math.round(bytes / since.length / 1024)} KB/page`,
  );
}

console.log(
  `${handle.kind}: ${total} products; largest category ${category.category_id} holds ${category.n}; ${devices} devices, pages of ${limit}`,
);
await measure('catalogue stream (collections=products)', 'collections=products', await cursors(null, 0));
await measure(
  `shape=category:${category.category_id}`,
  `shape=category:${category.category_id}`,
  await cursors('category_id', Number(category.category_id)),
);
await measure(
  `shape=supplier:${supplier.supplier_id}`,
  `shape=supplier:${supplier.supplier_id}`,
  await cursors('supplier_id', supplier.supplier_id),
);
await app.close();
await handle.close();
