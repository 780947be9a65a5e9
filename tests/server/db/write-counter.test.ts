import { CompiledQuery, sql, type DatabaseConnection } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localWrites } from '@server/db';
import { countWrites, type WriteCounter } from '@server/db/write-counter';
import { createUser, startTestApp, type TestApp } from '../helpers';

const run = (conn: DatabaseConnection, text: string) => conn.executeQuery(CompiledQuery.raw(text));

describe('countWrites', () => {
  const inner: DatabaseConnection = {
    executeQuery: async () => ({ rows: [] }),
    streamQuery: async function* () {
      /* not used */
    },
  };

  it('moves on for a write, and again when its transaction ends, but never for reads', async () => {
    const counter: WriteCounter = { count: 0, trusted: true };
    const conn = countWrites(inner, counter);
    await run(conn, 'select 1');
    await run(conn, 'begin');
    expect(counter.count).toBe(0);
    await run(conn, "update products set name = 'x'");
    expect(counter.count).toBe(1);
    await run(conn, 'commit');
    expect(counter.count).toBe(2);
    await run(conn, 'select 2');
    await run(conn, 'commit');
    expect(counter.count).toBe(2);
  });

  it('leaves reads with common table expressions uncounted, and counts those that write', async () => {
    const counter: WriteCounter = { count: 0, trusted: true };
    const conn = countWrites(inner, counter);
    await run(conn, 'with m as materialized (select id from products) select count(*) from m');
    expect(counter.count).toBe(0);
    await run(conn, "with m as (update products set name = 'x' returning id) select count(*) from m");
    expect(counter.count).toBe(1);
    await run(conn, 'WITH gone AS (DELETE FROM favorites RETURNING product_id) SELECT 1');
    expect(counter.count).toBe(2);
  });

  it('keeps a transaction dirty across a rollback to a savepoint', async () => {
    const counter: WriteCounter = { count: 0, trusted: true };
    const conn = countWrites(inner, counter);
    await run(conn, 'begin');
    await run(conn, 'insert into banners (image_url) values ($1)');
    await run(conn, 'savepoint a');
    await run(conn, 'rollback to savepoint a');
    await run(conn, 'commit');
    expect(counter.count).toBe(2);
  });
});

// Another process writing to the same PostgreSQL database: only meaningful with one.
describe.runIf(Boolean(process.env.DATABASE_URL))('another process writing to PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("is heard through change notifications, so cached catalogue answers never outlive another process's commit", async () => {
    const counter = localWrites(t.db)!;
    await expect.poll(() => counter.trusted, { timeout: 5000 }).toBe(true);
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    await t.db
      .insertInto('products')
      .values({
        supplier_id: supplier.user.id,
        category_id: 1,
        name: 'Hibiscus flowers',
        description: 'Dried bissap',
        min_price: '3.00',
        max_price: '4.00',
        thumbnail_url: '/media/x.png',
        minimum_order_quantity: 1,
        quantity_in_stock: 50,
      })
      .execute();
    expect((await t.api.get('/api/products/?search=hibiscus')).body.count).toBe(1);

    // The database of this test, reached by a connection of its own, as another server would.
    const { rows } = await sql<{ db: string }>`select current_database() as db`.execute(t.db);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${rows[0].db}`;
    const other = new pg.Client({ connectionString: url.toString() });
    await other.connect();
    await other.query(`update products set name = 'Hibiscus flowers, grade A' where name = 'Hibiscus flowers'`);
    await other.end();

    await expect
      .poll(async () => (await t.api.get('/api/products/?search=hibiscus')).body.results[0]?.name, { timeout: 5000 })
      .toBe('Hibiscus flowers, grade A');
  });
});
