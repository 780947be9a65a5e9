import { keepFavouritesFresh } from '../worker/periodic';
import { renewPush } from './subscription';
import { shareSession } from '../session/workerTokens';

/**
 * Signed in: the service worker gets the session (push, background sync), the server this
 * device's subscription if notifications are on, and the browser a periodic wake-up for the
 * favourites where it grants one. Its own chunk, loaded after the first screen.
 */
export async function keepDeviceReachable(userId: number): Promise<void> {
  await shareSession();
  await Promise.all([
    renewPush(userId),
    keepFavouritesFresh().catch((error: unknown) => console.warn('Could not ask for periodic updates of the favourites', error)),
  ]);
}
