import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { extract, pack, type Pack } from 'tar-stream';

/**
 * The backup file (docs/operations.md#backups): a plain tar, readable with `tar tvf`, holding
 * in this order
 *   manifest.json                 what follows (BackupManifest)
 *   database/pglite.tar.gz        the embedded database's data folder (server/services/backups/pglite.ts), or
 *   database/postgres.dump        pg_dump's custom format
 *   media/<name>                  each media file, when they are kept in DATA_DIR
 *   secrets/jwt-secret, secrets/vapid-keys.json   the generated secrets of DATA_DIR, when there
 * Everything in it is compressed already (the dumps, the pictures), so the tar itself is not.
 */
export const BACKUP_FORMAT = 'marketplace-backup';
export const BACKUP_FORMAT_VERSION = 1;

export type DatabaseKind = 'pglite' | 'postgres';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  database: DatabaseKind;
  /** The newest migration applied: the schema's version. */
  migration: string | null;
  app_version: number;
  /** Whether the media files are in the backup (false when they are kept in a bucket). */
  media: { included: boolean; files: number; bytes: number };
  secrets: string[];
}

export const DATABASE_ENTRY: Record<DatabaseKind, string> = { pglite: 'database/pglite.tar.gz', postgres: 'database/postgres.dump' };

/** A tar being written to `file`, entry after entry, each streamed from its own file. */
export function writeArchive(file: string) {
  const tar: Pack = pack();
  const written = pipeline(tar, createWriteStream(file, { mode: 0o600 }));
  // Awaited by finish(); an abandoned archive's failure is its caller's error already.
  written.catch(() => {});
  return {
    async add(name: string, bytes: Buffer): Promise<void> {
      await new Promise<void>((resolve, reject) =>
        tar.entry({ name, size: bytes.length, mode: 0o600 }, bytes, (e) => (e ? reject(e) : resolve())),
      );
    },
    /** False when the file is gone (a media file the sweep removed meanwhile). */
    async addFile(name: string, source: string): Promise<number | false> {
      const info = await stat(source).catch(() => undefined);
      if (!info?.isFile()) return false;
      await pipeline(createReadStream(source), tar.entry({ name, size: info.size, mode: 0o600, mtime: info.mtime }));
      return info.size;
    },
    async finish(): Promise<void> {
      tar.finalize();
      await written;
    },
    abort(): void {
      tar.destroy();
    },
  };
}

export interface ArchiveEntry {
  name: string;
  size: number;
  stream: NodeJS.ReadableStream;
}

/** The entries of a backup file in order; each must be read (or resumed) before the next comes. */
export async function* readArchive(file: string): AsyncGenerator<ArchiveEntry> {
  const entries = extract();
  const reading = pipeline(createReadStream(file), entries);
  reading.catch(() => {});
  for await (const entry of entries) {
    yield { name: entry.header.name, size: entry.header.size, stream: entry as unknown as NodeJS.ReadableStream };
  }
  await reading;
}

export function parseManifest(bytes: Buffer, file: string): BackupManifest {
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new BackupError(`${file} is not a marketplace backup (its manifest.json is not JSON).`);
  }
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not a marketplace backup.`);
  if (manifest.version !== BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `${file} is a backup of format version ${manifest.version}; this release reads version ${BACKUP_FORMAT_VERSION}.`,
    );
  }
  return manifest as BackupManifest;
}

/** A refusal the operator can act on: printed as it is, exit code 1. */
export class BackupError extends Error {}
