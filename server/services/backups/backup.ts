import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { APP_VERSION } from '@/shared/app-version';
import type { Database } from '../../db';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, DATABASE_ENTRY, writeArchive, type BackupManifest } from './archive';
import { snapshotDataDir, tarDataDir } from './pglite';
import { dumpPostgres, latestMigrationOf } from './postgres';

/** The files of DATA_DIR a restored server needs besides its database and media: without them, every session ends. */
export const SECRET_FILES = ['jwt-secret', 'vapid-keys.json'];

/** The database to back up: the embedded one through the process that has it open, or PostgreSQL by its URL. */
export type BackupSource = { kind: 'pglite'; db: Database } | { kind: 'postgres'; databaseUrl: string };

export interface BackupOptions {
  dataDir: string;
  /** The media are files in DATA_DIR/media (no bucket). */
  mediaInDataDir: boolean;
  signal?: AbortSignal;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
  ms: number;
  /** Embedded database: how long no query could run while its files were copied, ms. */
  heldMs?: number;
}

/** Media files in the folder store (the ones being written are dot files, left out). */
async function mediaFiles(dir: string): Promise<Array<{ name: string; bytes: number }>> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => !n.startsWith('.')).sort();
  const files: Array<{ name: string; bytes: number }> = [];
  for (const name of names) {
    const info = await stat(path.join(dir, name)).catch(() => undefined);
    if (info?.isFile()) files.push({ name, bytes: info.size });
  }
  return files;
}

/**
 * Writes one backup file (server/services/backups/archive.ts): the database first, then the
 * media, so every file a restored row names is in it (media files are never rewritten). The file
 * is written beside its final name and renamed when whole: `file` is never half a backup.
 */
export async function takeBackup(source: BackupSource, file: string, opts: BackupOptions): Promise<BackupResult> {
  const started = performance.now();
  await mkdir(path.dirname(file), { recursive: true });
  const work = await mkdtemp(path.join(path.dirname(file), '.backup-work-'));
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(4).toString('hex')}.partial`);
  try {
    const dump = path.join(work, path.basename(DATABASE_ENTRY[source.kind]));
    let migration: string | undefined;
    let heldMs: number | undefined;
    if (source.kind === 'pglite') {
      migration = (await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(source.db)).rows[0]
        ?.name;
      const snapshot = await snapshotDataDir(source.db, path.join(opts.dataDir, 'pglite'), path.join(work, 'pglite'));
      heldMs = snapshot.heldMs;
      opts.signal?.throwIfAborted();
      await tarDataDir(path.join(work, 'pglite'), dump, opts.signal);
    } else {
      migration = await latestMigrationOf(source.databaseUrl);
      await dumpPostgres(source.databaseUrl, dump, opts.signal);
    }
    const media = opts.mediaInDataDir ? await mediaFiles(path.join(opts.dataDir, 'media')) : [];
    const secrets = SECRET_FILES.filter((name) => existsSync(path.join(opts.dataDir, name)));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      created_at: new Date().toISOString(),
      database: source.kind,
      migration: migration ?? null,
      app_version: APP_VERSION,
      media: { included: opts.mediaInDataDir, files: media.length, bytes: media.reduce((sum, m) => sum + m.bytes, 0) },
      secrets,
    };
    const archive = writeArchive(partial);
    try {
      await archive.add('manifest.json', Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
      await archive.addFile(DATABASE_ENTRY[source.kind], dump);
      for (const m of media) {
        opts.signal?.throwIfAborted();
        await archive.addFile(`media/${m.name}`, path.join(opts.dataDir, 'media', m.name));
      }
      for (const name of secrets) await archive.addFile(`secrets/${name}`, path.join(opts.dataDir, name));
      await archive.finish();
    } catch (error) {
      archive.abort();
      throw error;
    }
    await rename(partial, file);
    const bytes = (await stat(file)).size;
    return { file, bytes, manifest, heldMs, ms: performance.now() - started };
  } finally {
    await rm(work, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}
