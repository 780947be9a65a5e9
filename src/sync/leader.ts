/**
 * Who runs pulls and pushes (docs/sync.md): the holder of this Web Lock, a tab or the service
 * worker. The others pass their wishes to it over the channel ({type: 'pull'} or {type: 'push'}).
 */
export const LEADER_LOCK = 'marketplace-sync-leader';
export const SYNC_CHANNEL = 'marketplace-sync';

/** The Background Sync tag a tab registers when it leaves with changes waiting (./worker/background.ts). */
export const OUTBOX_SYNC_TAG = 'outbox';

/** The Periodic Background Sync tag that keeps favourites fresh where the browser grants it (./worker/periodic.ts). */
export const FAVOURITES_SYNC_TAG = 'favourites';
