import { currentUser } from '../engine';
import { NotSignedInError } from '../api/errors';

/** What every intent needs (docs/sync.md#outbox): who is acting, and ids and times for rows made on the device. */

export function signedInUser() {
  const user = currentUser();
  if (!user) throw new NotSignedInError();
  return user;
}

/** A temporary id for a row the server has not numbered yet: negative, unique on this device. */
let lastTemp = 0;
export function tempId(): number {
  lastTemp = Math.min(lastTemp - 1, -Date.now());
  return lastTemp;
}

export const nowIso = () => new Date().toISOString();
