import { sql, type Kysely } from 'kysely';

/**
 * push_subscriptions.failures: pushes refused or lost in a row (5xx, a timeout, no answer).
 * A subscription past PUSH_MAX_FAILURES is forgotten (server/services/push/sender.ts), as one the push
 * service answers 404 or 410 for already was; a push that goes through sets it back to 0.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table push_subscriptions add column failures integer not null default 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table push_subscriptions drop column failures`.execute(db);
}
