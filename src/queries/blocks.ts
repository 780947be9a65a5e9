import { useEffect, useSyncExternalStore } from 'react';
import type { BlockedUser } from '../shared/trust-schema';
import { api } from '../sync';

/**
 * The accounts the signed-in user blocked (docs/product.md#trust-and-safety). Blocking is online
 * only: it is a safety action whose effect the user must be able to trust at once, and nothing
 * reaches an offline device anyway. The list is the server's, asked once per session and kept up
 * to date by the block and unblock made here; a screen that shows it asks again when it opens.
 * Nothing of it is stored on the device.
 */

export type BlockedStatus = 'loading' | 'ready' | 'error';

interface State {
  owner: number | null;
  list: BlockedUser[];
  status: BlockedStatus;
}

const NOBODY: State = { owner: null, list: [], status: 'loading' };
let state: State = NOBODY;
const listeners = new Set<() => void>();
let asking: Promise<void> | null = null;

function set(next: Partial<State>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

async function load(owner: number): Promise<void> {
  set({ owner, status: state.owner === owner && state.status === 'ready' ? 'ready' : 'loading' });
  try {
    const list = await api.blocked();
    if (state.owner === owner) set({ list, status: 'ready' });
  } catch {
    if (state.owner === owner) set({ status: 'error' });
  }
}

/** The user's blocked accounts; asked of the server when the user changes or `reload` is called. */
export function useBlocked(userId: number | undefined): { list: BlockedUser[]; status: BlockedStatus; reload(): void } {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    // A server-rendered page (a seller's) and its hydration know no one's blocked list.
    () => NOBODY,
  );
  useEffect(() => {
    if (userId === undefined) return;
    if (state.owner !== userId) state = { owner: userId, list: [], status: 'loading' };
    if (!asking) asking = load(userId).finally(() => (asking = null));
  }, [userId]);
  const mine = userId !== undefined && current.owner === userId;
  return {
    list: mine ? current.list : [],
    status: mine ? current.status : 'loading',
    reload: () => {
      if (userId !== undefined && !asking) asking = load(userId).finally(() => (asking = null));
    },
  };
}

/** Blocks an account; throws the API client's error (offline included) and changes nothing then. */
export async function blockUser(user: BlockedUser): Promise<void> {
  await api.block(user.id);
  set({ list: [user, ...state.list.filter((u) => u.id !== user.id)] });
}

export async function unblockUser(id: number): Promise<void> {
  await api.unblock(id);
  set({ list: state.list.filter((u) => u.id !== id) });
}
