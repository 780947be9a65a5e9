import { intent } from '../sync';
import { useLive } from './live';

export interface UploadProgress {
  sent: number;
  total: number;
}

/** How far an outbox entry's file upload got (written by the upload lane, src/sync/outbox/uploads.ts); null before it starts. */
export function useUploadProgress(outboxId: number | undefined): UploadProgress | null | undefined {
  return useLive(
    async ({ db }) => {
      if (outboxId === undefined) return null;
      const entry = await db.outbox.get(outboxId);
      if (!entry?.file) return null;
      return entry.upload ? { sent: entry.upload.sent, total: entry.upload.total } : { sent: 0, total: entry.file.size };
    },
    [outboxId],
  ).data;
}

/** Stops a file's upload and drops its message from the outbox (docs/sync.md#lanes). */
export const cancelUpload = intent('cancelUpload');
