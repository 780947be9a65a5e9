/**
 * Everything that holds the local database, loaded as one chunk by src/data/local.ts after the
 * first screen's code: Dexie with the tables, the reads the live hooks share, and the sync
 * engine's calls that the first screen's code makes (through src/sync/deferred.ts).
 */
export { liveQuery } from 'dexie';
export { db } from './db';
export { deviceList, localSuggestions, readCounts, withFavorites } from './queries';
export { searchLocal } from './search';
export { adoptInterim, ensureList, ensureProduct, ensureReviews, ensureSeller } from '../sync/lists';
export { clearPrivateData } from '../sync/session';
export { unsentCount } from '../sync/outbox';
export { setEngineUser, startEngine } from '../sync/engine';
export {
  discardOutboxEntry,
  markAllNotificationsRead,
  markNotificationRead,
  retryOutboxEntry,
  syncNow,
  toggleFavorite,
} from '../sync/intents';
