import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { restoreBackup } from '@server/services/backups/restore';
import { pruneBackups, scheduledBackupName, scheduledBackups, startScheduledBackups } from '@server/services/backups/schedule';
import { send } from '../../messaging-helpers';
import type { TestApp } from '../../helpers';
import { buildWorld, newPlace, seenBy, serveOn, type Place } from './world';

/**
 * BACKUP_DIR's schedule on a serving process (docs/operations.md#backups): backups taken while
 * requests run, the newest BACKUP_KEEP kept, and the newest restoring into an empty place.
 */
const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
let source: Place;
let target: Place;

beforeAll(async () => {
  source = await newPlace();
  target = await newPlace({ empty: true });
});
afterAll(async () => {
  await source?.drop();
  await target?.drop();
});

describe(`scheduled backups (${kind})`, () => {
  it('are taken while requests run, keep the newest BACKUP_KEEP, and the newest restores with what was there before', async () => {
    const dir = path.join(source.dataDir, '..', `${path.basename(source.dataDir)}-backups`);
    const logs: Array<Record<string, unknown>> = [];
    const log = pino({ level: 'info' }, { write: (line: string) => logs.push(JSON.parse(line)) });
    const served = await serveOn(source);
    const world = await buildWorld(served);
    const before = await seenBy(served, world);

    // Requests, reads and writes, all the while the backups are taken.
    let running = true;
    const statuses: number[] = [];
    const reads = (async () => {
      while (running) statuses.push((await served.api.get('/api/products/')).status);
    })();
    // A message a second: the conversation's own limit is 60 a minute (docs/operations.md#limits-that-protect-the-server).
    const writes = (async () => {
      while (running) {
        const sent = await send(served as unknown as TestApp, world.buyer, world.conversation.id, {
          text: 'Still there?',
          client_id: randomUUID(),
        });
        statuses.push(sent.status);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    })();
    const schedule = startScheduledBackups({ ...served.config, backups: { dir, intervalHours: 1 / 3600, keep: 2 } }, log, served.db)!;
    const written = () => logs.filter((line) => String(line.msg).startsWith('backup written: '));
    await expect.poll(() => written().length, { timeout: 240_000, interval: 500 }).toBeGreaterThanOrEqual(3);
    await schedule.stop();
    running = false;
    await Promise.all([reads, writes]);
    await served.close();

    expect(logs.filter((line) => Number(line.level) >= 50)).toEqual([]);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status !== 200 && status !== 201)).toEqual([]);
    // Only the newest two are kept, and nothing half-written is left beside them.
    const names = written().map((line) => path.basename(String(line.backup)));
    expect(await readdir(dir)).toEqual(names.slice(-2));
    if (kind === 'pglite') expect(written().every((line) => typeof line.held_ms === 'number')).toBe(true);

    await restoreBackup(path.join(dir, names.at(-1)!), target);
    const restored = await serveOn(target);
    try {
      const after = await seenBy(restored, world);
      expect(after.product).toEqual(before.product);
      expect(after.picture).toEqual(before.picture);
      expect(after.orders).toEqual(before.orders);
      expect(after.me).toEqual(before.me);
      // The messages sent while the backups ran: the restored conversation has those sent before its backup, in order.
      const ids = (list: { results?: Array<{ id: number }> } | Array<{ id: number }>) =>
        ('results' in list ? list.results! : (list as Array<{ id: number }>)).map((m) => m.id);
      expect(ids(after.messages).length).toBeGreaterThanOrEqual(ids(before.messages).length);
      expect(ids(after.messages).slice(0, ids(before.messages).length)).toEqual(ids(before.messages));
    } finally {
      await restored.close();
    }
  }, 400_000);

  it('prunes only its own files: the newest BACKUP_KEEP scheduled backups stay, anything else in the folder is left alone', async () => {
    const dir = await mkdtemp(path.join(inject('tmpDir'), 'prune-'));
    const names = [0, 1, 2, 3].map((day) => scheduledBackupName(new Date(Date.UTC(2026, 0, 10 + day, 3, 0, 0))));
    for (const name of [...names, 'notes.txt', 'before-upgrade.tar']) await writeFile(path.join(dir, name), 'x');
    expect(await pruneBackups(dir, 2)).toEqual([names[1], names[0]]);
    expect(await scheduledBackups(dir)).toEqual([names[3], names[2]]);
    expect((await readdir(dir)).sort()).toEqual(['before-upgrade.tar', 'notes.txt', names[2], names[3]].sort());
  });
});
