import { db, type OutboxKind, type OutboxRow } from '../../db/db';
import { wakePush } from './signals';

/**
 * The outbox (docs/sync.md#outbox): what the user did, kept on the device until the server has
 * it. Entries go pending → sending → done (deleted) | failed; a failed one waits for the user's
 * retry or discard, and never blocks unrelated entries.
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
  };
  const seq = await db.outbox.add(row);
  // After the transaction commits, the leader tab sends it (other tabs hear it through Dexie).
  queueMicrotask(wakePush);
  return seq as number;
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
