import { sql, type Kysely } from 'kysely';

/**
 * media_colors: the dominant colour of each stored picture ("#rrggbb"), worked out when the
 * picture is stored, so a screen can paint it while the picture loads (docs/operations.md,
 * media). Keyed by the stored path ("/media/<sha256>.<ext>"), which never changes content.
 * Pictures stored before this table are filled in by the server in the background.
 * messages.file_name: the name a chat file had on the sender's device, shown instead of the
 * stored name (a hash).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table media_colors (path text primary key, color text not null)`.execute(db);
  await sql`alter table messages add column file_name text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table messages drop column file_name`.execute(db);
  await sql`drop table media_colors`.execute(db);
}
