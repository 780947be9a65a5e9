import { db } from '../../db/db';
import type { Notification } from '../../shared/chat';
import { subjectOf } from '../session/identity';
import { LEADER_LOCK, SYNC_CHANNEL } from '../leader';
import { ensureProduct } from '../pull/lists';
import { pullStream } from '../pull/streams';
import { pushOutbox, recoverInterrupted } from '../outbox/send';
import { sessionUserId } from '../session/deviceUser';
import { readSharedTokens } from '../session/sharedTokens';
import { getAccessToken, getRefreshToken, keepTokensInMemory } from '../session/tokens';

/**
 * What the service worker does with the page's own sync code (docs/sync.md): on a push it
 * stores the notifications the push carries and pulls the user's private stream, and on a
 * Background Sync event it sends the outbox. It leads only when no tab does (the same Web Lock
 * as the tabs' engine), so a page and the worker never send the same entry; when a tab leads,
 * the worker asks it instead. It acts only for the user whose data the device holds, with that
 * user's session (the tokens the page shares, ../session/sharedTokens.ts).
 */

type Work = (userId: number) => Promise<void>;

/** The device's user, when the shared session is theirs; the worker's API client then uses it. */
async function deviceUser(): Promise<number | null> {
  const [shared, userId] = await Promise.all([readSharedTokens(), sessionUserId()]);
  keepTokensInMemory(shared);
  if (userId === null || !shared) return null;
  const owner = subjectOf(getAccessToken()) ?? subjectOf(getRefreshToken());
  return owner === userId ? userId : null;
}

function tellLeader(type: 'pull' | 'push'): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(SYNC_CHANNEL);
  channel.postMessage({ type });
  channel.close();
}

/** Runs `work` as the leader when no tab leads; answers false when a tab leads (and was asked). */
async function asLeader(ask: 'pull' | 'push', work: Work): Promise<boolean> {
  const run = async () => {
    const userId = await deviceUser();
    if (userId !== null) await work(userId);
  };
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  if (!locks?.request) {
    await run();
    return true;
  }
  const led = await locks.request(LEADER_LOCK, { ifAvailable: true }, async (lock) => {
    if (!lock) return false;
    await run();
    return true;
  });
  if (!led) tellLeader(ask);
  return led;
}

/**
 * Whether a push for `recipient` is for the account signed in on this device: not for an account
 * that signed out here (a shared browser), nor for anyone while no one is signed in. A push from
 * a server that does not name its recipient is taken as the device user's.
 */
export async function pushedToDevice(recipient: number | null): Promise<boolean> {
  const userId = await deviceUser();
  return userId !== null && (recipient === null || recipient === userId);
}

/** A push arrived for `recipient`: what it carries is stored at once, then the private stream is pulled; nothing for someone else. */
export async function receivePushed(notifications: Notification[], recipient: number | null = null): Promise<void> {
  if (!(await pushedToDevice(recipient))) return;
  if (notifications.length > 0) {
    // A pull may have brought a newer state of a row already (read elsewhere): keep that.
    await db.transaction('rw', db.notifications, async () => {
      const known = await db.notifications.bulkGet(notifications.map((n) => n.id));
      await db.notifications.bulkPut(notifications.filter((_, i) => !known[i]));
    });
  }
  await asLeader('pull', async () => {
    await pullStream('private');
  });
}

/**
 * Background Sync: sends what the user queued, then pulls what the server made of it. Throws
 * when entries are still waiting, so the browser tries again later.
 */
export async function drainOutbox(): Promise<void> {
  await asLeader('push', async (userId) => {
    await recoverInterrupted();
    await pushOutbox(userId);
    await pullStream('private').catch((error) => console.warn('Could not pull after sending', error));
    const left = await db.outbox
      .where('state')
      .anyOf('pending', 'sending')
      .filter((entry) => entry.user_id === userId)
      .count();
    if (left > 0) throw new Error(`${left} changes are still waiting to be sent`);
  });
}

/** Favourites refreshed per periodic wake-up, at most (the browser gives the worker little time). */
const FAVOURITES_PER_WAKE = 100;

/**
 * Periodic Background Sync: the private stream (favourites, conversations, counts), then the
 * favourite products themselves (price, stock), so the app opened offline shows them as today.
 */
export async function refreshFavourites(): Promise<void> {
  await asLeader('pull', async () => {
    await pullStream('private');
    const favourites = await db.favorites.filter((favourite) => !favourite.removed).toArray();
    for (const { product_id } of favourites.slice(0, FAVOURITES_PER_WAKE)) {
      await ensureProduct(product_id, true).catch((error) => console.warn('Could not refresh a favourite', error));
    }
  });
}
