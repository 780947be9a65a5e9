import { copyFileSync, createReadStream, createWriteStream, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { copyFile, mkdir, readdir, stat } from 'node:fs/promises';
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

/** Files copied at once in the first pass (the copies run in libuv's threads). */
const PARALLEL_COPIES = 8;

/** Every file under `root` with its size and time, read at once (synchronously: see snapshotDataDir). */
function statTree(root: string, dir = '', into = new Map<string, Seen>()): Map<string, Seen> {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const name = path.join(dir, entry.name);
    if (entry.isDirectory()) statTree(root, name, into);
    else if (entry.isFile()) {
      const info = statSync(path.join(root, name));
      into.set(name, { size: info.size, mtimeMs: info.mtimeMs });
    }
  }
  return into;
}

/**
 * Copies the data folder `source` into `target` as one instant of the database: the state a
 * crash at that instant would leave, which PostgreSQL recovers from its WAL on opening. The
 * first pass copies while requests run; then, between two of the driver's users
 * (server/db/pglite-driver.ts, so no transaction is open), the files changed since are copied
 * again. That second pass is synchronous on purpose: it is short (the WAL segment and the
 * pages written meanwhile), and awaiting each of a thousand files would let the requests the
 * event loop serves meanwhile stretch the time the database is held.
 */
export async function snapshotDataDir(db: Database, source: string, target: string): Promise<Snapshot> {
  const started = Date.now();
  const seen = new Map<string, Seen>();
  const names: string[] = [];
  for await (const name of walk(source, true)) {
    if (name.endsWith(path.sep)) await mkdir(path.join(target, name), { recursive: true });
    else names.push(name);
  }
  for (let i = 0; i < names.length; i += PARALLEL_COPIES) {
    await Promise.all(
      names.slice(i, i + PARALLEL_COPIES).map(async (name) => {
        const copied = await copyInto(source, target, name);
        if (copied) seen.set(name, copied);
      }),
    );
  }
  return db.connection().execute(async () => {
    const heldFrom = performance.now();
    const now = statTree(source);
    let recopied = 0;
    for (const [name, info] of now) {
      const before = seen.get(name);
      if (before && before.size === info.size && before.mtimeMs === info.mtimeMs && info.mtimeMs < started - SETTLE_MS) continue;
      mkdirSync(path.dirname(path.join(target, name)), { recursive: true });
      copyFileSync(path.join(source, name), path.join(target, name));
      recopied += 1;
    }
    for (const name of seen.keys()) if (!now.has(name)) rmSync(path.join(target, name), { force: true });
    return { heldMs: performance.now() - heldFrom, recopied };
  });
}

/** The folder as a gzipped tar (names relative to it, as `dumpDataDir()` writes them). */
export async function tarDataDir(dir: string, file: string, signal?: AbortSignal): Promise<void> {
  const tar = pack();
  const written = pipeline(tar, createGzip(), createWriteStream(file));
  try {
    for await (const name of walk(dir, true)) {
      signal?.throwIfAborted();
      if (name.endsWith(path.sep)) {
        tar.entry({ name: name.split(path.sep).join('/'), type: 'directory', mode: 0o700 });
        continue;
      }
      const info = await stat(path.join(dir, name));
      const entry = tar.entry({ name: name.split(path.sep).join('/'), size: info.size, mode: 0o600, mtime: info.mtime });
      await pipeline(createReadStream(path.join(dir, name)), entry);
    }
  } catch (error) {
    tar.destroy(error as Error);
    await written.catch(() => {});
    throw error;
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
