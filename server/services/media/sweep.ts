import { sql } from 'kysely';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../db';
import type { MediaStore } from './store';

/** Long enough for a device to upload a file and then post the form that uses it. */
export const ORPHAN_GRACE_MS = 24 * 60 * 60_000;
export const SWEEP_INTERVAL_MS = 60 * 60_000;

/** Every column that holds a media path ("/media/<name>"), */
const REFERENCES: Array<[table: string, column: string]> = [
  ['products', 'thumbnail_url'],
  ['product_media', 'media_source_url'],
  ['messages', 'image_url'],
  ['supplier_profiles', 'logo_url'],
  ['buyer_profiles', 'logo_url'],
  ['banners', 'image_url'],
  ['verification_requests', 'document_url'],
];
/** and every column that holds a JSON list of them. */
const LIST_REFERENCES: Array<[table: string, column: string]> = [['rfqs', 'images']];

/**
 * Removes stored files that nothing references once they are older than the grace period:
 * uploads never used, the files of a refused product post, pictures of deleted products.
 * Also leftovers of uploads cut off mid-stream. Returns the names removed.
 */
export async function sweepUnreferencedMedia(
  db: Database,
  media: MediaStore,
  opts: { now?: number; graceMs?: number } = {},
): Promise<string[]> {
  // Every process sweeps hourly; one sweep at a time is enough for a shared store (the lock ends with the transaction).
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as locked`.execute(trx);
    return rows[0].locked ? sweep(trx, media, opts) : [];
  });
}

/** Advisory lock key of the sweep ('swep'). */
const SWEEP_LOCK = 0x73776570;

async function sweep(db: Database, media: MediaStore, opts: { now?: number; graceMs?: number }): Promise<string[]> {
  const { objects } = media;
  const cutoff = (opts.now ?? Date.now()) - (opts.graceMs ?? ORPHAN_GRACE_MS);
  const removed = await removeOldTemps(objects.tempDir, cutoff);
  const candidates = (await objects.list()).filter((o) => o.modifiedMs < cutoff).map((o) => o.name);
  const referenced = new Set<string>();
  for (let i = 0; i < candidates.length; i += 1000) {
    const paths = candidates.slice(i, i + 1000).map((n) => `/media/${n}`);
    for (const [table, column] of REFERENCES) {
      const rows = await sql<{
        p: string;
      }>`select distinct ${sql.ref(column)} as p from ${sql.table(table)} where ${sql.ref(column)} = any(${paths}::text[])`.execute(db);
      for (const row of rows.rows) referenced.add(row.p.slice('/media/'.length));
    }
    for (const [table, column] of LIST_REFERENCES) {
      const rows = await sql<{ p: string }>`
        select distinct e.p from ${sql.table(table)} t, jsonb_array_elements_text(t.${sql.ref(column)}) as e(p)
        where t.${sql.ref(column)} ?| ${paths}::text[] and e.p = any(${paths}::text[])`.execute(db);
      for (const row of rows.rows) referenced.add(row.p.slice('/media/'.length));
    }
  }
  const current = new Map((await objects.list()).map((o) => [o.name, o.modifiedMs]));
  for (const name of candidates.filter((n) => !referenced.has(n))) {
    // Uploaded again while we looked: its grace period started anew.
    const modified = current.get(name);
    if (modified === undefined || modified >= cutoff) continue;
    await objects.remove(name);
    removed.push(name);
  }
  await db
    .deleteFrom('media_uploads')
    .where('at', '<', new Date(cutoff - ORPHAN_GRACE_MS))
    .execute();
  return removed;
}

/** Leftovers of uploads cut off mid-stream (the server stopped while receiving them). */
async function removeOldTemps(dir: string, cutoff: number): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.startsWith('.upload-') && !name.startsWith('.variant-')) continue;
    const info = await stat(path.join(dir, name)).catch(() => undefined);
    if (!info?.isFile() || info.mtimeMs >= cutoff) continue;
    await rm(path.join(dir, name), { force: true });
    removed.push(name);
  }
  return removed;
}
