import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isEmbedded, type Database } from './index';

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

const MIGRATION_FILE = /^\d{4}_.*\.ts$/;

/** Every file in migrations/, run in name order (0001_..., 0002_...). */
class FolderProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(folder)).filter((f) => MIGRATION_FILE.test(f)).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      migrations[file.replace(/\.ts$/, '')] = await import(pathToFileURL(path.join(folder, file)).href);
    }
    return migrations;
  }
}

/**
 * A migration's statements that cannot run in its transaction (CREATE INDEX CONCURRENTLY, which
 * does not lock writers out of the table): `export const concurrently = [...]`, run after the
 * migrations commit, every start (each is IF NOT EXISTS, so a start after a failed attempt
 * finishes it). docs/operations.md#migrations.
 */
type OutsideTransaction = Migration & { concurrently?: string[] };

export async function migrateToLatest(db: Database): Promise<void> {
  const provider = new FolderProvider();
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`);
  }
  for (const migration of Object.values(await provider.getMigrations()) as OutsideTransaction[]) {
    for (const statement of migration.concurrently ?? []) {
      // The embedded database has one connection and nobody to wait for: plain CREATE INDEX.
      await sql.raw(isEmbedded(db) ? statement.replace(/\bconcurrently\b/i, '') : statement).execute(db);
    }
  }
}

let known: Promise<string[]> | undefined;
/** The migrations this code knows, by name (read once). */
const knownMigrations = () =>
  (known ??= readdir(folder).then((files) =>
    files
      .filter((f) => MIGRATION_FILE.test(f))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort(),
  ));

/**
 * Whether a migration this code needs has not been applied yet: the database is being migrated
 * (by this release's start-up, here or on another machine), or was restored from an older
 * release. Readiness answers 503 meanwhile (routes/health.ts). A process of an older release
 * sees its own migrations applied and stays ready while a newer one migrates (docs/operations.md#migrations).
 */
export async function migrationsPending(db: Database): Promise<boolean> {
  const names = await knownMigrations();
  try {
    const applied = await sql<{ n: number }>`select count(*)::int as n from kysely_migration where name in (${sql.join(names)})`.execute(
      db,
    );
    return applied.rows[0].n < names.length;
  } catch (error) {
    // No migration table: nothing has been applied yet.
    if ((error as { code?: string }).code === '42P01') return true;
    throw error;
  }
}
