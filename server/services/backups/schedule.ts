import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { BackupSchedule, Config } from '../../config';
import type { Database } from '../../db';
import { takeBackup, type BackupResult, type BackupSource } from './backup';

/** Scheduled backups are named by their time (UTC), so names sort oldest first. */
const SCHEDULED = /^marketplace-backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.tar$/;

export const scheduledBackupName = (at: Date) => `marketplace-backup-${at.toISOString().replace(/[:.]/g, '-')}.tar`;

/** The scheduled backups in the folder, newest first (other files are never touched). */
export async function scheduledBackups(dir: string): Promise<string[]> {
  return (await readdir(dir).catch(() => [] as string[]))
    .filter((n) => SCHEDULED.test(n))
    .sort()
    .reverse();
}

function takenAt(name: string): number {
  const [, day, h, m, s, ms] = SCHEDULED.exec(name) ?? [];
  return Date.parse(`${day}T${h}:${m}:${s}.${ms}Z`);
}

/** Keeps the newest `keep` scheduled backups; returns the names removed. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const old = (await scheduledBackups(dir)).slice(keep);
  for (const name of old) await rm(path.join(dir, name), { force: true });
  return old;
}

/** The first backup after a start with none yet: soon, once the start has settled. */
const FIRST_WITHIN_MS = 60_000;
/** setTimeout's longest wait; a longer interval wakes and waits again. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * BACKUP_DIR's schedule (docs/operations.md#backups), run by one process (server/serve.ts, or
 * the primary of the workers: server/workers.ts): a backup every `intervalHours` after the
 * newest one in the folder, the newest `keep` kept. One at a time; one that fails is logged and
 * the next comes at its time. Leftovers of a backup interrupted by a stop are removed at start.
 */
export function scheduleBackups(schedule: BackupSchedule, take: (file: string, signal: AbortSignal) => Promise<BackupResult>, log: Logger) {
  const intervalMs = schedule.intervalHours * 3_600_000;
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const run = async () => {
    const file = path.join(schedule.dir, scheduledBackupName(new Date()));
    try {
      const result = await take(file, abort.signal);
      const removed = await pruneBackups(schedule.dir, schedule.keep);
      log.info(
        { backup: file, bytes: result.bytes, ms: Math.round(result.ms), held_ms: result.heldMs && Math.round(result.heldMs), removed },
        `backup written: ${file} (${result.bytes} bytes in ${Math.round(result.ms)} ms${result.heldMs === undefined ? '' : `, database held ${Math.round(result.heldMs)} ms`})`,
      );
    } catch (error) {
      if (!abort.signal.aborted) log.error({ err: error, backup: file }, 'backup failed');
    }
  };

  const wait = (dueAt: number) => {
    if (abort.signal.aborted) return;
    const delay = Math.max(0, dueAt - Date.now());
    timer = setTimeout(
      () => {
        if (Date.now() < dueAt) return wait(dueAt);
        running = run().finally(() => {
          running = undefined;
          wait(Date.now() + intervalMs);
        });
      },
      Math.min(delay, MAX_TIMER_MS),
    ).unref();
  };

  const ready = (async () => {
    await mkdir(schedule.dir, { recursive: true });
    for (const name of await readdir(schedule.dir)) {
      if (/^\.(marketplace-backup-.*\.partial|backup-work-.*)$/.test(name))
        await rm(path.join(schedule.dir, name), { recursive: true, force: true });
    }
    const newest = (await scheduledBackups(schedule.dir))[0];
    wait(newest ? takenAt(newest) + intervalMs : Date.now() + Math.min(intervalMs, FIRST_WITHIN_MS));
    log.info(`backups every ${schedule.intervalHours} h into ${schedule.dir}, the newest ${schedule.keep} kept`);
  })().catch((error) => log.error({ err: error }, `backups cannot be written to ${schedule.dir}`));

  return {
    /** Stops the schedule; a backup under way is abandoned (its partial file removed). */
    async stop(): Promise<void> {
      abort.abort();
      clearTimeout(timer);
      await ready;
      await running;
    },
  };
}

/** The schedule of `config.backups`, if any: the embedded database through `db` (this process has it open), PostgreSQL by its URL. */
export function startScheduledBackups(config: Config, log: Logger, db?: Database) {
  if (!config.backups) return undefined;
  if (!config.databaseUrl && !db) throw new Error('The embedded database is backed up by the process that has it open');
  const source: BackupSource = config.databaseUrl
    ? { kind: 'postgres', databaseUrl: config.databaseUrl }
    : { kind: 'pglite', db: db as Database };
  return scheduleBackups(
    config.backups,
    (file, signal) => takeBackup(source, file, { dataDir: config.dataDir, mediaInDataDir: !config.mediaS3, signal }),
    log,
  );
}
