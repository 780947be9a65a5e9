import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, BackupError, writeArchive } from '@server/services/backups/archive';
import { restoreBackup } from '@server/services/backups/restore';
import { admin, buildWorld, newPlace, seenBy, serveOn, type Place, type World } from './world';

/**
 * `npm run admin -- backup` with the server stopped, then `restore` into an empty DATA_DIR
 * (and an empty PostgreSQL database with DATABASE_URL): the restored server answers what the
 * old one did, a session issued before included (docs/operations.md#backups).
 */
const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
let source: Place;
let target: Place;
let world: World;
let before: Awaited<ReturnType<typeof seenBy>>;
let file: string;

beforeAll(async () => {
  source = await newPlace();
  target = await newPlace({ empty: true });
  const served = await serveOn(source);
  world = await buildWorld(served);
  before = await seenBy(served, world);
  await served.close();
  file = path.join(source.dataDir, '..', `${path.basename(source.dataDir)}.tar`);
}, 120_000);

afterAll(async () => {
  await source?.drop();
  await target?.drop();
});

describe(`npm run admin -- backup / restore (${kind})`, () => {
  it('restores a backup of the stopped server into an empty place: products, pictures, conversations, orders and sessions come back', async () => {
    const backup = await admin(['backup', file], source);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(
      /^Backup written: .*: the (embedded|PostgreSQL) database at migration \d{4}_\w+, \d+ media files? \(\d+ kB\), jwt-secret, vapid-keys\.json\.\n$/,
    );

    const restore = await admin(['restore', file], target);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain('jwt-secret');

    const restored = await serveOn(target);
    try {
      const after = await seenBy(restored, world);
      expect(before.picture.status).toBe(200);
      expect(before.conversations.results ?? before.conversations).toHaveLength(1);
      expect(after).toEqual(before);
    } finally {
      await restored.close();
    }
  }, 240_000);

  it('refuses a target that is not empty, names what is there, and changes nothing; --force replaces it', async () => {
    const refused = await admin(['restore', file], target);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^Nothing was restored: the target is not empty \(.+\)\. Restore into an empty one, or add --force/);
    expect((await readdir(target.dataDir)).filter((name) => name.startsWith('replaced-') || name.startsWith('.restoring-'))).toEqual([]);

    const forced = await admin(['restore', file, '--force'], target);
    expect(forced.stderr).toBe('');
    expect(forced.code).toBe(0);
    if (kind === 'pglite') {
      expect(forced.stdout).toMatch(/What was there before is in .*replaced-/);
      expect((await readdir(target.dataDir)).some((name) => name.startsWith('replaced-'))).toBe(true);
    }
    const restored = await serveOn(target);
    try {
      expect(await seenBy(restored, world)).toEqual(before);
    } finally {
      await restored.close();
    }
  }, 240_000);

  it.skipIf(kind === 'postgres')(
    'refuses to back up the embedded database under a running server',
    async () => {
      const served = await serveOn(source);
      try {
        const refused = await admin(['backup', `${file}.again`], source);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain(
          `The server (pid ${process.pid}) has the embedded database of ${source.dataDir} open: stop it first`,
        );
      } finally {
        await served.close();
      }
    },
    120_000,
  );

  it('refuses a backup of the other kind of database, and a file that is not a backup', async () => {
    const other = path.join(target.dataDir, '..', 'other-kind.tar');
    const archive = writeArchive(other);
    const manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      created_at: new Date().toISOString(),
      database: kind === 'pglite' ? 'postgres' : 'pglite',
      migration: null,
      app_version: 1,
      media: { included: false, files: 0, bytes: 0 },
      secrets: [],
    };
    await archive.add('manifest.json', Buffer.from(JSON.stringify(manifest)));
    await archive.finish();
    const empty = await newPlace({ empty: true });
    try {
      await expect(restoreBackup(other, empty)).rejects.toThrow(
        kind === 'pglite'
          ? /holds PostgreSQL, and this server uses the embedded database \(PGlite\): .* Set DATABASE_URL/
          : /holds the embedded database \(PGlite\), and this server uses PostgreSQL: .* Unset DATABASE_URL/,
      );
      await expect(restoreBackup(path.join(source.dataDir, 'jwt-secret'), empty)).rejects.toBeInstanceOf(BackupError);
      expect(await readdir(empty.dataDir)).toEqual([]);
    } finally {
      await empty.drop();
    }
  });
});
