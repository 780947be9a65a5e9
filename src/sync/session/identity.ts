import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, getAccessToken, getRefreshToken } from './tokens';

/**
 * One identity (docs/sync.md): the stored tokens are shared by every tab, so whose session
 * they carry is read from the tokens themselves (the JWT's subject), never from what a tab
 * remembers. An outbox entry goes only under its own user's session, and a tab follows at
 * once when another tab signs out or in as someone else.
 */

/** The token's subject; undefined for a token that is not a readable JWT. */
export function subjectOf(token: string | null): number | null | undefined {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    const id = Number(json.sub);
    return Number.isInteger(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

/** The user whose session the stored tokens are; null without tokens, undefined when they do not say. */
export function sessionOwner(): number | null | undefined {
  const access = subjectOf(getAccessToken());
  if (typeof access === 'number') return access;
  // An unreadable access token is replaced with the refresh token's help: that one decides.
  const refresh = subjectOf(getRefreshToken());
  return refresh === null ? access : refresh;
}

/** Whether the stored session may act for `userId`: not when it is known to be someone else's, or gone. */
export function sessionIsOf(userId: number | null): boolean {
  const owner = sessionOwner();
  return owner === undefined || owner === userId;
}

/**
 * Calls back when another tab changed the stored session (signed in, out, or refreshed):
 * `storage` events reach every other tab of the origin at once.
 */
export function onOtherTabSession(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const handler = (event: StorageEvent) => {
    if (event.key === null || event.key === ACCESS_TOKEN_KEY || event.key === REFRESH_TOKEN_KEY) listener();
  };
  window.addEventListener('storage', handler);
  return () => window.removeEventListener('storage', handler);
}
