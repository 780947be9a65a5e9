import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBackupSchedule } from '@server/config';

/** BACKUP_* (docs/operations.md#configuration): a wrong value stops the server at start, with a message naming it. */
describe('BACKUP_DIR, BACKUP_INTERVAL_HOURS, BACKUP_KEEP', () => {
  it('are off without BACKUP_DIR, and default to a backup a day, the newest 7 kept', () => {
    expect(readBackupSchedule({})).toBeUndefined();
    expect(readBackupSchedule({ BACKUP_DIR: 'backups' })).toEqual({ dir: path.resolve('backups'), intervalHours: 24, keep: 7 });
    expect(readBackupSchedule({ BACKUP_DIR: '/b', BACKUP_INTERVAL_HOURS: '0.5', BACKUP_KEEP: '30' })).toEqual({
      dir: '/b',
      intervalHours: 0.5,
      keep: 30,
    });
  });

  it('refuse an interval or a count that cannot be kept, and a schedule with nowhere to write', () => {
    expect(() => readBackupSchedule({ BACKUP_KEEP: '3' })).toThrow('BACKUP_INTERVAL_HOURS and BACKUP_KEEP need BACKUP_DIR');
    for (const hours of ['0', '-1', 'daily']) {
      expect(() => readBackupSchedule({ BACKUP_DIR: '/b', BACKUP_INTERVAL_HOURS: hours })).toThrow(
        /^BACKUP_INTERVAL_HOURS must be a number of hours above 0/,
      );
    }
    for (const keep of ['0', '2.5', 'all']) {
      expect(() => readBackupSchedule({ BACKUP_DIR: '/b', BACKUP_KEEP: keep })).toThrow(/^BACKUP_KEEP must be a whole number from 1/);
    }
  });
});
