import { t } from '@lingui/core/macro';
import { db, type OutboxRow } from '../../db/db';
import { shrinkForUpload } from '../../media/compress';
import { API_BASE, ApiError, api, refreshAccessToken, request, type UploadAnswer } from '../api/client';
import { reportReachable, reportUnreachable } from '../api/connectivity';
import { APP_VERSION_HEADERS, isAppOutdated, noteAppVersions } from '../api/appVersion';
import { APP_OUTDATED_STATUS } from '../../shared/app-version';
import { serverReason } from '../api/errors';
import { backoff, isTransient, markRow, OUTBOX_ROW_TABLES, refusedAsOutdated } from './send';
import { claim } from './queue';
import { wakePush } from './signals';
import { getAccessToken } from '../session/tokens';
import { sessionIsOf } from '../session/identity';

/**
 * The upload lane (docs/sync.md): outbox entries carrying a file upload it here, apart from
 * the small writes, a few at a time, so a 50 MB file never holds up a favourite or a review.
 * Its target's later entries wait for it (order within a target holds). Files over 1 MB go
 * through /api/uploads/ (tus): the upload's URL is kept in the entry, so after a lost
 * connection, a reload or a browser restart it resumes where the server stopped, never from
 * zero. Pictures are shrunk first (src/media/compress.ts), once: the entry keeps the result,
 * so a resumed upload sends the same bytes. When the file is up the entry loses its Blob,
 * gains the URL, and the push sends the message itself.
 */

/** Files above this go through the resumable endpoint; smaller ones in one request. */
export const RESUMABLE_MIN_BYTES = 1024 * 1024;
/** Uploads running at once: enough to use the link, few enough that each finishes soon. */
export const UPLOAD_LANE_SIZE = 2;
/** The most one PATCH carries (see `chunkSize` below). */
export const UPLOAD_PIECE_BYTES = 1024 * 1024;

/** Every tus request carries the device's current access token. */
export function withAccessToken(req: { setHeader(name: string, value: string): void }): void {
  const token = getAccessToken();
  if (token) req.setHeader('Authorization', `Bearer ${token}`);
  for (const [name, value] of Object.entries(APP_VERSION_HEADERS)) req.setHeader(name, value);
}

type TusResponse = { getStatus(): number; getBody(): string } | null | undefined;

/** A tus request worth sending again: no answer, a server error, a busy or mismatched upload. */
export function worthRetrying(error: { originalResponse?: TusResponse }): boolean {
  const status = error.originalResponse?.getStatus() ?? 0;
  return status === 0 || status >= 500 || status === 409 || status === 423 || status === 429;
}

/** A failed tus upload as the API client reports a failure (no answer also marks the server unreachable). */
export function tusFailure(error: Error): ApiError {
  const response = (error as { originalResponse?: TusResponse }).originalResponse;
  const status = response?.getStatus() ?? 0;
  if (status === 0) reportUnreachable();
  if (status === APP_OUTDATED_STATUS) noteAppVersions({ status, headers: new Headers() });
  let body: unknown = null;
  try {
    body = response ? JSON.parse(response.getBody()) : null;
  } catch {
    /* not JSON */
  }
  return new ApiError(status, body);
}
/** Progress is written to the entry at most this often (every tab shows it through Dexie). */
const PROGRESS_EVERY_MS = 250;

interface Running {
  abort(): void;
}
const running = new Map<number, Running>();

/** Starts the uploads that are due, up to the lane's bound; returns at once. */
export async function pumpUploads(userId: number, shouldStop: () => boolean = () => false): Promise<void> {
  if (running.size >= UPLOAD_LANE_SIZE || isAppOutdated()) return;
  const now = Date.now();
  const due = await db.outbox
    .orderBy('seq')
    .filter((e) => e.user_id === userId && e.state === 'pending' && Boolean(e.file) && e.next_at <= now)
    .toArray();
  for (const entry of due) {
    if (running.size >= UPLOAD_LANE_SIZE || shouldStop()) return;
    if (entry.seq === undefined || running.has(entry.seq)) continue;
    void run(entry, userId, shouldStop);
  }
}

/** Stops this tab's upload of an entry (the entry itself is left to the caller). */
export function stopUpload(seq: number): void {
  running.get(seq)?.abort();
}

async function run(entry: OutboxRow, userId: number, shouldStop: () => boolean): Promise<void> {
  // biome-ignore lint/style/noNonNullAssertion: rows read from the outbox table always carry their key
  const seq = entry.seq!;
  let aborted = false;
  let stop: () => void = () => {};
  running.set(seq, {
    abort: () => {
      aborted = true;
      stop();
    },
  });
  try {
    const claimed = await claim(entry);
    if (!claimed) return;
    const prepared = await prepare(claimed);
    if (!prepared || aborted) return;
    const answer = await upload(prepared, (cancel) => (stop = cancel), shouldStop);
    if (aborted) return;
    // Uploaded: the entry keeps the URL and drops the Blob; the push posts the message (or hands a request its picture).
    await db.outbox
      .where('seq')
      .equals(seq)
      .modify((e) => {
        e.file = undefined;
        e.upload = undefined;
        e.state = 'pending';
        e.next_at = 0;
        e.payload = { ...e.payload, image: answer.secure_url };
      });
    wakePush();
  } catch (error) {
    if (aborted || !(await db.outbox.get(seq))) return;
    if (refusedAsOutdated(error)) {
      // Where it got to is kept: the updated app resumes the upload.
      await db.outbox.update(seq, { state: 'pending' });
      return;
    }
    if (isTransient(error) || (error instanceof ApiError && (error.status === 409 || error.status === 423))) {
      if (error instanceof ApiError && error.status === 401) await refreshAccessToken();
      const attempts = entry.attempts + 1;
      const wait = backoff(attempts);
      await db.outbox.update(seq, { state: 'pending', attempts, next_at: Date.now() + wait });
      setTimeout(wakePush, wait);
    } else {
      const reason = error instanceof ApiError && error.status === 413 ? t`File is too large. Maximum size is 50MB.` : serverReason(error);
      await db.transaction('rw', [db.outbox, ...OUTBOX_ROW_TABLES], async () => {
        await db.outbox.update(seq, { state: 'failed', error: reason, upload: undefined });
        await markRow(entry, { pending: 'failed', error: reason, outboxId: seq });
      });
    }
  } finally {
    running.delete(seq);
    if (!shouldStop()) void pumpUploads(userId, shouldStop);
  }
}

/** Pictures shrunk once, before the first byte is sent; the entry keeps what will be sent. */
async function prepare(entry: OutboxRow): Promise<OutboxRow | undefined> {
  const seq = entry.seq;
  if (entry.payload.prepared || !entry.file || seq === undefined) return entry;
  const name = (entry.payload.fileName as string) || 'file';
  const shrunk = await shrinkForUpload(entry.file, 'chat');
  const fileName = shrunk === entry.file ? name : renamed(name, shrunk.type);
  const changed = await db.outbox.update(seq, { file: shrunk, payload: { ...entry.payload, prepared: true, fileName } });
  if (!changed) return undefined;
  return (await db.outbox.get(seq)) ?? undefined;
}

const renamed = (name: string, type: string) => {
  const ext = type === 'image/webp' ? 'webp' : type === 'image/jpeg' ? 'jpg' : null;
  return ext ? `${name.replace(/\.[^./]+$/, '')}.${ext}` : name;
};

/** One file up: in one request when small, else resumable (tus) from where the server is. */
async function upload(entry: OutboxRow, onStop: (stop: () => void) => void, shouldStop: () => boolean): Promise<UploadAnswer> {
  const file = entry.file;
  if (!file) throw new Error('The entry has no file to send.');
  const name = (entry.payload.fileName as string) || 'file';
  if (file.size <= RESUMABLE_MIN_BYTES) return api.upload(file, name, entry.user_id);
  const tus = await import('tus-js-client');
  // biome-ignore lint/style/noNonNullAssertion: rows read from the outbox table always carry their key
  const seq = entry.seq!;
  let lastWrite = 0;
  let latest = { sent: 0, total: file.size };
  let progressTimer: ReturnType<typeof setTimeout> | undefined;
  const answer = await new Promise<UploadAnswer | 'ask'>((resolve, reject) => {
    const upload = new tus.Upload(file, {
      endpoint: `${API_BASE}/uploads/`,
      uploadUrl: entry.upload?.url ?? null,
      metadata: { filename: name, upload_preset: 'marketplace' },
      // A few quick retries inside one attempt; longer waits are the outbox's backoff. Not at
      // once: the server may still be storing what arrived before the cut.
      retryDelays: [1000, 3000, 6000],
      // Pieces of 1 MB: a browser silently sends a request again when its reused connection
      // breaks, from the piece's start; with small pieces that costs at most one piece per cut.
      chunkSize: UPLOAD_PIECE_BYTES,
      storeFingerprintForResuming: false,
      onBeforeRequest: (req) => {
        // Another tab signed in as someone else: the upload waits for its own user (docs/sync.md#identity).
        if (!sessionIsOf(entry.user_id)) throw new Error('Another account is signed in on this device.');
        withAccessToken(req);
      },
      // 409: the server had more (or less) than its last answer said, e.g. bytes of a cut request
      // still being written: asking again (HEAD) gives the right offset.
      onShouldRetry: worthRetrying,
      onUploadUrlAvailable: () => {
        if (upload.url) void db.outbox.update(seq, { upload: { url: upload.url, sent: 0, total: file.size } });
      },
      onProgress: (sent, total) => {
        reportReachable();
        if (shouldStop()) void upload.abort();
        latest = { sent, total };
        if (progressTimer) return;
        const wait = Math.max(0, lastWrite + PROGRESS_EVERY_MS - Date.now());
        // The latest figure, at most every PROGRESS_EVERY_MS, and always the last one of a burst.
        progressTimer = setTimeout(() => {
          progressTimer = undefined;
          lastWrite = Date.now();
          // Gone from the outbox (cancelled in another tab): stop sending.
          void db.outbox.update(seq, { upload: { url: upload.url ?? undefined, ...latest } }).then((found) => {
            if (!found) void upload.abort();
          });
        }, wait);
      },
      onSuccess: ({ lastResponse }) => {
        clearTimeout(progressTimer);
        try {
          const body = JSON.parse(lastResponse.getBody() || 'null') as UploadAnswer | null;
          resolve(body?.secure_url ? body : 'ask');
        } catch {
          resolve('ask');
        }
      },
      onError: (error) => {
        clearTimeout(progressTimer);
        reject(tusFailure(error));
      },
    });
    onStop(() => void upload.abort());
    upload.start();
  });
  if (answer !== 'ask') return answer;
  // Already whole on the server (the last answer was lost): its answer again, nothing re-sent.
  const url = (await db.outbox.get(seq))?.upload?.url;
  if (!url) throw new ApiError(0, null);
  return uploadAnswer(url);
}

function uploadAnswer(url: string): Promise<UploadAnswer> {
  const path = new URL(url, location.href).pathname.slice(new URL(API_BASE, location.href).pathname.length);
  return request<UploadAnswer>(path);
}

/**
 * Cancels a file still being uploaded: this tab's upload stops, the server forgets what it
 * received, and the message is taken back (as discarding a failed one does).
 */
export async function cancelUpload(outboxId: number): Promise<void> {
  // The entry goes first: a reload right after the click must not bring the upload back.
  const entry = await db.transaction('rw', [db.outbox, db.messages], async () => {
    const found = await db.outbox.get(outboxId);
    if (!found) return undefined;
    await db.outbox.delete(outboxId);
    if (found.kind === 'message.send') await db.messages.delete(found.payload.tempId as number);
    return found;
  });
  stopUpload(outboxId);
  if (!entry) return;
  const url = entry.upload?.url;
  if (url) {
    const token = getAccessToken();
    await fetch(url, {
      method: 'DELETE',
      headers: { 'Tus-Resumable': '1.0.0', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    }).catch(() => undefined);
  }
}

/** Resolves once this tab's upload lane is idle (tests, benches). */
export async function uploadsSettled(): Promise<void> {
  while (running.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
}
