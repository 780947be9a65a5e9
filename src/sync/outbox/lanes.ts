import { db, type OutboxRow } from '../../db/db';
import { troubleWaitLeft } from '../api/health';
import { isAppOutdated } from '../api/appVersion';

/**
 * The outbox's lanes (docs/sync.md): entries of one target go in order, one at a time; targets
 * go side by side, so a slow or hung request (a picture upload, a message post) holds up only
 * its own target, never another target nor the pull. File uploads share a few slots.
 */

/**
 * What sending one entry came to: sent, failed for good, retry later, stop (offline, signed
 * out), or changed (taken back or changed before it left: the lane reads its target again).
 */
export type Outcome = 'sent' | 'failed' | 'retry' | 'stop' | 'changed';

export interface LaneHooks {
  shouldStop?: () => boolean;
  /** An entry reached the server. */
  onSent?: () => void;
  /** A lane ran out of entries it can send now. */
  onLaneEnd?: () => void;
}

/** Lanes running in this tab, by user and target: a target never has two. */
const running = new Map<string, Promise<boolean>>();

const MAX_UPLOADS = 2;
let uploads = 0;
const waitingForSlot: Array<() => void> = [];

/** Runs an upload when one of the few upload slots is free. */
export async function withUploadSlot<T>(upload: () => Promise<T>): Promise<T> {
  while (uploads >= MAX_UPLOADS) await new Promise<void>((resolve) => waitingForSlot.push(resolve));
  uploads += 1;
  try {
    return await upload();
  } finally {
    uploads -= 1;
    waitingForSlot.shift()?.();
  }
}

/** A new start (the entries left "sending" go back to pending): lanes of before are not waited for. */
export function forgetLanes(): void {
  running.clear();
}

/** Whether an entry is in its target's line: failed ones step out of it, unless they hold it. */
const inLine = (userId: number) => (e: OutboxRow) => e.user_id === userId && (e.state !== 'failed' || Boolean(e.holdsTarget));

/** The first of the user's unfinished entries of a target, when it can go now. */
async function headOf(userId: number, target: string): Promise<OutboxRow | undefined> {
  const entries = (await db.outbox.where('target').equals(target).sortBy('seq')).filter(inLine(userId));
  const head = entries[0];
  // A file still to upload is the upload lane's (uploads.ts); its target's later entries wait for it.
  return head && !head.file && head.state === 'pending' && head.next_at <= Date.now() ? head : undefined;
}

/**
 * When the next entry that waits at the head of its target becomes due (ms from now), or null
 * when none waits: an entry behind another of its target goes when that one is done.
 */
export async function nextDueIn(userId: number): Promise<number | null> {
  const heads = new Map<string, OutboxRow>();
  const isInLine = inLine(userId);
  for (const entry of await db.outbox.orderBy('seq').toArray()) {
    if (isInLine(entry) && !heads.has(entry.target)) heads.set(entry.target, entry);
  }
  const waiting = [...heads.values()].filter((e) => e.state === 'pending');
  if (waiting.length === 0) return null;
  return Math.max(0, Math.min(...waiting.map((e) => e.next_at)) - Date.now());
}

/** Nothing goes while the server is in trouble, nor once it no longer serves this build (docs/api.md#app-versions). */
const mayGo = (hooks: LaneHooks) => !hooks.shouldStop?.() && troubleWaitLeft() === 0 && !isAppOutdated();

async function lane(userId: number, target: string, sendOne: (entry: OutboxRow) => Promise<Outcome>, hooks: LaneHooks): Promise<boolean> {
  let sent = false;
  while (mayGo(hooks)) {
    const entry = await headOf(userId, target);
    if (!entry) break;
    const outcome = await sendOne(entry);
    if (outcome === 'sent') {
      sent = true;
      hooks.onSent?.();
    } else if (outcome !== 'failed' && outcome !== 'changed') break;
  }
  return sent;
}

/**
 * Starts a lane for every target of the user's with an entry due, beside the lanes already
 * running; answers, once all of them ended, whether any sent something.
 */
export async function runLanes(userId: number, sendOne: (entry: OutboxRow) => Promise<Outcome>, hooks: LaneHooks = {}): Promise<boolean> {
  if (!mayGo(hooks)) return false;
  const now = Date.now();
  const due = await db.outbox
    .where('state')
    .equals('pending')
    .filter((e) => e.user_id === userId && e.next_at <= now && !e.file)
    .toArray();
  const lanes = [...new Set(due.map((e) => e.target))].map((target) => {
    const key = `${userId} ${target}`;
    let current = running.get(key);
    if (!current) {
      const started: Promise<boolean> = lane(userId, target, sendOne, hooks).finally(() => {
        if (running.get(key) === started) running.delete(key);
        hooks.onLaneEnd?.();
      });
      current = started;
      running.set(key, current);
    }
    return current;
  });
  return (await Promise.all(lanes)).some(Boolean);
}
