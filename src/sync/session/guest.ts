/**
 * An intent that needs a signed-in user was called by a guest (src/sync/outbox/intents.ts). Apart from
 * src/sync/api/errors.ts, so the entry script (the favourite button) does not carry the forms' error reading.
 */
export class NotSignedInError extends Error {
  constructor() {
    super('Please log in to manage favorites.');
    this.name = 'NotSignedInError';
  }
}
