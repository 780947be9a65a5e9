import { sql, type Kysely } from 'kysely';

/**
 * push_subscriptions.kinds: which kinds of notification the device wants as pushes
 * (`messages`, `offers`, `orders`, comma-separated; every kind by default), switched in the
 * app's settings. See server/services/push/sender.ts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table push_subscriptions add column kinds text not null default 'messages,offers,orders'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table push_subscriptions drop column kinds`.execute(db);
}
