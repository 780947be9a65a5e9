import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sharedDatabase, startServerProcess, tinyDist, type ServerProcess } from './processes';

/**
 * With WEB_CONCURRENCY workers, BACKUP_DIR's backups are taken by the primary alone
 * (docs/operations.md#backups): one per interval, not one per worker. Workers need PostgreSQL.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
if (!onPostgres) console.log('backups-workers tests SKIPPED: workers need DATABASE_URL');

describe.skipIf(!onPostgres)('scheduled backups with two workers', () => {
  let database: Awaited<ReturnType<typeof sharedDatabase>>;
  let server: ServerProcess;
  const dir = path.join(inject('tmpDir'), `workers-backups-${process.pid}`);

  beforeAll(async () => {
    database = await sharedDatabase();
    server = await startServerProcess(
      {
        DATABASE_URL: database.url,
        WEB_CONCURRENCY: '2',
        WEB_DIST_DIR: await tinyDist(),
        BACKUP_DIR: dir,
        // About 3.6 s apart.
        BACKUP_INTERVAL_HOURS: '0.001',
        BACKUP_KEEP: '2',
      },
      { readyMs: 400_000 },
    );
  }, 400_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await database?.drop();
  });

  it('are written by the primary only, the newest BACKUP_KEEP kept, and the primary stops cleanly', async () => {
    const written = () => server.logs.filter((line) => String(line.msg).startsWith('backup written: '));
    await expect.poll(() => written().length, { timeout: 120_000, interval: 500 }).toBeGreaterThanOrEqual(3);
    const readyWorkers = new Set(server.logs.filter((line) => String(line.msg).startsWith('ready on')).map((line) => line.pid));
    expect(readyWorkers.has(server.child.pid)).toBe(false);
    expect(new Set(written().map((line) => line.pid))).toEqual(new Set([server.child.pid]));

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const names = written().map((line) => path.basename(String(line.backup)));
    expect(await readdir(dir)).toEqual(names.slice(-2));
  }, 200_000);
});
