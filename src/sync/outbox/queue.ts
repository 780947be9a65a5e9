import { db, type OutboxKind, type OutboxRow } from '../../db/db';
import { wakePush } from './signals';

/**
 * The outbox (docs/sync.md#outbox-states): what the user did, kept on the device until the
 * server has it. Entries go pending → sending → done (deleted) | failed; a failed one waits for
 * the user's retry or discard, and never blocks unrelated entries.
 */

export function newClientId(): string {
  return crypto.randomUUID();
}

export interface NewEntry {
  kind: OutboxKind;
  target: string;
  payload: Record<string, unknown>;
  file?: Blob;
  userId: number;
  clientId?: string;
  holdsTarget?: boolean;
}

/** Adds an entry. Call inside the intent's transaction (tables: db.outbox and what it changes). */
export async function enqueue(entry: NewEntry): Promise<number> {
  const row: OutboxRow = {
    kind: entry.kind,
    target: entry.target,
    client_id: entry.clientId ?? newClientId(),
    payload: entry.payload,
    file: entry.file,
    state: 'pending',
    attempts: 0,
    next_at: 0,
    created_at: Date.now(),
    user_id: entry.userId,
    ...(entry.holdsTarget ? { holdsTarget: true } : {}),
  };
  const seq = await db.outbox.add(row);
  // After the transaction commits, the leader tab sends it (other tabs hear it through Dexie).
  queueMicrotask(wakePush);
  return seq as number;
}

/**
 * Whether an entry can be taken back as if it had never been made: it has not left the device,
 * or the server refused it. One on its way, or sent without an answer (uncertain), may be on
 * the server already: undoing it takes an intent of its own, sent after it.
 */
export const unsent = (entry: OutboxRow) => entry.state === 'failed' || (entry.state === 'pending' && !entry.uncertain);

/**
 * The step from waiting to sending, as one compare-and-set: in one transaction, the entry is
 * read again and marked sending only if it is still waiting; what is sent is the entry as read
 * there. An intent that took the entry back or changed it (in this tab or another) meanwhile
 * wins, and the lane reads its target again.
 */
export async function claim(entry: OutboxRow): Promise<OutboxRow | undefined> {
  return db.transaction('rw', db.outbox, async () => {
    const now = entry.seq === undefined ? undefined : await db.outbox.get(entry.seq);
    if (now?.state !== 'pending' || now.user_id !== entry.user_id) return undefined;
    const sending: OutboxRow = { ...now, state: 'sending' };
    await db.outbox.put(sending);
    return sending;
  });
}

/** The newest entry of a target still waiting to be sent (not on its way, and never tried without an answer). */
export async function waitingEntry(target: string, kinds: OutboxKind[]): Promise<OutboxRow | undefined> {
  const entries = await db.outbox
    .where('target')
    .equals(target)
    .filter((e) => e.state === 'pending' && !e.uncertain && kinds.includes(e.kind))
    .toArray();
  return entries.sort((a, b) => (b.seq ?? 0) - (a.seq ?? 0))[0];
}

/** Entries of the signed-in user still to be sent or failed: the count shown before sign-out. */
export async function unsentCount(userId: number): Promise<number> {
  return db.outbox.filter((e) => e.user_id === userId).count();
}

/** The server's id for what an entry created under a temporary one (its payload's tempId). */
export interface Named {
  /** The kind of the entries queued behind it that refer to it, */
  kind: OutboxRow['kind'];
  /** by this key of their payload. */
  key: string;
  id: number;
}

/** Entries queued behind a creation (an edit, a withdrawal, a cancel) were aimed at its temporary id. */
export function aimAt(entry: OutboxRow, { kind, key, id }: Named): Promise<unknown> {
  return db.outbox
    .where('target')
    .equals(entry.target)
    .modify((e) => {
      if (e.kind === kind && e.payload[key] === entry.payload.tempId) e.payload = { ...e.payload, [key]: id };
    });
}
