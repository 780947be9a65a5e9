import { API_BASE, ApiError, api, request, type UploadAnswer } from '../api/client';
import { shrinkForUpload } from '../../media/compress';
import { reportReachable } from '../api/connectivity';
import { RESUMABLE_MIN_BYTES, UPLOAD_PIECE_BYTES, tusFailure, withAccessToken, worthRetrying } from '../outbox/uploads';

/**
 * Files of an online form (a product's pictures, a logo) over 1 MB go ahead through
 * /api/uploads/ (tus), so a cut connection resumes where the server stopped instead of sending
 * the whole form again; the form then names each finished upload in place of its file
 * (`<field>_upload`, docs/api.md#additions), in the same place among the fields.
 */

export interface FormSending {
  /** The share of the form's file bytes sent so far (0–1). */
  onProgress?: (fraction: number) => void;
  /** Aborting stops the upload under way; the server forgets what it received. */
  signal?: AbortSignal;
}

/** An abort, as `fetch` reports one. */
export const aborted = () => new DOMException('The upload was cancelled.', 'AbortError');

const isFile = (value: FormDataEntryValue): value is File => typeof value !== 'string';

/** Bytes of the form's files: over the threshold (sent ahead) and the rest (sent with the form). */
export function formFileBytes(form: FormData): { ahead: number; rest: number } {
  let ahead = 0;
  let rest = 0;
  for (const value of form.values()) {
    if (!isFile(value)) continue;
    if (value.size > RESUMABLE_MIN_BYTES) ahead += value.size;
    else rest += value.size;
  }
  return { ahead, rest };
}

/**
 * A new form where every file over 1 MB has been uploaded (tus) and is named by its upload's
 * URL as `<field>_upload`; the other entries stay as they were, in order. Progress covers the
 * bytes sent ahead as a share of `total`.
 */
export async function uploadLargeFilesAhead(form: FormData, total: number, opts: FormSending = {}): Promise<FormData> {
  const out = new FormData();
  let done = 0;
  for (const [name, value] of [...form.entries()]) {
    if (!isFile(value) || value.size <= RESUMABLE_MIN_BYTES) {
      if (isFile(value)) out.append(name, value, value.name);
      else out.append(name, value);
      continue;
    }
    const base = done;
    const url = await resumableUpload(value, {
      signal: opts.signal,
      onProgress: (sent) => opts.onProgress?.(total > 0 ? (base + sent) / total : 0),
    });
    done += value.size;
    out.append(`${name}_upload`, url);
  }
  return out;
}

/** The form to send instead: its files over 1 MB uploaded ahead (a logo with onboarding or a profile edit). */
export async function withLargeFilesAhead(form: FormData): Promise<FormData> {
  const { ahead, rest } = formFileBytes(form);
  return ahead > 0 ? uploadLargeFilesAhead(form, ahead + rest) : form;
}

/**
 * One document of an online form that the API takes by URL (a supplier's registration
 * certificate, docs/api.md#trust-and-safety): a photo shrunk like the gallery's, then sent as small
 * files are, or resumably (tus) past 1 MB; answers the media URL.
 */
export async function uploadDocument(file: File, opts: FormSending = {}): Promise<string> {
  const shrunk = await shrinkForUpload(file, 'gallery');
  const named = shrunk instanceof File ? shrunk : new File([shrunk], file.name, { type: shrunk.type });
  if (named.size <= RESUMABLE_MIN_BYTES) {
    const answer = await api.upload(named, named.name || 'document');
    opts.onProgress?.(1);
    return answer.secure_url;
  }
  const url = await resumableUpload(named, { signal: opts.signal, onProgress: (sent) => opts.onProgress?.(sent / named.size) });
  // The finished upload answers what /api/media/upload/ would have (docs/api.md#additions).
  const path = new URL(url, location.href).pathname.slice(new URL(API_BASE, location.href).pathname.length);
  return (await request<UploadAnswer>(path)).secure_url;
}

/** One file through /api/uploads/; resolves to the finished upload's URL. */
async function resumableUpload(file: File, opts: { onProgress: (sent: number) => void; signal?: AbortSignal }): Promise<string> {
  if (opts.signal?.aborted) throw aborted();
  const tus = await import('tus-js-client');
  return await new Promise<string>((resolve, reject) => {
    const upload = new tus.Upload(file, {
      endpoint: `${API_BASE}/uploads/`,
      metadata: { filename: file.name || 'file', upload_preset: 'marketplace' },
      // Quick retries within the form's one attempt, as the chat's upload lane does (uploads.ts).
      retryDelays: [1000, 3000, 6000, 10000],
      chunkSize: UPLOAD_PIECE_BYTES,
      storeFingerprintForResuming: false,
      onBeforeRequest: withAccessToken,
      onShouldRetry: worthRetrying,
      onProgress: (sent) => {
        reportReachable();
        opts.onProgress(sent);
      },
      onSuccess: () => {
        opts.signal?.removeEventListener('abort', stop);
        if (upload.url) resolve(upload.url);
        else reject(new ApiError(0, null));
      },
      onError: (error) => {
        opts.signal?.removeEventListener('abort', stop);
        reject(tusFailure(error));
      },
    });
    // Cancelled: the upload stops and its bytes are removed on the server (tus termination).
    const stop = () => {
      void upload.abort(true).catch(() => undefined);
      reject(aborted());
    };
    opts.signal?.addEventListener('abort', stop, { once: true });
    upload.start();
  });
}
