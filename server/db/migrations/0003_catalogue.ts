import { sql, type Kysely } from 'kysely';

/**
 * Catalogue search and consistency:
 *
 * - search_normalize(text): the one folding used for indexing and for queries, so "cafe"
 *   finds "Café", "KAHVE" finds "kahve" and "kirmizi" finds "Kırmızı". unaccent is called
 *   with its dictionary named explicitly, which makes the function truly IMMUTABLE (usable
 *   in generated columns and indexes). Both PGlite and PostgreSQL run it identically.
 * - products.search_name / search_doc: normalized name, and name + description, kept by
 *   PostgreSQL itself, each with a GIN trigram index for LIKE '%word%' and similarity().
 * - average_rating and reviews_count are kept true by a trigger on reviews, in the same
 *   transaction as every review write (including deletions cascading from an account).
 * - A product embeds its supplier and category, so changing those "touches" the products
 *   (their seq moves on) and GET /api/sync/ sends them again. The same for reviews and
 *   their reviewer.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function search_normalize(value text) returns text
    language sql immutable parallel safe strict as $$
      select lower(public.unaccent('public.unaccent'::regdictionary, translate(value, 'ıİ', 'iI')))
    $$`.execute(db);

  await sql`alter table products add column search_name text generated always as (search_normalize(name)) stored`.execute(db);
  await sql`alter table products add column search_doc text generated always as (search_normalize(name || ' ' || description)) stored`.execute(
    db,
  );
  await sql`create index products_search_name on products using gin (search_name gin_trgm_ops)`.execute(db);
  await sql`create index products_search_doc on products using gin (search_doc gin_trgm_ops)`.execute(db);

  // Section orders (top rated, flash deals) and per-user lists.
  await sql`create index products_top_rated on products (average_rating desc, reviews_count desc, id desc) where reviews_count > 0`.execute(
    db,
  );
  await sql`create index products_flash_deal on products (flash_deal_ends_at, id) where flash_deal_ends_at is not null`.execute(db);
  await sql`create index reviews_product on reviews (product_id, created_at desc, id desc)`.execute(db);
  await sql`create index favorites_user on favorites (user_id, created_at desc, id desc)`.execute(db);
  await sql`create index conversations_product_created on conversations (product_id, created_at)`.execute(db);
  await sql`create index tombstones_deleted_at on tombstones (deleted_at)`.execute(db);

  await sql`
    create function reviews_refresh_product_rating() returns trigger language plpgsql as $$
    declare pid integer;
    begin
      foreach pid in array array_remove(array[
        case when tg_op in ('INSERT', 'UPDATE') then new.product_id end,
        case when tg_op in ('DELETE', 'UPDATE') then old.product_id end], null)
      loop
        update products p set
          average_rating = coalesce((select round(avg(r.rating)::numeric, 2) from reviews r where r.product_id = pid), 0),
          reviews_count = (select count(*) from reviews r where r.product_id = pid)
        where p.id = pid;
      end loop;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger reviews_refresh_product_rating after insert or delete or update of rating, product_id on reviews
    for each row execute function reviews_refresh_product_rating()`.execute(db);

  // "Touch" = an update that changes nothing but lets the seq trigger hand out a new seq.
  await sql`
    create function touch_user_content() returns trigger language plpgsql as $$
    declare uid integer := coalesce((to_jsonb(new) ->> 'user_id')::int, (to_jsonb(new) ->> 'id')::int);
    begin
      update products set updated_at = updated_at where supplier_id = uid;
      update reviews set updated_at = updated_at where reviewer_id = uid;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger users_touch_content after update of first_name, user_type on users
    for each row when (old.first_name is distinct from new.first_name or old.user_type is distinct from new.user_type)
    execute function touch_user_content()`.execute(db);
  for (const table of ['supplier_profiles', 'buyer_profiles']) {
    await sql`
      create trigger ${sql.raw(`${table}_touch_content`)} after insert or update on ${sql.table(table)}
      for each row execute function touch_user_content()`.execute(db);
  }

  await sql`
    create function categories_touch_products() returns trigger language plpgsql as $$
    begin
      update products set updated_at = updated_at where category_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger categories_touch_products after update of name on categories
    for each row when (old.name is distinct from new.name)
    execute function categories_touch_products()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger categories_touch_products on categories`.execute(db);
  await sql`drop function categories_touch_products()`.execute(db);
  for (const table of ['supplier_profiles', 'buyer_profiles']) {
    await sql`drop trigger ${sql.raw(`${table}_touch_content`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop trigger users_touch_content on users`.execute(db);
  await sql`drop function touch_user_content()`.execute(db);
  await sql`drop trigger reviews_refresh_product_rating on reviews`.execute(db);
  await sql`drop function reviews_refresh_product_rating()`.execute(db);
  for (const index of [
    'tombstones_deleted_at',
    'conversations_product_created',
    'favorites_user',
    'reviews_product',
    'products_flash_deal',
    'products_top_rated',
  ]) {
    await sql`drop index ${sql.raw(index)}`.execute(db);
  }
  await sql`alter table products drop column search_doc, drop column search_name`.execute(db);
  await sql`drop function search_normalize(text)`.execute(db);
}
