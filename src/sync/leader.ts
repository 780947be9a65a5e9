/**
 * Who runs pulls and pushes (docs/sync.md): the holder of this Web Lock, a tab or the service
 * worker. The others pass their wishes to it over the channel ({type: 'pull'} or {type: 'push'}).
 */
export const LEADER_LOCK = 'marketplace-sync-leader';
export const SYNC_CHANNEL = 'marketplace-sync';
