import { sql, type Kysely } from 'kysely';

/**
 * search_words: the catalogue's vocabulary, each word of the products' folded names and
 * descriptions (search_doc) with how many products hold it, kept by a trigger on every write
 * (create, edit, delete, the seed's bulk inserts), once per statement. A search word not found as typed is looked
 * up here by trigram distance (its nearest words, through the GiST index) and the search rules
 * (src/shared/search-rules.ts) pick its other forms and typos (docs/search.md). The split is
 * the device's (vocabularyWords): letters, digits and apostrophes; numbers alone are left out
 * (a typo in a number is another number). Words are taken in order, so
 * two writes that share words lock them in the same order and never deadlock.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table search_words (word text primary key, products integer not null)`.execute(db);
  await sql`create index search_words_trgm on search_words using gist (word gist_trgm_ops)`.execute(db);
  await sql`
    create function search_doc_words(doc text) returns setof text language sql immutable as $$
      select distinct btrim(w, '''’') from regexp_split_to_table(coalesce(doc, ''), '[^[:alnum:]''’]+') as w
      where length(btrim(w, '''’')) >= 2 and w !~ '^[0-9]+$' order by 1
    $$`.execute(db);
  // Statement triggers over transition tables: a bulk insert (the seed) counts each word once,
  // not once per row (per-row upserts made generating 100k products seven times slower).
  await sql`
    create function search_words_add(words text[], delta integer) returns void language sql as $$
      insert into search_words (word, products)
      select w, count(*)::int * delta from unnest(words) w group by w order by w
      on conflict (word) do update set products = search_words.products + excluded.products;
      delete from search_words where word = any(words) and products <= 0;
    $$`.execute(db);
  await sql`
    create function search_words_count() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform search_words_add(array(select w from new_rows n, search_doc_words(n.search_doc) w), 1);
      elsif tg_op = 'DELETE' then
        perform search_words_add(array(select w from old_rows o, search_doc_words(o.search_doc) w), -1);
      else
        -- Most updates (prices, counts, deals) leave the text alone: only changed texts count.
        perform search_words_add(array(
          select w from old_rows o join new_rows n using (id), search_doc_words(o.search_doc) w
          where o.search_doc is distinct from n.search_doc), -1);
        perform search_words_add(array(
          select w from old_rows o join new_rows n using (id), search_doc_words(n.search_doc) w
          where o.search_doc is distinct from n.search_doc), 1);
      end if;
      return null;
    end $$`.execute(db);
  for (const [event, tables] of [
    ['insert', 'new table as new_rows'],
    ['delete', 'old table as old_rows'],
    ['update', 'old table as old_rows new table as new_rows'],
  ]) {
    await sql`
      create trigger ${sql.raw(`products_search_words_${event}`)} after ${sql.raw(event)} on products
      referencing ${sql.raw(tables)} for each statement execute function search_words_count()`.execute(db);
  }
  await sql`
    insert into search_words (word, products)
    select w, count(*)::int from products p, search_doc_words(p.search_doc) w group by w`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const event of ['insert', 'delete', 'update']) {
    await sql`drop trigger ${sql.raw(`products_search_words_${event}`)} on products`.execute(db);
  }
  await sql`drop function search_words_count()`.execute(db);
  await sql`drop function search_words_add(text[], integer)`.execute(db);
  await sql`drop function search_doc_words(text)`.execute(db);
  await sql`drop table search_words`.execute(db);
}
