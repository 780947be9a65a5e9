import { createWriteStream } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import type { MediaS3Config } from '../../config';
import { pgliteExtensions } from '../../db';
import { openMediaObjects } from '../media/open-objects';
import { CONTENT_TYPES } from '../media/store';
import { BackupError, DATABASE_ENTRY, parseManifest, readArchive, type BackupManifest, type DatabaseKind } from './archive';
import { SECRET_FILES } from './backup';
import { untarDataDir } from './pglite';
import { clearPostgres, postgresObjects, restorePostgres } from './postgres';

export interface RestoreTarget {
  dataDir: string;
  databaseUrl?: string;
  mediaS3?: MediaS3Config;
}

export interface RestoreResult {
  manifest: BackupManifest;
  mediaFiles: number;
  secrets: string[];
  /** `--force` on DATA_DIR: where what was there was moved. */
  movedAside?: string;
}

const KIND_NAMES: Record<DatabaseKind, string> = { pglite: 'the embedded database (PGlite)', postgres: 'PostgreSQL' };

async function filesIn(dir: string): Promise<string[]> {
  return (await readdir(dir).catch(() => [] as string[])).filter((n) => !n.startsWith('.'));
}

/** What the target holds already, in words; empty when it is empty. */
async function occupied(target: RestoreTarget): Promise<string[]> {
  const found: string[] = [];
  if (target.databaseUrl) {
    const objects = await postgresObjects(target.databaseUrl);
    if (objects > 0) found.push(`the database of DATABASE_URL holds ${objects} tables and sequences`);
  } else if ((await filesIn(path.join(target.dataDir, 'pglite'))).length > 0) {
    found.push(`${path.join(target.dataDir, 'pglite')} holds a database`);
  }
  const media = target.mediaS3 ? [] : await filesIn(path.join(target.dataDir, 'media'));
  if (media.length > 0) found.push(`${path.join(target.dataDir, 'media')} holds ${media.length} files`);
  return found;
}

/** `--force`: the embedded database and media are moved aside in DATA_DIR (nothing is deleted); PostgreSQL's schema is dropped. */
async function clearTarget(target: RestoreTarget): Promise<string | undefined> {
  if (target.databaseUrl) await clearPostgres(target.databaseUrl);
  const names = [...(target.databaseUrl ? [] : ['pglite']), ...(target.mediaS3 ? [] : ['media'])];
  const present = [];
  for (const name of names) if ((await filesIn(path.join(target.dataDir, name))).length > 0) present.push(name);
  if (present.length === 0) return undefined;
  const aside = path.join(target.dataDir, `replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  await mkdir(aside, { recursive: true });
  for (const name of present) await rename(path.join(target.dataDir, name), path.join(aside, name));
  return aside;
}

/** Renames a folder into its place; where a folder is already (empty, or with an upload's temporary files), its files go in one by one. */
async function moveInto(from: string, to: string): Promise<void> {
  const there = await readdir(to).catch(() => undefined);
  if (there === undefined) return rename(from, to);
  for (const name of await readdir(from)) await rename(path.join(from, name), path.join(to, name));
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * Puts a backup (server/services/backups/archive.ts) into an empty DATA_DIR or an empty
 * database, or with `force` in place of what is there. The embedded database is written to a
 * folder beside its place and renamed into it once whole and opened (PostgreSQL's recovery
 * replays its WAL then); PostgreSQL's restore is one transaction.
 */
export async function restoreBackup(file: string, target: RestoreTarget, opts: { force?: boolean } = {}): Promise<RestoreResult> {
  const kind: DatabaseKind = target.databaseUrl ? 'postgres' : 'pglite';
  const entries = readArchive(file);
  const first = await entries.next().catch((error: Error) => {
    throw new BackupError(`${file} cannot be read as a backup: ${error.message}`);
  });
  if (first.done || first.value.name !== 'manifest.json')
    throw new BackupError(`${file} is not a marketplace backup (no manifest.json first).`);
  const manifest = parseManifest(await readAll(first.value.stream), file);
  if (manifest.database !== kind) {
    throw new BackupError(
      `${file} holds ${KIND_NAMES[manifest.database]}, and this server uses ${KIND_NAMES[kind]}: a backup restores into the kind of database it was taken from. ` +
        (kind === 'postgres'
          ? 'Unset DATABASE_URL to restore it into DATA_DIR.'
          : 'Set DATABASE_URL to the (empty) PostgreSQL database to restore it into.'),
    );
  }
  await mkdir(target.dataDir, { recursive: true });
  let movedAside: string | undefined;
  const found = await occupied(target);
  if (found.length > 0) {
    if (!opts.force) {
      throw new BackupError(
        `Nothing was restored: the target is not empty (${found.join('; ')}). Restore into an empty one, or add --force to replace what is there.`,
      );
    }
    movedAside = await clearTarget(target);
  }

  const staging = await mkdtemp(path.join(target.dataDir, '.restoring-'));
  // Media in a folder are gathered beside it and moved in at the end with the database: a restore that fails leaves DATA_DIR as it was.
  const objects = await openMediaObjects(target.mediaS3 ? target.dataDir : staging, target.mediaS3);
  let mediaFiles = 0;
  let database = false;
  const secrets: string[] = [];
  try {
    for await (const entry of entries) {
      if (entry.name === DATABASE_ENTRY.pglite && kind === 'pglite') {
        await untarDataDir(entry.stream, path.join(staging, 'pglite'));
        database = true;
      } else if (entry.name === DATABASE_ENTRY.postgres && target.databaseUrl) {
        const dump = path.join(staging, 'postgres.dump');
        await pipeline(entry.stream, createWriteStream(dump));
        await restorePostgres(target.databaseUrl, dump);
        database = true;
      } else if (entry.name.startsWith('media/') && /^[\w.-]+$/.test(entry.name.slice(6)) && !entry.name.startsWith('media/.')) {
        const name = entry.name.slice(6);
        const temp = path.join(objects.tempDir, `.restoring-${name}`);
        await mkdir(objects.tempDir, { recursive: true });
        await pipeline(entry.stream, createWriteStream(temp));
        const format = /\.(\w+)$/.exec(name)?.[1] ?? '';
        await objects.putFile(name, temp, CONTENT_TYPES[format] ?? 'application/octet-stream');
        await rm(temp, { force: true });
        mediaFiles += 1;
      } else if (entry.name.startsWith('secrets/') && SECRET_FILES.includes(entry.name.slice(8))) {
        const name = entry.name.slice(8);
        await pipeline(entry.stream, createWriteStream(path.join(target.dataDir, name), { mode: 0o600 }));
        await chmod(path.join(target.dataDir, name), 0o600);
        secrets.push(name);
      } else {
        entry.stream.resume();
      }
    }
    if (!database) throw new BackupError(`${file} holds no database (${DATABASE_ENTRY[kind]} is missing): it is incomplete.`);
    if (kind === 'pglite') {
      // Opened once here: recovery runs now, and a dump that does not open is refused before it takes DATA_DIR/pglite.
      try {
        const pglite = await PGlite.create(path.join(staging, 'pglite'), { extensions: pgliteExtensions });
        await pglite.query('select count(*) from kysely_migration');
        await pglite.close();
      } catch (error) {
        throw new BackupError(`The database in ${file} does not open (${(error as Error).message}): nothing was restored.`);
      }
      await moveInto(path.join(staging, 'pglite'), path.join(target.dataDir, 'pglite'));
    }
    if (!target.mediaS3 && mediaFiles > 0) await moveInto(path.join(staging, 'media'), path.join(target.dataDir, 'media'));
  } finally {
    await objects.close();
    await rm(staging, { recursive: true, force: true });
  }
  return { manifest, mediaFiles, secrets, movedAside };
}
