import { sql, type Kysely } from 'kysely';

/**
 * search_words: the catalogue's vocabulary, each word of the products' folded names and
 * descriptions (search_doc), learnt by a trigger on every write that brings new text (create,
 * edit, the seed's bulk inserts), once per statement. A search word not found as typed is looked
 * up here by trigram distance (its nearest words, through the GiST index) and the search rules
 * (src/shared/search-rules.ts) pick its other forms and typos (docs/search.md). The split is
 * the device's (vocabularyWords): letters, digits and apostrophes; numbers alone are left out
 * (a typo in a number is another number).
 *
 * Writers never wait for one another here: the trigger adds only words the table lacks, and the
 * table has no unique key, so two transactions bringing the same new word both add it (a
 * duplicate the lookup reads once) instead of the second waiting for the first to end. No
 * shared row is updated on a write, so product writes stay as concurrent as before
 * (tests/server/db/change-feed.test.ts). Words no product holds any more stay: a search for
 * them finds nothing, and "did you mean" offers only words a product holds.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table search_words (word text not null)`.execute(db);
  await sql`create index search_words_word on search_words (word)`.execute(db);
  await sql`create index search_words_trgm on search_words using gist (word gist_trgm_ops)`.execute(db);
  await sql`
    create function search_doc_words(doc text) returns setof text language sql immutable as $$
      select distinct btrim(w, '''’') from regexp_split_to_table(coalesce(doc, ''), '[^[:alnum:]''’]+') as w
      where length(btrim(w, '''’')) >= 2 and w !~ '^[0-9]+$' order by 1
    $$`.execute(db);
  // Statement triggers over transition tables: a bulk insert (the seed) adds each word once,
  // not once per row (per-row work made generating 100k products seven times slower).
  await sql`
    create function search_words_learn() returns trigger language plpgsql as $$
    begin
      insert into search_words (word)
      select distinct w from new_rows n, search_doc_words(n.search_doc) w
      where not exists (select 1 from search_words s where s.word = w);
      return null;
    end $$`.execute(db);
  for (const event of ['insert', 'update']) {
    await sql`
      create trigger ${sql.raw(`products_search_words_${event}`)} after ${sql.raw(event)} on products
      referencing new table as new_rows for each statement execute function search_words_learn()`.execute(db);
  }
  await sql`insert into search_words (word) select distinct w from products p, search_doc_words(p.search_doc) w`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const event of ['insert', 'update']) {
    await sql`drop trigger ${sql.raw(`products_search_words_${event}`)} on products`.execute(db);
  }
  await sql`drop function search_words_learn()`.execute(db);
  await sql`drop function search_doc_words(text)`.execute(db);
  await sql`drop table search_words`.execute(db);
}
