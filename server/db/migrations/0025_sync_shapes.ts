import { sql, type Kysely } from 'kysely';

/**
 * Shapes of the catalogue (docs/api.md#shapes, server/sync/shapes.ts): a device pulls the
 * products of one category or one supplier, each with its own cursor.
 * - A shape's page is a range of an index, (category_id, txid, seq) or (supplier_id, txid, seq),
 *   so it costs the same whoever asked before.
 * - A tombstone remembers which category and supplier its product was in, so a shape learns of
 *   the deletions of its own products.
 * - A product that leaves a shape while it lives on (moved to another category, or its category
 *   deleted) leaves a tombstone of the collection `products:exit` naming the shape it left.
 *   Only shape pulls read that collection: the classic feed never sees it.
 */
const TXID = 'pg_current_xact_id()::text::bigint';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table tombstones add column category_id integer, add column supplier_id integer`.execute(db);
  await sql
    .raw(`
    create or replace function products_tombstone() returns trigger language plpgsql as $$
    begin
      insert into tombstones (seq, txid, collection, row_id, audience, category_id, supplier_id)
      values (nextval('change_seq'), ${TXID}, 'products', old.id, null, old.category_id, old.supplier_id);
      return old;
    end $$`)
    .execute(db);
  await sql
    .raw(`
    create function products_shape_exit() returns trigger language plpgsql as $$
    begin
      insert into tombstones (seq, txid, collection, row_id, audience, category_id, supplier_id)
      values (
        nextval('change_seq'), ${TXID}, 'products:exit', old.id, null,
        case when old.category_id is distinct from new.category_id then old.category_id end,
        case when old.supplier_id is distinct from new.supplier_id then old.supplier_id end
      );
      return null;
    end $$`)
    .execute(db);
  await sql`
    create trigger products_shape_exit after update on products for each row
    when (old.category_id is distinct from new.category_id or old.supplier_id is distinct from new.supplier_id)
    execute function products_shape_exit()`.execute(db);

  await sql`create index products_category_txid_seq on products (category_id, txid, seq)`.execute(db);
  await sql`create index products_supplier_txid_seq on products (supplier_id, txid, seq)`.execute(db);
  await sql`create index tombstones_category_txid_seq on tombstones (category_id, txid, seq) where category_id is not null`.execute(db);
  await sql`create index tombstones_supplier_txid_seq on tombstones (supplier_id, txid, seq) where supplier_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index tombstones_supplier_txid_seq`.execute(db);
  await sql`drop index tombstones_category_txid_seq`.execute(db);
  await sql`drop index products_supplier_txid_seq`.execute(db);
  await sql`drop index products_category_txid_seq`.execute(db);
  await sql`drop trigger products_shape_exit on products`.execute(db);
  await sql`drop function products_shape_exit()`.execute(db);
  await sql`delete from tombstones where collection = 'products:exit'`.execute(db);
  await sql
    .raw(`
    create or replace function products_tombstone() returns trigger language plpgsql as $$
    begin
      insert into tombstones (seq, txid, collection, row_id, audience)
      values (nextval('change_seq'), ${TXID}, 'products', old.id, null);
      return old;
    end $$`)
    .execute(db);
  await sql`alter table tombstones drop column supplier_id, drop column category_id`.execute(db);
}
