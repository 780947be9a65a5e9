import { useSyncExternalStore } from 'react';
import { getStorageError, intent, onStorageError, request, useConnectivity, useServerTrouble } from '../sync';
import type { OutboxRow } from '../db/db';
import { HELD_KEY } from '../shared/working-set';

export type { OutboxRow };
import { useLive } from './live';

export interface OutboxStatus {
  pending: number;
  failed: number;
  entries: OutboxRow[];
}

/** How many of the user's changes wait to be sent, and which failed. */
export function useOutboxStatus(): OutboxStatus {
  return (
    useLive(async ({ db }) => {
      const userId = (await db.syncState.get('session'))?.user_id ?? null;
      // Another user's entries kept on the device are theirs to send, not this user's to count.
      const entries = (await db.outbox.orderBy('seq').toArray()).filter((e) => userId === null || e.user_id === userId);
      return {
        pending: entries.filter((e) => e.state !== 'failed').length,
        failed: entries.filter((e) => e.state === 'failed').length,
        entries,
      };
    }, []).data ?? NOTHING_WAITING
  );
}

const NOTHING_WAITING: OutboxStatus = { pending: 0, failed: 0, entries: [] };
const NONE: OutboxRow[] = [];

/** Changes the server refused, of the signed-in user only (entries kept through a silent sign-out stay theirs). */
export function useFailedChanges(): OutboxRow[] {
  return (
    useLive(async ({ db }) => {
      const userId = (await db.syncState.get('session'))?.user_id ?? null;
      return (await db.outbox.where('state').equals('failed').toArray()).filter((e) => e.user_id === userId);
    }, []).data ?? NONE
  );
}

export interface SyncStatus {
  online: boolean;
  /** The server answers, but with errors (5xx, 429): changes wait, as offline. */
  troubled: boolean;
  /** When the user's data was last brought up to date (ISO), null before the first pull. */
  lastSyncedAt: string | null;
  /** The offline copy of the catalogue: products held, the server's total (null until known), finished or not. */
  catalogue: { held: number; total: number | null; done: boolean; bounded: boolean };
  /** A full disk: what was not saved. */
  storageError: string | null;
  /** False until the device's sync facts have been read (lastSyncedAt and catalogue are not known yet). */
  loaded: boolean;
}

export function useStorageError(): string | null {
  return useSyncExternalStore(onStorageError, getStorageError, () => null);
}

export function useSyncStatus(): SyncStatus {
  const online = useConnectivity();
  const troubled = useServerTrouble();
  const storageError = useStorageError();
  const { data: facts } = useLive(async ({ db }) => {
    // The held count is the engine's counter, written once per page: counting the products here
    // would count the whole catalogue again on every commit, for every screen showing it.
    const [privateStream, catalogueStream, total, heldRow] = await Promise.all([
      db.syncState.get('stream:private'),
      db.syncState.get('stream:catalogue'),
      db.syncState.get('catalogue:total'),
      db.syncState.get(HELD_KEY),
    ]);
    const held = typeof heldRow?.value === 'number' ? heldRow.value : 0;
    return {
      lastSyncedAt: privateStream?.updated_at ? new Date(privateStream.updated_at).toISOString() : null,
      catalogue: {
        held,
        total: (total?.value as number | undefined) ?? null,
        done: catalogueStream?.value === 'done',
        bounded: catalogueStream?.value === 'bounded',
      },
    };
  }, []);
  return {
    online,
    troubled,
    storageError,
    loaded: facts !== undefined,
    lastSyncedAt: facts?.lastSyncedAt ?? null,
    catalogue: facts?.catalogue ?? { held: 0, total: null, done: false, bounded: false },
  };
}

export { useConnectivity, useServerTrouble };
export { clearStorageError, onAppOutdated, onNewerAppVersion, shellInstalling, useAppOutdated } from '../sync';
export const syncNow = intent('syncNow');
export const retryOutboxEntry = intent('retryOutboxEntry');
export const discardOutboxEntry = intent('discardOutboxEntry');
export const unsentCount = intent('unsentCount');
/** Whether this tab runs the engine and knows the signed-in user: only then does a pull it ran say anything. */
export const engineLeadsForUser = async (): Promise<boolean> => (await request('isLeader')) && (await request('currentUser')) !== null;
