import { sql, type Kysely } from 'kysely';

/**
 * Messaging: one conversation per buyer, supplier and product (a database guarantee, so two
 * taps on "Send message" on two devices still open the same chat), and notifications that
 * point into a conversation go with it, so nobody is left with a bell entry leading nowhere.
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
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger conversations_drop_notifications on conversations`.execute(db);
  await sql`drop function conversations_drop_notifications()`.execute(db);
  await sql`drop index conversations_buyer_supplier_product`.execute(db);
}
