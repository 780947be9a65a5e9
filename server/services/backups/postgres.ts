import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * PostgreSQL's backup is `pg_dump`'s custom format, restored by `pg_restore`: the client tools
 * of the PostgreSQL package (Debian: `postgresql-client`, which the `postgresql` package pulls
 * in). Found on PATH, else in the newest /usr/lib/postgresql/<version>/bin (docs/operations.md#backups).
 */
export function findPgTool(tool: 'pg_dump' | 'pg_restore'): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    if (existsSync(path.join(dir, tool))) return path.join(dir, tool);
  }
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const file = path.join(root, version, 'bin', tool);
    if (existsSync(file)) return file;
  }
  throw new Error(
    `${tool} was not found on PATH nor in /usr/lib/postgresql/*/bin: install PostgreSQL's client tools (Debian: apt-get install postgresql-client), of the server's major version or newer`,
  );
}

/** The URL without its password (passed in PGPASSWORD instead, so it never shows in the process list). */
function connection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(tool: string, args: string[], env: NodeJS.ProcessEnv, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'], signal });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(tool)} failed (exit code ${code}): ${stderr.trim()}`));
    });
  });
}

/** The whole database into `file` (custom format), as one consistent snapshot: pg_dump's own transaction, nobody waits. */
export async function dumpPostgres(databaseUrl: string, file: string, signal?: AbortSignal): Promise<void> {
  const { url, env } = connection(databaseUrl);
  await run(findPgTool('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${url}`], env, signal);
}

/** Loads a dump into the (empty) database, all or nothing, then gathers the planner's statistics (a dump has none). */
export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  const { url, env } = connection(databaseUrl);
  await run(
    findPgTool('pg_restore'),
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url}`, file],
    env,
  );
  await withClient(databaseUrl, (client) => client.query('analyze'));
}

export async function withClient<T>(databaseUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    if ((error as { code?: string }).code === '3D000') {
      const name = new URL(databaseUrl).pathname.slice(1);
      throw new Error(`The database ${name} does not exist: create it first (createdb ${name}), then restore into it.`);
    }
    throw error;
  }
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Tables, views and sequences outside PostgreSQL's own schemas: none in a database just created. */
export async function postgresObjects(databaseUrl: string): Promise<number> {
  return withClient(databaseUrl, async (client) => {
    const result = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'v', 'm', 'S', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%'`,
    );
    return result.rows[0].n;
  });
}

/** `restore --force`: everything in the public schema goes (the application keeps nothing elsewhere). */
export async function clearPostgres(databaseUrl: string): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    await client.query('drop schema if exists public cascade');
    await client.query('create schema public');
  });
}

/** The newest migration applied (the schema's version), or undefined in a database never migrated. */
export async function latestMigrationOf(databaseUrl: string): Promise<string | undefined> {
  return withClient(databaseUrl, async (client) => {
    const result = await client
      .query<{ name: string }>('select name from kysely_migration order by name desc limit 1')
      .catch(() => undefined);
    return result?.rows[0]?.name;
  });
}
