import { sql, type Kysely } from 'kysely';

/**
 * A request for quotation's pictures (docs/api.md#requests-for-quotation): rfqs.images, the
 * media paths of the buyer's own uploads in their order, at most 5 (checked by the API). A
 * column with a constant default rewrites nothing, so its lock is brief; it still waits behind
 * a long query, hence the lock timeout (docs/operations.md#migrations).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`set local lock_timeout = '5s'`.execute(db);
  await sql`alter table rfqs add column images jsonb not null default '[]'`.execute(db);
}

// migration-lint allow drop-column: only the way back from this migration, before any release reads the column
export async function down(db: Kysely<any>): Promise<void> {
  await sql`set local lock_timeout = '5s'`.execute(db);
  await sql`alter table rfqs drop column images`.execute(db);
}
