import { db, PRIVATE_TABLES } from '../../db/db';
import { streamKey } from '../pull/streams';

/**
 * Whose data the device holds. Signing out clears the user's private tables and cursor (the
 * screens warn first about unsent changes: see unsentCount in ../outbox/queue.ts). A silent sign-out
 * (the session ended on the server) keeps the outbox, so nothing the user did is dropped: it
 * is sent when the same user signs in again, and another user signing in never sends it.
 */
const SESSION_KEY = 'session';

export async function sessionUserId(): Promise<number | null> {
  return ((await db.syncState.get(SESSION_KEY))?.user_id as number | null | undefined) ?? null;
}

/** `userId`: whose unsent entries a sign-out drops (by default the device's current user). */
export async function clearPrivateData({
  keepOutbox = false,
  userId,
}: {
  keepOutbox?: boolean;
  userId?: number | null;
} = {}): Promise<void> {
  const tables = PRIVATE_TABLES.filter((name) => name !== 'outbox');
  await db.transaction('rw', [...PRIVATE_TABLES.map((name) => db.table(name)), db.syncState], async () => {
    const current = userId === undefined ? await sessionUserId() : userId;
    await Promise.all(tables.map((name) => db.table(name).clear()));
    // Signing out drops what this user chose to leave unsent; another user's entries stay theirs.
    if (!keepOutbox) await db.outbox.filter((e) => e.user_id === current).delete();
    await db.syncState.delete(streamKey('private'));
    await db.syncState.put({ key: SESSION_KEY, user_id: null });
  });
  await closeShownNotifications();
}

/**
 * The notifications the system shows for this app belong to the account whose data goes: on a
 * shared browser the next account must not find them in the tray.
 */
async function closeShownNotifications(): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.getRegistration) return;
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  for (const shown of (await registration?.getNotifications().catch(() => [])) ?? []) shown.close();
}

/** Makes the device's private data belong to `userId` (null: a guest). */
export async function claimDevice(userId: number | null): Promise<void> {
  const current = await sessionUserId();
  if (current === userId) return;
  if (current !== null) await clearPrivateData({ keepOutbox: true });
  await db.transaction('rw', [db.syncState, db.outbox], async () => {
    // Entries another user left unsent stay theirs (never sent by this one): they go when
    // that user signs in again on this device, or are discarded then.
    // A guest's pull of categories and banners is not the user's: start the private stream afresh.
    await db.syncState.delete(streamKey('private'));
    await db.syncState.put({ key: SESSION_KEY, user_id: userId });
  });
}
