import { sql, type Kysely } from 'kysely';

/**
 * Password reset codes (docs/api.md#password-reset): the e-mail code rules of sign-up, in a
 * table of their own so that a reset and a sign-up confirmation never use up each other's code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table password_reset_codes (
      user_id integer primary key references users(id) on delete cascade,
      code_hash text not null,
      expires_at timestamptz not null,
      failed_attempts integer not null default 0,
      sent_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table password_reset_codes`.execute(db);
}
