import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { extract, pack } from 'tar-stream';
import type { Database } from '../../db';

/**
 * The embedded database's backup: its data folder as a gzipped tar, the layout of PGlite's own
 * `dumpDataDir()` (loadable with `PGlite.create({ loadDataDir })`). PGlite's dump reads every
 * file synchronously and held the event loop and the database for 1.5–1.9 s on the demo
 * catalogue (45 MB), so it is not used on a running server: the folder is copied while requests
 * run, then the database is held only while the files written since are copied again
 * (docs/operations.md#backups).
 */

/** Files written this recently before the first pass may have changed within one timestamp tick: copied again. */
const SETTLE_MS = 2_000;

interface Seen {
  size: number;
  mtimeMs: number;
}

/** The files under `root`, relative to it; with `folders`, the folders too (before their files), as PostgreSQL needs its empty ones. */
async function* walk(root: string, folders = false, dir = ''): AsyncGenerator<string> {
  for (const entry of await readdir(path.join(root, dir), { withFileTypes: true })) {
    const name = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (folders) yield `${name}${path.sep}`;
      yield* walk(root, folders, name);
    } else if (entry.isFile()) yield name;
  }
}

async function copyInto(source: string, target: string, name: string): Promise<Seen | undefined> {
  const before = await stat(path.join(source, name)).catch(() => undefined);
  if (!before) return undefined;
  await mkdir(path.dirname(path.join(target, name)), { recursive: true });
  await copyFile(path.join(source, name), path.join(target, name));
  return { size: before.size, mtimeMs: before.mtimeMs };
}

export interface Snapshot {
  /** How long the database was held (no query ran meanwhile), ms. */
  heldMs: number;
  /** Files copied again while it was held. */
  recopied: number;
}

/**
 * Copies the data folder `source` into `target` as one instant of the database: the state a
 * crash at that instant would leave, which PostgreSQL recovers from its WAL on opening. Between
 * two of the driver's users (server/db/pglite-driver.ts), so no transaction is open.
 */
export async function snapshotDataDir(db: Database, source: string, target: string): Promise<Snapshot> {
  const started = Date.now();
  const seen = new Map<string, Seen>();
  for await (const name of walk(source, true)) {
    if (name.endsWith(path.sep)) {
      await mkdir(path.join(target, name), { recursive: true });
      continue;
    }
    const copied = await copyInto(source, target, name);
    if (copied) seen.set(name, copied);
  }
  return db.connection().execute(async () => {
    const heldFrom = performance.now();
    const now = new Set<string>();
    const changed: string[] = [];
    for await (const name of walk(source)) {
      now.add(name);
      const info = await stat(path.join(source, name));
      const before = seen.get(name);
      if (!before || before.size !== info.size || before.mtimeMs !== info.mtimeMs || info.mtimeMs >= started - SETTLE_MS) changed.push(name);
    }
    await Promise.all(changed.map((name) => copyInto(source, target, name)));
    await Promise.all([...seen.keys()].filter((name) => !now.has(name)).map((name) => rm(path.join(target, name), { force: true })));
    return { heldMs: performance.now() - heldFrom, recopied: changed.length };
  });
}

/** The folder as a gzipped tar (names relative to it, as `dumpDataDir()` writes them). */
export async function tarDataDir(dir: string, file: string): Promise<void> {
  const tar = pack();
  const written = pipeline(tar, createGzip(), createWriteStream(file));
  for await (const name of walk(dir, true)) {
    if (name.endsWith(path.sep)) {
      tar.entry({ name: name.split(path.sep).join('/'), type: 'directory', mode: 0o700 });
      continue;
    }
    const info = await stat(path.join(dir, name));
    const entry = tar.entry({ name: name.split(path.sep).join('/'), size: info.size, mode: 0o600, mtime: info.mtime });
    await pipeline(createReadStream(path.join(dir, name)), entry);
  }
  tar.finalize();
  await written;
}

/** Writes the files of a gzipped data-folder tar into `dir`. */
export async function untarDataDir(source: NodeJS.ReadableStream, dir: string): Promise<void> {
  const files = extract();
  const reading = pipeline(source, createGunzip(), files);
  for await (const entry of files) {
    const name = path.normalize(entry.header.name).replace(/^(\.\.(\/|\\|$))+/, '');
    const target = path.join(dir, name);
    if (!target.startsWith(dir + path.sep)) throw new Error(`The database archive holds a file outside its folder: ${entry.header.name}`);
    if (entry.header.type === 'directory') {
      await mkdir(target, { recursive: true, mode: 0o700 });
      entry.resume();
      continue;
    }
    await mkdir(path.dirname(target), { recursive: true });
    await pipeline(entry, createWriteStream(target, { mode: 0o600 }));
  }
  await reading;
}
