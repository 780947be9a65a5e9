import { t } from '@lingui/core/macro';
import { CHAT_POLL_MS, COUNTS_REFRESH_MS } from '../shared/constants';
import type { User } from '../shared/types';
import { db } from '../db/db';
import { api } from './api/client';
import { isOnline, onConnectivityChange, reportReachable } from './api/connectivity';
import { isTroubled, onHealthChange, onTrouble, troubleWaitLeft } from './api/health';
import { isAppOutdated } from './api/appVersion';
import { sessionIsOf } from './session/identity';
import { sendRevocations } from './session/revocations';
import { pullStream } from './pull/streams';
import { replicateCatalogue as replicateWorkingSet } from './pull/catalogue';
import { makeRoom, setBudget } from './pull/workingSet';
import { nextDueIn, pushOutbox, recoverInterrupted } from './outbox/send';
import { refreshRates } from './pull/rates';
import { claimDevice } from './session/deviceUser';
import { onWakePush } from './outbox/signals';
import { pumpUploads } from './outbox/uploads';
import { savePicturesAhead } from './pull/prefetch';
import { LEADER_LOCK, SYNC_CHANNEL } from './leader';
import { liveConnected, startLive } from './pull/pokes';
import { ensureProduct } from './pull/lists';
import { isQuotaError, reportStorageFull, requestPersistence } from './storage';
import { shellSaved } from './shell';

/**
 * The sync engine (docs/architecture.md#the-web-app-one-direction): one tab leads (a Web Lock; the lock passes on when that tab
 * closes) and runs every pull and push; the other tabs read Dexie, whose live queries see
 * the leader's writes, and pass their wishes ("pull now", "send", "watch this chat") over a
 * BroadcastChannel. When it runs:
 * - at start, when the server is reachable again, when the tab becomes visible;
 * - when the server pokes (./pull/pokes.ts): while its stream is up, the two polls below rest;
 * - every 60 s while signed in (docs/product.md#notifications counts), every 5 min for guests;
 * - every 5 s while a conversation is open (docs/product.md#chat-rules);
 * - as soon as an action is queued, and when a backed-off entry is due.
 * Pull and push are scheduled apart, and the outbox's targets go side by side (./outbox/lanes.ts):
 * a hung request holds up only its own target. While the server answers 5xx or 429, both
 * wait on one backoff (./api/health.ts), and its first normal answer sends what waits at once.
 */

const GUEST_PULL_MS = 5 * 60_000;
const PROBE_MS = 10_000;
/** After a failed pull, the next try comes sooner than the next timer, backing off to this. */
let RETRY_FIRST_MS = 10_000;
let RETRY_MAX_MS = 2 * 60_000;

/** The two polls' periods: the counts' and the open chat's (tests shorten them). */
let countsPollMs = COUNTS_REFRESH_MS;
let chatPollMs = CHAT_POLL_MS;

/** Tests shorten the polls. */
export function setPollTiming(countsMs: number, chatMs: number): void {
  countsPollMs = countsMs;
  chatPollMs = chatMs;
}

/** Tests shorten the retry waits. */
export function setRetryTiming(firstMs: number, maxMs: number): void {
  RETRY_FIRST_MS = firstMs;
  RETRY_MAX_MS = maxMs;
}

type Message = { type: 'pull' } | { type: 'push' } | { type: 'watch'; id: number };

/** One pending retry at a time, each wait twice the last (10 s up to 2 min), reset by a success. */
class Backoff {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  constructor(private readonly retry: () => void) {}
  failed(): void {
    if (this.timer || !running) return;
    const wait = Math.min(RETRY_FIRST_MS * 2 ** this.failures, RETRY_MAX_MS);
    this.failures += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (running) this.retry();
    }, wait);
  }
  succeeded(): void {
    this.failures = 0;
  }
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.failures = 0;
  }
}

let user: User | null = null;
let userKnown = false;
let leader = false;
let running = false;
let cycle: Promise<void> | null = null;
let again = false;
let replicating = false;
let replicateAgain = false;
const timers: ReturnType<typeof setTimeout>[] = [];
let pushTimer: ReturnType<typeof setTimeout> | null = null;
let pullAfterPushTimer: ReturnType<typeof setTimeout> | null = null;
let troubleTimer: ReturnType<typeof setTimeout> | null = null;
const retries = { cycle: new Backoff(() => void runCycle()), catalogue: new Backoff(() => void replicateCatalogue()) };
let probeTimer: ReturnType<typeof setInterval> | null = null;
/** Conversations open in some tab, until when (ms). */
const watched = new Map<number, number>();
let channel: BroadcastChannel | null = null;
let releaseLock: (() => void) | null = null;
let stopListeners: Array<() => void> = [];

export function currentUser(): User | null {
  return user;
}

export function isLeader(): boolean {
  return leader;
}

const post = (message: Message) => channel?.postMessage(message);

/** The signed-in user changed (or auth finished loading): claim the device, then sync. */
export async function setEngineUser(next: User | null): Promise<void> {
  const changed = !userKnown || next?.id !== user?.id;
  user = next;
  userKnown = true;
  if (!changed) return;
  await claimDevice(next?.id ?? null);
  if (next) void requestPersistence();
  // A tab that does not lead asks the leader to pull for the new user.
  void runCycle();
  pushSoon();
}

/** One pull-and-push cycle; a request during a cycle runs one more after it. */
export function runCycle(): Promise<void> {
  if (!leader) {
    post({ type: 'pull' });
    return Promise.resolve();
  }
  if (cycle) {
    again = true;
    return cycle;
  }
  cycle = (async () => {
    do {
      again = false;
      await syncOnce();
    } while (again && running);
  })().finally(() => {
    cycle = null;
  });
  return cycle;
}

export const requestPull = runCycle;

/** While the server is in trouble: one timer, for when its backoff ends; then pull (and push once it answers). */
function waitOutTrouble(): boolean {
  const wait = troubleWaitLeft();
  if (wait === 0) return false;
  if (!troubleTimer && running) {
    troubleTimer = setTimeout(() => {
      troubleTimer = null;
      void runCycle();
    }, wait);
  }
  return true;
}

async function syncOnce(): Promise<void> {
  // An outdated build sends nothing until it is updated (docs/api.md#app-versions).
  if (!running || !isOnline() || !userKnown || isAppOutdated() || waitOutTrouble()) return;
  void sendRevocations().catch((error) => console.warn('Could not revoke a signed-out session', error));
  const me = user;
  // A pull under another tab's new session would write someone else's data here.
  const stillMe = () => running && user?.id === me?.id && sessionIsOf(me?.id ?? null);
  try {
    // Files go in their own lane, beside the small writes and the pull (./outbox/uploads.ts).
    if (me) void pumpUploads(me.id, () => !stillMe());
    await pullStream('private', stillMe);
    pushNow();
    // The catalogue, the largest download, starts at once; rates come beside it.
    void replicateCatalogue();
    await refreshRates();
    retries.cycle.succeeded();
    void holdReferencedProducts();
    // Pictures ahead of need, within the device's budget (src/sync/pull/prefetch.ts).
    void savePicturesAhead().catch((error) => console.warn('Could not save pictures ahead', error));
  } catch (error) {
    console.warn('Sync did not complete', error);
    if (isQuotaError(error)) {
      // The catalogue makes room for the user's own data first; only when it had none to give is the disk full.
      if ((await makeRoom().catch(() => 0)) > 0) retries.cycle.failed();
      else reportStorageFull(t`your latest data`);
    } else if (!waitOutTrouble() && isOnline()) retries.cycle.failed();
  }
}

/** Starts the outbox's lanes now, beside those already running; the pull is not waited for. */
function pushNow(): void {
  if (!leader) {
    post({ type: 'push' });
    return;
  }
  const me = user;
  if (!running || !me || !isOnline() || isAppOutdated() || waitOutTrouble()) return;
  const stillMe = () => running && leader && user?.id === me.id;
  void pumpUploads(me.id, () => !stillMe()).catch((error) => console.warn('Uploads did not start', error));
  void pushOutbox(me.id, () => !stillMe(), {
    onSent: pullAfterPush,
    onLaneEnd: () => void schedulePush(me.id),
  })
    .catch((error) => console.warn('Push did not complete', error))
    .finally(() => void schedulePush(me.id));
}

/** What the server did with what was sent (a new conversation's row, counts) comes with a pull soon after. */
function pullAfterPush(): void {
  if (pullAfterPushTimer) clearTimeout(pullAfterPushTimer);
  pullAfterPushTimer = setTimeout(() => {
    pullAfterPushTimer = null;
    void runCycle();
  }, 200);
}

/** Sends what was queued, soon (several quick actions go in one go). */
function pushSoon(): void {
  if (!leader) {
    post({ type: 'push' });
    return;
  }
  if (pushTimer) clearTimeout(pushTimer);
  pushTimer = setTimeout(() => {
    pushTimer = null;
    pushNow();
  }, 50);
}

/** Wakes up when the next backed-off entry is due. */
async function schedulePush(userId: number): Promise<void> {
  const due = await nextDueIn(userId);
  if (due === null || !running || user?.id !== userId) return;
  if (pushTimer) clearTimeout(pushTimer);
  pushTimer = setTimeout(
    () => {
      pushTimer = null;
      pushNow();
    },
    // A timer may fire a little before Date.now() reaches the entry's time.
    Math.max(due + 5, 50),
  );
}

/** The server answers normally again: what backed off during the trouble is due now. */
async function troubleOver(): Promise<void> {
  await db.outbox.where('state').equals('pending').modify({ next_at: 0 });
  void runCycle();
  pushNow();
}

/** Products that favourites, conversations and recently viewed refer to are always held, for offline use. */
async function holdReferencedProducts(): Promise<void> {
  const [conversations, recent] = await Promise.all([db.conversations.toArray(), db.recent.toArray()]);
  const ids = [...new Set([...conversations.flatMap((c) => (c.product ? [c.product.id] : [])), ...recent.map((r) => r.product_id)])];
  const held = await db.products.bulkGet(ids);
  for (const id of ids.filter((_, i) => !held[i])) {
    if (!isOnline() || !running || isAppOutdated()) return;
    await ensureProduct(id).catch((error) => console.warn('Could not hold a referenced product', error));
  }
}

function saveData(): boolean {
  return (
    typeof navigator !== 'undefined' && Boolean((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData)
  );
}

/** The catalogue's part of the working set, in the background (./pull/catalogue.ts); resumable; paused offline. */
async function replicateCatalogue(): Promise<void> {
  if (replicating || troubleWaitLeft() > 0 || isAppOutdated()) return;
  replicating = true;
  replicateAgain = false;
  try {
    // The app's own files take their room first (./shell.ts).
    await shellSaved();
    await replicateWorkingSet({
      keepGoing: () => running && leader && isOnline() && !isAppOutdated(),
      saveData: saveData(),
      interests: new Set(user?.buyer_profile?.interested_categories.map((c) => c.id) ?? []),
    });
    retries.catalogue.succeeded();
  } catch (error) {
    console.warn('Catalogue replication paused', error);
    // Only when trimming the catalogue could not make room (./pull/catalogue.ts) is the disk full.
    if (isQuotaError(error)) reportStorageFull(t`products for offline use`);
    // A passing failure must not leave a guest's catalogue half saved until the next 5-minute pull.
    else if (isTroubled()) waitOutTrouble();
    else if (isOnline()) retries.catalogue.failed();
  } finally {
    replicating = false;
    if (replicateAgain && running) void replicateCatalogue();
  }
}

/** The user changed the catalogue's budget in Settings: the device trims or fills to it now. */
export async function changeCatalogueBudget(megabytes: number): Promise<void> {
  await setBudget(megabytes);
  if (!leader) {
    post({ type: 'pull' });
    return;
  }
  // A run under way keeps to the old budget: another follows it at once.
  replicateAgain = true;
  void replicateCatalogue();
}

/** Keeps the open conversation fresh every 5 s (docs/product.md#chat-rules); returns the stop function. */
export function watchConversation(id: number): () => void {
  const beat = (opening: boolean) => {
    watched.set(id, Date.now() + chatPollMs * 2);
    // While pokes arrive (./pull/pokes.ts), the poll rests: a new message pulls at once anyway.
    if (leader) {
      if (opening || !liveConnected()) void runCycle();
    } else post({ type: 'watch', id });
  };
  beat(true);
  const timer = setInterval(() => beat(false), chatPollMs);
  return () => {
    clearInterval(timer);
    watched.delete(id);
  };
}

/** While the server is unreachable but the browser claims to be online, ask now and then. */
function probeWhileOffline(): void {
  if (probeTimer) return;
  probeTimer = setInterval(async () => {
    if (isOnline()) {
      if (probeTimer) clearInterval(probeTimer);
      probeTimer = null;
      return;
    }
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    await probeOnce();
  }, PROBE_MS);
}

/** Asks the server once; an answer reports the way back (which syncs). Whether it answered. */
async function probeOnce(): Promise<boolean> {
  try {
    await api.health();
    reportReachable();
    return true;
  } catch {
    return false;
  }
}

function becomeLeader(): void {
  leader = true;
  // Pokes pull at once (./pull/pokes.ts); the polls below run only while the stream is down.
  stopListeners.push(startLive(() => void runCycle()));
  onWakePush(pushSoon);
  void recoverInterrupted().then(() => {
    void runCycle();
    pushNow();
  });
  timers.push(
    setInterval(() => {
      if (!liveConnected()) void runCycle();
    }, countsPollMs),
  );
  timers.push(
    setInterval(() => {
      if (!user) void runCycle();
    }, GUEST_PULL_MS),
  );
  timers.push(
    setInterval(() => {
      const now = Date.now();
      for (const [id, until] of watched) if (until < now) watched.delete(id);
      if (watched.size > 0 && !liveConnected()) void runCycle();
    }, chatPollMs),
  );
}

/** Starts the engine in this tab (once); the tab leads when it gets the lock. */
export function startEngine(): () => void {
  if (running) return stopEngine;
  running = true;
  channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SYNC_CHANNEL);
  channel?.addEventListener('message', (event: MessageEvent<Message>) => {
    if (!leader) return;
    if (event.data.type === 'watch') watched.set(event.data.id, Date.now() + chatPollMs * 2);
    if (event.data.type === 'push') pushSoon();
    else void runCycle();
  });
  onWakePush(pushSoon);
  const onVisible = () => {
    if (document.visibilityState === 'visible') void runCycle();
  };
  const onBrowserOnline = () => {
    // The interface is back, but a request that failed left the server marked unreachable: ask
    // it now rather than at the next probe (reaching it reports the way back, which syncs).
    if (!isOnline()) {
      void probeOnce().then((answered) => answered || probeWhileOffline());
      return;
    }
    void runCycle();
    pushSoon();
  };
  const hasDocument = typeof document !== 'undefined';
  if (hasDocument) {
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onBrowserOnline);
  }
  stopListeners = [
    () => hasDocument && document.removeEventListener('visibilitychange', onVisible),
    () => hasDocument && window.removeEventListener('online', onBrowserOnline),
    onConnectivityChange(() => {
      if (isOnline()) {
        void runCycle();
        pushSoon();
      } else probeWhileOffline();
    }),
    onHealthChange(() => {
      if (!isTroubled() && leader) void troubleOver();
    }),
    onTrouble(() => {
      if (leader) waitOutTrouble();
    }),
  ];
  // A request may have found the server unreachable before the engine started (it loads after
  // the first screen): nothing would report the way back otherwise.
  if (!isOnline()) probeWhileOffline();
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: LockManager }).locks;
  if (locks?.request) {
    void locks.request(
      LEADER_LOCK,
      () =>
        new Promise<void>((release) => {
          if (!running) return release();
          releaseLock = release;
          becomeLeader();
        }),
    );
  } else {
    becomeLeader();
  }
  return stopEngine;
}

export function stopEngine(): void {
  running = false;
  leader = false;
  userKnown = false;
  user = null;
  for (const timer of timers.splice(0)) clearInterval(timer);
  if (pushTimer) clearTimeout(pushTimer);
  if (probeTimer) clearInterval(probeTimer);
  if (troubleTimer) clearTimeout(troubleTimer);
  if (pullAfterPushTimer) clearTimeout(pullAfterPushTimer);
  pushTimer = null;
  probeTimer = null;
  troubleTimer = null;
  pullAfterPushTimer = null;
  retries.cycle.cancel();
  retries.catalogue.cancel();
  for (const stop of stopListeners.splice(0)) stop();
  onWakePush(null);
  channel?.close();
  channel = null;
  releaseLock?.();
  releaseLock = null;
  watched.clear();
}
