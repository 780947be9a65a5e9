import { sql } from 'kysely';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db';

/** Long enough for a device to upload a file and then post the form that uses it. */
export const ORPHAN_GRACE_MS = 24 * 60 * 60_000;
export const SWEEP_INTERVAL_MS = 60 * 60_000;

/** Every column that holds a media path ("/media/<name>"). */
const REFERENCES: Array<[table: string, column: string]> = [
  ['products', 'thumbnail_url'], ['product_media', 'media_source_url'], ['messages', 'image_url'],
  ['supplier_profiles', 'logo_url'], ['buyer_profiles', 'logo_url'], ['banners', 'image_url'],
];

/**
 * Removes stored files that nothing references once they are older than the grace period:
 * uploads never used, the files of a refused product post, pictures of deleted products.
 * Also leftovers of uploads cut off mid-stream. Returns the names removed.
 */
export async function sweepUnreferencedMedia(db: Database, root: string, opts: { now?: number; graceMs?: number } = {}): Promise<string[]> {
  const cutoff = (opts.now ?? Date.now()) - (opts.graceMs ?? ORPHAN_GRACE_MS);
  const names = await readdir(root).catch(() => [] as string[]);
  const old: string[] = [];
  for (const name of names) {
    const info = await stat(path.join(root, name)).catch(() => undefined);
    if (info?.isFile() && info.mtimeMs < cutoff) old.push(name);
  }
  const temps = old.filter((n) => n.startsWith('.upload-'));
  const candidates = old.filter((n) => !n.startsWith('.'));
  const referenced = new Set<string>();
  for (let i = 0; i < candidates.length; i += 1000) {
    const paths = candidates.slice(i, i + 1000).map((n) => `/media/${n}`);
    for (const [table, column] of REFERENCES) {
      const rows = await sql<{ p: string }>`select distinct ${sql.ref(column)} as p from ${sql.table(table)} where ${sql.ref(column)} = any(${paths}::text[])`.execute(db);
      for (const row of rows.rows) referenced.add(row.p.slice('/media/'.length));
    }
  }
  const removed: string[] = [];
  for (const name of [...temps, ...candidates.filter((n) => !referenced.has(n))]) {
    const file = path.join(root, name);
    // Uploaded again while we looked: its grace period started anew.
    const info = await stat(file).catch(() => undefined);
    if (!info || info.mtimeMs >= cutoff) continue;
    await rm(file, { force: true });
    removed.push(name);
  }
  await db.deleteFrom('media_uploads').where('at', '<', new Date(cutoff - ORPHAN_GRACE_MS)).execute();
  return removed;
}
