import { useEffect } from 'react';
import { COUNTS_REFRESH_MS } from '../shared/constants';
import { db } from '../data/db';
import { ZERO_COUNTS } from '../data/counts';
import { api } from './api';
import { useAuth } from './auth';

/**
 * Fetches the badges' numbers into the local database; a failure is only logged (spec §8).
 * `stillWanted` is asked when the answer arrives: an answer for a user who has signed out
 * meanwhile must not bring their badges back.
 */
export async function refreshCounts(stillWanted: () => boolean = () => true): Promise<void> {
  try {
    const counts = await api.counts();
    if (!stillWanted()) return;
    await db.counts.put({
      key: 'me',
      notifications_unread: Number(counts.notifications_unread) || 0,
      messages_unread: Number(counts.messages_unread) || 0,
      favorites: Number(counts.favorites) || 0,
    });
  } catch (error) {
    console.warn('Could not refresh the counts', error);
  }
}

export async function resetCounts(): Promise<void> {
  await db.counts.put({ key: 'me', ...ZERO_COUNTS });
}

/** Lowers the unread-notification badge at once when the user marks one read. */
export async function decrementNotificationCount(by = 1): Promise<void> {
  await db.counts.where('key').equals('me').modify((row) => {
    row.notifications_unread = Math.max(0, row.notifications_unread - by);
  });
}

/**
 * Spec §4: counts refresh on sign-in and every 60 s while authenticated, and go back to zero
 * on sign-out. Mounted once by the app shell.
 */
export function useCountsRefresh(): void {
  const { status, user } = useAuth();
  const userId = user?.id;
  useEffect(() => {
    if (status === 'guest') {
      resetCounts().catch((error) => console.warn('Could not reset the counts', error));
      return;
    }
    if (status !== 'authenticated') return;
    let active = true;
    const refresh = () => refreshCounts(() => active);
    refresh();
    const timer = setInterval(refresh, COUNTS_REFRESH_MS);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, [status, userId]);
}
