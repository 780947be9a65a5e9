import { intent } from '../sync';

/** The device's storage (the offline data screen): how much is used, and clearing the catalogue's copy. */
export const clearOfflineCopy = intent('clearOfflineCopy');
export const storageEstimate = intent('storageEstimate');
