import { sql, type Kysely } from 'kysely';

/**
 * uploads: one row per resumable upload (/api/uploads/, tus): whose it is, its length and
 * declared name, and once whole and checked, the media answer it got. The bytes themselves
 * wait in the media store's upload area until then. A finished row lets a client that lost
 * the last answer read it again instead of sending the file twice; rows go after 24 hours.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table uploads (
      id text primary key,
      user_id integer not null references users (id) on delete cascade,
      length bigint not null,
      filename text,
      upload_preset text,
      result jsonb,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index uploads_user_created on uploads (user_id, created_at)`.execute(db);
  await sql`create index uploads_created on uploads (created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table uploads`.execute(db);
}
