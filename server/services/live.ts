import { sql } from 'kysely';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { localWrites, type Database } from '../db';
import { writesTo } from '../db/write-counter';
import { SESSION_TABLES } from './accounts/sessions';

/**
 * Pokes (docs/api.md): while the app is open, one stream per tab leader (GET /api/events/) is
 * told "your private data changed, pull now", nothing more; the app then pulls as usual. With
 * PostgreSQL the poke goes through NOTIFY, so a stream on any API process hears a change made
 * on another; on the embedded database it stays in the process. Nothing runs while nothing
 * changes: no timers per stream beyond a rare keep-alive.
 */
export const POKE_CHANNEL = 'private_pokes';
/** Open streams per user (their devices and browsers): more answer 429. */
export const MAX_STREAMS_PER_USER = 5;

type Listener = () => void;

export function createLiveHub(db: Database, databaseUrl: string | undefined, log: FastifyBaseLogger) {
  const streams = new Map<number, Set<Listener>>();
  const ends = new Set<() => void>();
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  function deliver(userIds: Iterable<number>): void {
    for (const id of userIds) for (const listener of streams.get(id) ?? []) listener();
  }

  // Other processes' pokes, and this one's (NOTIFY reaches the sender's listener too).
  const listen = async () => {
    if (!databaseUrl || stopped) return;
    const c = new pg.Client({ connectionString: databaseUrl });
    let gone = false;
    const lost = () => {
      if (gone) return;
      gone = true;
      if (client === c) client = undefined;
      c.end().catch(() => {});
      if (!stopped) retry = setTimeout(listen, 1000).unref();
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (message) => deliver((message.payload ?? '').split(',').map(Number).filter(Number.isInteger)));
    try {
      await c.connect();
      await c.query(`listen ${POKE_CHANNEL}`);
    } catch {
      return lost();
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
  };
  void listen();

  return {
    /** Tells these users' open streams to pull. Never throws: a lost poke leaves the poll to catch up. */
    poke(userIds: number[]): void {
      const ids = [...new Set(userIds)];
      if (ids.length === 0 || stopped) return;
      if (!databaseUrl) {
        deliver(ids);
        return;
      }
      sql`select pg_notify(${POKE_CHANNEL}, ${ids.join(',')})`.execute(db).catch((err) => log.warn({ err }, 'could not poke'));
    },

    /**
     * Opens a stream for the user; null when they already have MAX_STREAMS_PER_USER. `end` is
     * called when the server stops; the returned function closes the stream.
     */
    open(userId: number, listener: Listener, end: () => void): (() => void) | null {
      const mine = streams.get(userId) ?? new Set();
      if (mine.size >= MAX_STREAMS_PER_USER || stopped) return null;
      mine.add(listener);
      streams.set(userId, mine);
      ends.add(end);
      return () => {
        ends.delete(end);
        mine.delete(listener);
        if (mine.size === 0) streams.delete(userId);
      };
    },

    /** Streams open in this process (for the bench and tests). */
    get size(): number {
      let n = 0;
      for (const set of streams.values()) n += set.size;
      return n;
    },

    async close(): Promise<void> {
      stopped = true;
      clearTimeout(retry);
      for (const end of [...ends]) end();
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;

/** How often an open stream looks at its sign-in: a database read only once the session tables were written. */
const SESSION_CHECK_MS = 1_000;
/** While other processes' writes are not being heard (db/write-counter.ts `trusted`), a read this often instead. */
const SESSION_CHECK_BLIND_MS = 15_000;

interface Watch {
  userId: number;
  sessionId: string;
  ended: () => void;
}

/** The open streams' sign-ins of one database, checked together: one read a tick, however many streams. */
interface Watchers {
  watches: Set<Watch>;
  seen: number | null;
  lastRead: number;
  reading: boolean;
  start(): void;
  stop(): void;
}
const watchersOf = new WeakMap<Database, Watchers>();
/** Sign-ins asked about in one statement. */
const CHECK_BATCH = 1_000;

/**
 * Calls `ended` once the sign-in `sessionId` of `userId` is over: signed out, its password
 * changed or reset, its token family revoked, the account gone. A stream must not outlive its
 * sign-in until its access token would have expired. Returns the function that stops watching.
 * Every stream of the process is checked by the same read: with one read per stream, a write
 * to the session tables cost as many reads as there were open apps (bench/capacity.ts).
 */
export function watchSession(db: Database, userId: number, sessionId: string, ended: () => void): () => void {
  const watchers = watchersOf.get(db) ?? watchSessions(db);
  const watch: Watch = { userId, sessionId, ended };
  watchers.watches.add(watch);
  watchers.start();
  return () => {
    watchers.watches.delete(watch);
    if (watchers.watches.size === 0 && !watchers.reading) watchers.stop();
  };
}

/** The one timer and read of a database's watched sign-ins. */
function watchSessions(db: Database): Watchers {
  const counter = localWrites(db);
  const written = () => (counter?.trusted ? writesTo(counter, SESSION_TABLES) : null);
  let timer: NodeJS.Timeout | undefined;
  const watchers: Watchers = {
    watches: new Set(),
    seen: written(),
    lastRead: Date.now(),
    reading: false,
    start() {
      timer ??= setInterval(check, SESSION_CHECK_MS).unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
  watchersOf.set(db, watchers);

  async function check() {
    const now = written();
    const due = now === null ? Date.now() - watchers.lastRead >= SESSION_CHECK_BLIND_MS : now !== watchers.seen;
    if (watchers.reading || !due) return;
    watchers.reading = true;
    try {
      watchers.lastRead = Date.now();
      const watched = [...watchers.watches];
      const live = new Set<string>();
      for (let at = 0; at < watched.length; at += CHECK_BATCH) {
        const families = [...new Set(watched.slice(at, at + CHECK_BATCH).map((w) => w.sessionId))];
        const rows = await db
          .selectFrom('refresh_tokens')
          .select(['user_id', 'family'])
          .distinct()
          .where('family', 'in', families)
          .where('revoked_at', 'is', null)
          .execute();
        for (const row of rows) live.add(`${row.user_id}:${row.family}`);
      }
      watchers.seen = now;
      for (const w of watched) {
        if (watchers.watches.has(w) && !live.has(`${w.userId}:${w.sessionId}`)) {
          watchers.watches.delete(w);
          w.ended();
        }
      }
    } catch {
      // The next tick asks again.
    } finally {
      watchers.reading = false;
      if (watchers.watches.size === 0) watchers.stop();
    }
  }
  return watchers;
}
