import { api, ApiError } from '../api/client';

/**
 * A sign-out while offline still ends the session on the server (docs/sync.md): the refresh
 * token to revoke is kept in local storage (it outlives the user's local data) and sent as
 * soon as the server answers again. A refusal (already revoked, expired) ends it too.
 */
const KEY = 'pending_revocations';

function read(): string[] {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

function write(list: string[]): void {
  try {
    if (list.length) localStorage.setItem(KEY, JSON.stringify(list));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage blocked: the token still expires on its own.
  }
}

const passing = (error: unknown) => !(error instanceof ApiError) || error.status === 0 || error.status >= 500 || error.status === 429;

/** Revokes the refresh token now, or queues it when the server cannot be reached. */
export async function revokeSession(refresh: string): Promise<void> {
  try {
    await api.logout(refresh);
  } catch (error) {
    if (!passing(error)) return;
    write([...new Set([...read(), refresh])]);
  }
}

let sending: Promise<void> | null = null;

/** Sends the queued revocations (the engine calls this whenever the server answers again). */
export function sendRevocations(): Promise<void> {
  sending ??= (async () => {
    for (const refresh of read()) {
      try {
        await api.logout(refresh);
      } catch (error) {
        if (passing(error)) return;
      }
      write(read().filter((r) => r !== refresh));
    }
  })().finally(() => {
    sending = null;
  });
  return sending;
}
