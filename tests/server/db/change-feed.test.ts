import { sql, type Transaction } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '@server/db/schema';
import { BOUNDS_IN_SNAPSHOT, syncBounds } from '@server/sync/tombstones';
import { createUser, startTestApp, type TestApp, type TestUser } from '../helpers';

let t: TestApp;
let supplier: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  supplier = await createUser(t, { type: 'SUPPLIER' });
});
afterAll(async () => {
  await t.close();
});

const productValues = (name: string) => ({
  supplier_id: supplier.user.id,
  category_id: 1,
  name,
  description: 'Raw, unrefined',
  min_price: '5.00',
  max_price: '9.00',
  thumbnail_url: '/media/x.png',
  minimum_order_quantity: 1,
  quantity_in_stock: 10,
});

async function insertProduct(db: Transaction<DB> | TestApp['db'], name = 'Shea butter') {
  return db.insertInto('products').values(productValues(name)).returning(['id', 'seq', 'txid']).executeTakeFirstOrThrow();
}

/** Every product id a device learns by following has_more from `since`; and where it ends. */
async function pullProducts(since?: string) {
  const ids: number[] = [];
  let cursor = since;
  for (;;) {
    const q = new URLSearchParams({ collections: 'products', limit: '1000' });
    if (cursor) q.set('since', cursor);
    const res = await t.api.get(`/api/sync/?${q}`);
    expect(res.status).toBe(200);
    expect(res.body.reset).toBe(false);
    ids.push(...(res.body.changes.products?.upserted ?? []).map((p: { id: number }) => p.id));
    cursor = res.body.cursor as string;
    if (!res.body.has_more) return { ids, cursor };
  }
}

/** A promise and the function that settles it, to walk two transactions through a fixed interleaving. */
function signal() {
  let fire!: () => void;
  const fired = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { fire, fired };
}

describe('change feed', () => {
  it('hands out a new, higher seq on every insert and update of a synced row, with its transaction', async () => {
    const product = await insertProduct(t.db);
    const updated = await t.db
      .updateTable('products')
      .set({ name: 'Shea butter, grade A' })
      .where('id', '=', product.id)
      .returning(['seq', 'txid'])
      .executeTakeFirstOrThrow();
    expect(updated.seq).toBeGreaterThan(product.seq);
    expect(updated.txid).toBeGreaterThan(0);
  });

  it('reads its bound of settled transactions only before the snapshot of the rows, never inside one', async () => {
    await expect(t.db.transaction().execute((trx) => syncBounds(trx))).rejects.toThrow(BOUNDS_IN_SNAPSHOT);
    await expect(
      t.db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute((trx) => syncBounds(trx)),
    ).rejects.toThrow(BOUNDS_IN_SNAPSHOT);
  });

  // Only a server with several connections can interleave transactions.
  describe.runIf(Boolean(process.env.DATABASE_URL))('with two writers and a reader interleaved on PostgreSQL', () => {
    /**
     * Writer 1 holds an uncommitted product while writer 2 commits one and a device pulls;
     * then writer 1 commits. Under a feed ordered by seq alone and without the old lock, the
     * device's cursor would pass writer 1's product before it committed and never send it.
     * `early`: writer 1's transaction began (took its id) before writer 2's, but wrote after it.
     */
    for (const early of [false, true]) {
      it(`never skips the change that commits last${early ? ' (its transaction began first)' : ''}, and writers do not wait`, async () => {
        const { cursor: start } = await pullProducts();
        const firstWrote = signal();
        const secondDone = signal();
        const pulledMeanwhile = signal();
        let firstId = 0;
        const first = t.db.transaction().execute(async (trx) => {
          if (early) await sql`select pg_current_xact_id()`.execute(trx);
          if (early) firstWrote.fire();
          if (early) await secondDone.fired;
          firstId = (await insertProduct(trx, 'Uncommitted for now')).id;
          if (!early) firstWrote.fire();
          if (!early) await secondDone.fired;
          await pulledMeanwhile.fired;
        });
        await firstWrote.fired;
        // Writer 2 gives up after 2 s of waiting on any lock: it must not wait at all.
        const second = await t.db.transaction().execute(async (trx) => {
          await sql`set local lock_timeout = '2s'`.execute(trx);
          return insertProduct(trx, 'Committed first');
        });
        secondDone.fire();
        if (early) await new Promise((resolve) => setTimeout(resolve, 50));

        const meanwhile = await pullProducts(start);
        expect(meanwhile.ids).not.toContain(firstId);
        pulledMeanwhile.fire();
        await first;

        const later = await pullProducts(meanwhile.cursor);
        expect([...meanwhile.ids, ...later.ids]).toEqual(expect.arrayContaining([firstId, second.id]));
      });
    }

    /**
     * Other databases of the same server take transaction ids too. One that ends between the
     * pull's snapshot and its look at the server's activity must not hold the feed back, or
     * a device gets a write only at its next pull (1 pull in 70 did, with three clients of
     * another database committing all the time).
     */
    it('is not held back by transactions of other databases, even one that ends as the pull looks', async () => {
      const others = await Promise.all(
        [0, 1, 2].map(async () => {
          const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
          await client.connect();
          return client;
        }),
      );
      let churning = true;
      const churn = others.map(async (client) => {
        while (churning) await client.query('select pg_current_xact_id()');
      });
      try {
        // 1,000 looks take 4 s on a quiet machine; a loaded CI machine gets as many as fit in 15 s.
        const until = Date.now() + 15_000;
        let looks = 0;
        let heldBack = 0;
        while (looks < 1000 && Date.now() < until) {
          const { settled, nextTxid } = await syncBounds(t.db);
          if (settled < nextTxid) heldBack += 1;
          looks += 1;
        }
        expect(looks).toBeGreaterThan(0);
        expect(heldBack).toBe(0);
      } finally {
        churning = false;
        await Promise.all(churn);
        await Promise.all(others.map((client) => client.end()));
      }
    }, 60_000);

    /**
     * A transaction prepared for two-phase commit on its own connection, holding a transaction id.
     * (It cannot write a synced table: their triggers NOTIFY, which PREPARE refuses.) The server
     * must allow them: .ci/run sets max_prepared_transactions.
     */
    async function prepared(connectionString: string, gid: string) {
      const client = new pg.Client({ connectionString });
      await client.connect();
      await client.query('begin');
      const { rows } = await client.query('select pg_current_xact_id()::text as xid');
      await client.query(`prepare transaction '${gid}'`);
      await client.end();
      return Number(rows[0].xid);
    }
    const preparedAllowed = async () =>
      Number((await sql<{ n: string }>`select current_setting('max_prepared_transactions') as n`.execute(t.db)).rows[0].n) > 0;
    const ownDatabase = async () => {
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${rows[0].name}`;
      return url.toString();
    };

    it('is held back by a transaction prepared in its own database until it ends, then sends what came after', async (ctx) => {
      if (!(await preparedAllowed())) ctx.skip('max_prepared_transactions is 0 on this server');
      const { cursor: start } = await pullProducts();
      const gid = `feed-here-${Date.now()}`;
      const xid = await prepared(await ownDatabase(), gid);
      let open = true;
      try {
        // A later transaction commits, so the prepared one is listed as running in every snapshot.
        const later = await insertProduct(t.db, 'Committed while another is prepared');
        expect((await syncBounds(t.db)).settled).toBeLessThanOrEqual(xid);
        const meanwhile = await pullProducts(start);
        expect(meanwhile.ids).not.toContain(later.id);

        await sql`rollback prepared ${sql.lit(gid)}`.execute(t.db);
        open = false;
        expect((await pullProducts(meanwhile.cursor)).ids).toContain(later.id);
      } finally {
        if (open) await sql`rollback prepared ${sql.lit(gid)}`.execute(t.db);
      }
    });

    it('is not held back by a transaction prepared in another database', async (ctx) => {
      if (!(await preparedAllowed())) ctx.skip('max_prepared_transactions is 0 on this server');
      const gid = `feed-elsewhere-${Date.now()}`;
      const xid = await prepared(process.env.DATABASE_URL!, gid);
      const elsewhere = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await elsewhere.connect();
      try {
        const later = await insertProduct(t.db, 'Committed while another database holds a prepared one');
        const { settled, nextTxid } = await syncBounds(t.db);
        expect(nextTxid).toBeGreaterThan(xid);
        expect(settled).toBe(nextTxid);
        expect(settled).toBeGreaterThan(later.txid);
      } finally {
        await elsewhere.query(`rollback prepared '${gid}'`);
        await elsewhere.end();
      }
    });

    it('lets a transaction that wrote update a row another statement is about to update, without deadlock', async () => {
      const buyer = await createUser(t, { type: 'BUYER' });
      const product = await insertProduct(t.db);
      const firstWrote = signal();
      const secondStarted = signal();
      const first = t.db.transaction().execute(async (trx) => {
        await trx.insertInto('favorites').values({ user_id: buyer.user.id, product_id: product.id, client_id: null }).execute();
        firstWrote.fire();
        await secondStarted.fired;
        // Give the second statement time to queue behind us before we touch its row.
        await sql`select pg_sleep(0.2)`.execute(trx);
        await trx.updateTable('products').set({ quantity_in_stock: 9 }).where('id', '=', product.id).execute();
      });
      await firstWrote.fired;
      const second = t.db.updateTable('products').set({ name: 'Shea butter (bulk)' }).where('id', '=', product.id).execute();
      secondStarted.fire();

      await expect(Promise.all([first, second])).resolves.toBeDefined();
      const row = await t.db
        .selectFrom('products')
        .select(['name', 'quantity_in_stock'])
        .where('id', '=', product.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ name: 'Shea butter (bulk)', quantity_in_stock: 9 });
    });
  });
});
