import { sql, type Kysely } from 'kysely';

/**
 * Messaging:
 * - one conversation per buyer, supplier and product (a database guarantee, so two taps on
 *   "Send message" on two devices still open the same chat);
 * - notifications that point into a conversation go with it, so nobody is left with a bell
 *   entry leading nowhere (e.g. after the other participant deleted their account);
 * - a conversation embeds its participants' profiles and its product line, so changing those
 *   "touches" the conversation (its seq moves on) and GET /api/sync/ sends it again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Nulls are distinct: conversations whose product was deleted (product_id set null) never collide.
  await sql`create unique index conversations_buyer_supplier_product on conversations (buyer_id, supplier_id, product_id)`.execute(db);

  await sql`
    create function conversations_drop_notifications() returns trigger language plpgsql as $$
    begin
      delete from notifications
      where user_id in (old.buyer_id, old.supplier_id)
        and kind in ('new_message', 'new_offer')
        and link = '/chat/' || old.id;
      return old;
    end $$`.execute(db);
  await sql`
    create trigger conversations_drop_notifications after delete on conversations
    for each row execute function conversations_drop_notifications()`.execute(db);

  await sql`
    create function touch_user_conversations() returns trigger language plpgsql as $$
    declare uid integer;
    begin
      -- Two branches, not one CASE: PL/pgSQL plans a whole expression, and profiles have no "id".
      if tg_table_name = 'users' then uid := new.id; else uid := new.user_id; end if;
      update conversations set created_at = created_at where buyer_id = uid or supplier_id = uid;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger users_touch_conversations after update of first_name, user_type on users
    for each row when (old.first_name is distinct from new.first_name or old.user_type is distinct from new.user_type)
    execute function touch_user_conversations()`.execute(db);
  for (const table of ['supplier_profiles', 'buyer_profiles']) {
    await sql`
      create trigger ${sql.raw(`${table}_touch_conversations`)} after insert or update on ${sql.table(table)}
      for each row execute function touch_user_conversations()`.execute(db);
  }

  await sql`
    create function products_touch_conversations() returns trigger language plpgsql as $$
    begin
      update conversations set created_at = created_at where product_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger products_touch_conversations after update of name, price, min_price, thumbnail_url on products
    for each row when (old.name is distinct from new.name or old.price is distinct from new.price
      or old.min_price is distinct from new.min_price or old.thumbnail_url is distinct from new.thumbnail_url)
    execute function products_touch_conversations()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger products_touch_conversations on products`.execute(db);
  await sql`drop function products_touch_conversations()`.execute(db);
  for (const table of ['supplier_profiles', 'buyer_profiles']) {
    await sql`drop trigger ${sql.raw(`${table}_touch_conversations`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop trigger users_touch_conversations on users`.execute(db);
  await sql`drop function touch_user_conversations()`.execute(db);
  await sql`drop trigger conversations_drop_notifications on conversations`.execute(db);
  await sql`drop function conversations_drop_notifications()`.execute(db);
  await sql`drop index conversations_buyer_supplier_product`.execute(db);
}
