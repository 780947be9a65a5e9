import type { Database } from './index';
import { localWrites } from './index';
import { writesTo } from './write-counter';

/**
 * Answers kept per process while the tables they were read from are not written, so that a
 * signed-in request costs about what a guest's does (docs/operations.md#scale-out). The sign-in
 * check keeps, per (user, sign-in), the user row or null for a sign-in that is over
 * (SESSION_TABLES in services/accounts/sessions.ts); GET /api/me/ keeps its answer per user.
 *
 * Entries are dropped as soon as anything may have changed them: they carry the count of
 * writes to their tables this process knew of when the database was asked, and are served
 * only while that count stands. Writes in this process move it at once; on
 * PostgreSQL every other process's writes reach it by LISTEN/NOTIFY (migration 0017 makes
 * refresh_tokens notify as `users` already does), so a sign-out, a password change or an
 * account deletion in one process ends the sign-in in all of them. While notifications are
 * not being received (db/write-counter.ts `trusted`), nothing is cached.
 */
const MAX_ENTRIES = 10_000;
/** A safety bound: an entry is asked of the database again after this long anyway. */
const TTL_MS = 60_000;

interface Entry<T> {
  writes: number;
  expires: number;
  value: T;
}

export function createTableBoundCache<T>(db: Database, tables: readonly string[]) {
  const entries = new Map<string, Entry<T>>();
  const counter = localWrites(db);
  return {
    async get(key: string, load: () => Promise<T>): Promise<T> {
      if (!counter?.trusted) return load();
      const now = writesTo(counter, tables);
      const hit = entries.get(key);
      if (hit && hit.writes === now && hit.expires > Date.now()) return hit.value;
      // The count before the read: a write committed while it runs makes this entry stale at once.
      const value = await load();
      entries.delete(key);
      entries.set(key, { writes: now, expires: Date.now() + TTL_MS, value });
      // biome-ignore lint/style/noNonNullAssertion: a map over its size limit has a first key.
      while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      return value;
    },
  };
}
