import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database, type DatabaseHandle } from '@server/db';
import { hashPassword } from '@server/services/accounts/passwords';
import { createTokenService } from '@server/services/accounts/tokens';
import { SAMPLE_FILES, type apiClient, fileBlob, startTestApp, type TestApp } from '../helpers';
import { sharedDatabase, startServerProcess, tinyDist, type ServerProcess } from '../processes';

/**
 * The change feed's promise (docs/api.md#delta-sync): a change is never skipped, only delayed.
 * Suppliers create, edit and delete products all at once, over the API; readers pull
 * GET /api/sync/ throughout, as a guest (the catalogue stream, served from the shared pages)
 * and signed in (every collection). When the writes end, each reader must hold every final
 * state within seconds. On PostgreSQL the writes and pulls are spread over three API
 * processes, beside a client of another database taking transaction ids all the time; the
 * embedded PGlite serves one process.
 */

type Api = ReturnType<typeof apiClient>;

const onPostgres = Boolean(process.env.DATABASE_URL);
const SUPPLIERS = 16;
const PRODUCTS_EACH = 20;
/** How long the readers have, once the writes end, to hold every final state. */
const CATCH_UP_MS = 10_000;
const PASSWORD = 'correct horse battery';
/** Rounds in one run (FEED_STRESS_RUNS=50 for the 50-in-a-row check by hand), each with new suppliers. */
const ROUNDS = Number(process.env.FEED_STRESS_RUNS ?? 1);

interface Setup {
  apis: Api[];
  db: Database;
  issue(userId: number): Promise<string>;
  close(): Promise<void>;
}

async function onePostgresPerProcess(): Promise<Setup> {
  const database = await sharedDatabase();
  const handle: DatabaseHandle = openPostgres(database.url);
  const secret = randomBytes(32).toString('hex');
  const env = { DATABASE_URL: database.url, WEB_CONCURRENCY: '1', WEB_DIST_DIR: await tinyDist(), JWT_SECRET: secret };
  const servers: ServerProcess[] = await Promise.all([0, 1, 2].map(() => startServerProcess(env)));
  const tokens = createTokenService(handle.db, secret);
  return {
    apis: servers.map((s) => s.api),
    db: handle.db,
    issue: async (userId) => (await tokens.issue(userId)).access,
    async close() {
      for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await Promise.all(servers.map((s) => s.exited));
      await handle.close();
      await database.drop();
    },
  };
}

async function embedded(): Promise<Setup> {
  const t: TestApp = await startTestApp();
  return {
    apis: [t.api],
    db: t.db,
    issue: async (userId) => (await t.app.tokens.issue(userId)).access,
    close: () => t.close(),
  };
}

async function newUser(db: Database, type: 'SUPPLIER' | 'BUYER', n: number) {
  const user = await db
    .insertInto('users')
    .values({
      email: `${type.toLowerCase()}${n}-${randomBytes(3).toString('hex')}@feed.test`,
      first_name: `Writer${n}`,
      last_name: 'Feed',
      phone_number: '+2348000000000',
      country: 'NG',
      password_hash: await hashPassword(PASSWORD),
      user_type: type,
      is_first_login: false,
      is_verified: true,
      currency: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (type === 'SUPPLIER')
    await db
      .insertInto('supplier_profiles')
      .values({ user_id: user.id, company_name: `Feed ${n}`, is_verified: false, logo_url: null })
      .execute();
  else
    await db
      .insertInto('buyer_profiles')
      .values({ user_id: user.id, name: `Reader ${n}`, logo_url: null })
      .execute();
  return user.id;
}

/** One supplier's writes, each on the next process in turn: creates, an edit of every third, a delete of every seventh. */
async function supplierWrites(apis: Api[], token: string, supplier: number, categoryId: number) {
  let turn = supplier;
  const api = () => apis[turn++ % apis.length];
  for (let i = 0; i < PRODUCTS_EACH; i += 1) {
    const form = new FormData();
    for (const [key, value] of Object.entries({
      name: `Feed ${supplier}-${i}`,
      description: 'Written while a device pulls.',
      min_price: '3.00',
      max_price: '5.00',
      quantity_in_stock: '10',
      minimum_order_quantity: '1',
      category_id: String(categoryId),
    }))
      form.append(key, value);
    form.append('thumbnail', fileBlob(SAMPLE_FILES.png, 'image/png'), 'thumb.png');
    const created = await api().post('/api/products/', form, { token });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body as { id: number }).id;
    if (i % 3 === 0) {
      const edited = await api().patch(`/api/products/${id}/`, { name: `Feed ${supplier}-${i} edited` }, { token });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    }
    if (i % 7 === 3) expect((await api().delete(`/api/products/${id}/`, { token })).status).toBe(204);
  }
}

/** A device following the feed: its products by id (name only), its cursor, its pull count. */
function reader(apis: Api[], label: string, opts: { token?: string; collections?: string }) {
  const held = new Map<number, string>();
  let cursor: string | undefined;
  let pulls = 0;
  let stopped = false;
  const pullOnce = async () => {
    const q = new URLSearchParams({ limit: '100' });
    if (opts.collections) q.set('collections', opts.collections);
    if (cursor) q.set('since', cursor);
    const res = await apis[pulls++ % apis.length].get(`/api/sync/?${q}`, { token: opts.token });
    expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(200);
    const body = res.body as { cursor: string; has_more: boolean; reset: boolean; changes: Record<string, any> };
    if (body.reset) held.clear();
    for (const p of body.changes.products?.upserted ?? []) held.set(p.id, p.name);
    for (const id of body.changes.products?.deleted ?? []) held.delete(id);
    cursor = body.cursor;
    return body.has_more;
  };
  let reachedHead!: () => void;
  const atHead = new Promise<void>((resolve) => {
    reachedHead = resolve;
  });
  const running = (async () => {
    while (!stopped) if (!(await pullOnce())) reachedHead();
  })();
  return {
    label,
    held,
    /** Resolves once the reader holds everything written before it started (rejects if a pull failed). */
    atHead: Promise.race([atHead, running]),
    get pulls() {
      return pulls;
    },
    async stop() {
      stopped = true;
      await running;
    },
  };
}

/** What a reader holds of `expected`'s suppliers that differs from it: missing, stale, or deleted yet held. */
function differences(held: Map<number, string>, expected: Map<number, string>, writtenIds: Set<number>) {
  const wrong: string[] = [];
  for (const [id, name] of expected) if (held.get(id) !== name) wrong.push(`${id}: ${held.get(id) ?? 'missing'} instead of ${name}`);
  for (const id of held.keys()) if (writtenIds.has(id) && !expected.has(id)) wrong.push(`${id}: deleted yet held`);
  return wrong;
}

describe(`the change feed under concurrent writers (${onPostgres ? 'PostgreSQL, three API processes' : 'embedded PGlite'})`, () => {
  let setup: Setup;
  let otherDatabase: pg.Client | undefined;

  beforeAll(async () => {
    setup = onPostgres ? await onePostgresPerProcess() : await embedded();
    if (onPostgres) {
      otherDatabase = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await otherDatabase.connect();
    }
  }, 120_000);
  afterAll(async () => {
    await otherDatabase?.end();
    await setup?.close();
  });

  for (let round = 1; round <= ROUNDS; round += 1)
    it(`hands every reader every final state, none skipped, within seconds of the last write${ROUNDS > 1 ? ` (round ${round})` : ''}`, {
      timeout: 180_000,
    }, async () => {
      const { apis, db } = setup;
      const category = await db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow();
      const suppliers = await Promise.all(Array.from({ length: SUPPLIERS }, (_, n) => newUser(db, 'SUPPLIER', n)));
      const tokens = await Promise.all(suppliers.map((id) => setup.issue(id)));
      const buyerToken = await setup.issue(await newUser(db, 'BUYER', 0));

      let churning = true;
      const churn = (async () => {
        while (churning && otherDatabase) await otherDatabase.query('select pg_current_xact_id()');
      })();
      const readers = [
        reader(apis, 'a guest on the catalogue stream', { collections: 'products' }),
        reader(apis, 'a guest on every collection', {}),
        reader(apis, 'a signed-in buyer on every collection', { token: buyerToken }),
      ];
      try {
        // Earlier rounds' products are not this round's to wait for.
        await Promise.all(readers.map((r) => r.atHead));
        await Promise.all(tokens.map((token, n) => supplierWrites(apis, token, n, category.id)));
      } finally {
        churning = false;
        await churn;
      }

      const final = await db.selectFrom('products').select(['id', 'name']).where('supplier_id', 'in', suppliers).execute();
      const expected = new Map(final.map((p) => [p.id, p.name]));
      const written = await db
        .selectFrom('tombstones')
        .select('row_id')
        .where('collection', '=', 'products')
        .where('supplier_id', 'in', suppliers)
        .execute();
      const writtenIds = new Set([...expected.keys(), ...written.map((t) => t.row_id)]);
      expect(expected.size).toBe(SUPPLIERS * (PRODUCTS_EACH - 3));

      const deadline = Date.now() + CATCH_UP_MS;
      while (Date.now() < deadline && readers.some((r) => differences(r.held, expected, writtenIds).length > 0))
        await new Promise((resolve) => setTimeout(resolve, 50));
      const caughtUpMs = CATCH_UP_MS - (deadline - Date.now());
      await Promise.all(readers.map((r) => r.stop()));
      // Figures for the repeated check by hand (docs/api.md#why-no-change-is-skipped).
      if (ROUNDS > 1)
        console.log(`round ${round}: caught up ${caughtUpMs} ms after the last write; pulls ${readers.map((r) => r.pulls).join(', ')}`);

      for (const r of readers) {
        expect(r.pulls, r.label).toBeGreaterThan(10);
        expect(differences(r.held, expected, writtenIds), `${r.label}, after ${r.pulls} pulls`).toEqual([]);
      }
    });
});
