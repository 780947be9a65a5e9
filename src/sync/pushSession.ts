import { renewPush } from './webPush';
import { shareSession } from './workerTokens';

/**
 * Signed in: the service worker gets the session (push, background sync), and the server this
 * device's subscription if notifications are on. Its own chunk, loaded after the first screen.
 */
export async function keepDeviceReachable(userId: number): Promise<void> {
  await shareSession();
  await renewPush(userId);
}
