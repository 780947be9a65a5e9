import { readSharedTokens } from './sharedTokens';
import { subjectOf } from './identity';
import { getRefreshToken, setTokens } from './tokens';

/**
 * The service worker refreshed the session while no page was open (./sharedTokens.ts): the
 * page takes that pair before refreshing itself, so the refresh token it presents is the
 * newest one. Only a pair of the same user is taken; the page's own copy wins otherwise.
 */
export async function adoptWorkerTokens(): Promise<void> {
  if (typeof localStorage === 'undefined') return;
  const shared = await readSharedTokens();
  const mine = getRefreshToken();
  if (shared?.by !== 'worker' || !mine || shared.refresh === mine) return;
  if (subjectOf(shared.refresh) !== subjectOf(mine)) return;
  setTokens(shared);
}
