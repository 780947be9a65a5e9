import { sql, type Kysely } from 'kysely';

/**
 * search_words: the catalogue's vocabulary, each word of the products' folded names and
 * descriptions (search_doc) with how many products hold it, kept by a trigger on every write
 * (create, edit, delete, the seed's bulk inserts). A search word not found as typed is looked
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
  await sql`
    create function search_words_count() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        update search_words s set products = s.products - 1 from search_doc_words(old.search_doc) w where s.word = w;
        delete from search_words s using search_doc_words(old.search_doc) w where s.word = w and s.products <= 0;
      end if;
      if tg_op in ('UPDATE', 'INSERT') then
        insert into search_words (word, products) select w, 1 from search_doc_words(new.search_doc) w
        on conflict (word) do update set products = search_words.products + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger products_search_words after insert or delete or update of name, description on products
    for each row execute function search_words_count()`.execute(db);
  await sql`
    insert into search_words (word, products)
    select w, count(*)::int from products p, search_doc_words(p.search_doc) w group by w`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger products_search_words on products`.execute(db);
  await sql`drop function search_words_count()`.execute(db);
  await sql`drop function search_doc_words(text)`.execute(db);
  await sql`drop table search_words`.execute(db);
}
