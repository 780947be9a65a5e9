import { sql, type Kysely } from 'kysely';

/**
 * A sign-up hands its client a registration token; only its hash is kept, until the e-mail
 * is confirmed. A confirmation that brings it back proves that the person confirming made
 * the sign-up, so the sign-up's password is theirs (server/routes/auth.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column registration_token_hash text`.execute(db);
  // Unverified accounts expire (server/services/accounts/rules.ts): found by this index.
  await sql`create index users_unverified_joined on users (date_joined) where not is_verified`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index users_unverified_joined`.execute(db);
  await sql`alter table users drop column registration_token_hash`.execute(db);
}
