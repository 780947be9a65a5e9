import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../db';
import { dominantColor } from './images';
import type { MediaObjects } from './objects';

/**
 * Dominant colours of stored pictures (migration 0016): a product and its gallery carry them
 * (`thumbnail_color`, `color`) so a screen paints a picture's colour while it loads, a preview
 * that costs seven bytes (docs/api.md, the API additions).
 */

/** "/media/<name>" of a URL of ours (relative, or absolute under any origin), else null. */
export function storedPath(url: string | null | undefined): string | null {
  const match = url ? /(?:^|\/\/[^/]+)(\/media\/[0-9a-f]{64}\.[a-z0-9]+)$/.exec(url.trim()) : null;
  return match ? match[1] : null;
}

/** Works out and keeps the colour of the picture in local `file`, stored as `stored`. */
export async function recordColor(db: Database, stored: string, file: string): Promise<void> {
  const color = await dominantColor(file);
  if (!color) return;
  await db
    .insertInto('media_colors')
    .values({ path: stored, color })
    .onConflict((oc) => oc.column('path').doNothing())
    .execute();
}

/** The known colours of these URLs, by URL. */
export async function colorsOf(db: Database, urls: Array<string | null | undefined>): Promise<Map<string, string>> {
  const byPath = new Map<string, string[]>();
  for (const url of urls) {
    const stored = storedPath(url);
    if (stored && url) byPath.set(stored, [...(byPath.get(stored) ?? []), url]);
  }
  const found = new Map<string, string>();
  if (byPath.size === 0) return found;
  const rows = await db
    .selectFrom('media_colors')
    .select(['path', 'color'])
    .where('path', 'in', [...byPath.keys()])
    .execute();
  for (const row of rows) for (const url of byPath.get(row.path) ?? []) found.set(url, row.color);
  return found;
}

/**
 * Colours for pictures stored before colours were kept: product pictures without one, a few
 * at a time (each is read from the store and decoded small, in the image pool). Returns how
 * many were filled; the server runs it in the background at start.
 */
export async function backfillMediaColors(db: Database, objects: MediaObjects, batch = 200): Promise<number> {
  const missing = await sql<{ url: string }>`
    select url from (
      select thumbnail_url as url from products where thumbnail_url is not null
      union select media_source_url from product_media where media_type = 'image'
      union select logo_url from supplier_profiles where logo_url is not null
      union select logo_url from buyer_profiles where logo_url is not null
      union select image_url from banners
    ) pictures
    where url ~ '/media/[0-9a-f]{64}\.(png|jpe?g|webp|gif)$' and not exists (
      select 1 from media_colors c where c.path = substring(url from '(/media/[0-9a-f]{64}\.[a-z0-9]+)$')
    )
    limit ${batch}`.execute(db);
  await mkdir(objects.tempDir, { recursive: true });
  let filled = 0;
  const coloured: string[] = [];
  for (const { url } of missing.rows) {
    const stored = storedPath(url);
    if (!stored || !/\.(png|jpe?g|webp|gif)$/.test(stored)) continue;
    const local = path.join(objects.tempDir, `.color-${randomUUID()}`);
    try {
      if (!(await objects.readTo(stored.slice('/media/'.length), local))) continue;
      await recordColor(db, stored, local);
      coloured.push(stored);
      filled++;
    } finally {
      await rm(local, { force: true });
    }
  }
  await touchProductsShowing(db, coloured);
  return filled;
}

/**
 * Products showing one of these pictures (as thumbnail or in the gallery) are written again
 * unchanged: the write moves them up the change feed, so devices that already hold them pull
 * them with their new colours (docs/sync.md) rather than only when the product next changes.
 */
async function touchProductsShowing(db: Database, paths: string[]): Promise<void> {
  if (paths.length === 0) return;
  await sql`
    update products set id = id
    where substring(thumbnail_url from '(/media/[0-9a-f]{64}\.[a-z0-9]+)$') in (${sql.join(paths)})
      or id in (
        select product_id from product_media
        where substring(media_source_url from '(/media/[0-9a-f]{64}\.[a-z0-9]+)$') in (${sql.join(paths)})
      )`.execute(db);
}
