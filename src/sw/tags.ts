/** The Background Sync tag the page registers when it leaves with changes waiting (src/app/push.ts). */
export const OUTBOX_SYNC_TAG = 'outbox';
