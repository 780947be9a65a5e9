import { PGlite } from '@electric-sql/pglite';
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { pgliteExtensions, wrapPGlite, openPostgres } from '@server/db';
import { migrateToLatest } from '@server/db/migrate';

/**
 * Migrates one template database per run; each test file then starts from a copy of it:
 * a PGlite data-dir dump (0.6 s to load instead of 3.5 s to create and migrate), or with
 * DATABASE_URL a PostgreSQL database created from a template database.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'mk-test-'));
  project.provide('tmpDir', dir);
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const template = `mk_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const handle = openPostgres(withDatabase(databaseUrl, template));
    await migrateToLatest(handle.db);
    await handle.close();
    project.provide('pgTemplate', template);
    return async () => {
      const leftovers = await admin.query(`select datname from pg_database where datname like $1 or datname = $2`, [
        `${template}_%`,
        template,
      ]);
      for (const row of leftovers.rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.end();
      await rm(dir, { recursive: true, force: true });
    };
  }
  const pglite = await PGlite.create({ extensions: pgliteExtensions });
  const handle = await wrapPGlite(pglite);
  await migrateToLatest(handle.db);
  const dump = await pglite.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    tmpDir: string;
    pgTemplate?: string;
    pgliteTemplate?: string;
  }
}
