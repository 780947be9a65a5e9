import { readSharedTokens, shareTokens } from './sharedTokens';
import { subjectOf } from './identity';
import { getAccessToken, getRefreshToken, setTokens } from './tokens';

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

/**
 * On start, signed in: the worker gets the session the page holds (tokens stored before the
 * worker could read them, or by another tab's older version), or the page takes the worker's newer pair.
 */
export async function shareSession(): Promise<void> {
  if (typeof localStorage === 'undefined') return;
  await adoptWorkerTokens();
  const access = getAccessToken();
  const refresh = getRefreshToken();
  if (!access || !refresh) return;
  const shared = await readSharedTokens();
  if (shared?.refresh !== refresh || shared.access !== access) await shareTokens({ access, refresh });
}
