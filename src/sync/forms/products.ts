import type { Product } from '../../shared/catalogue';
import { db } from '../../db/db';
import { API_BASE, ApiError, refreshAccessToken, request } from '../api/client';
import { putProducts } from '../pull/apply';
import { reportReachable, reportUnreachable } from '../api/connectivity';
import { getAccessToken } from '../session/tokens';
import { aborted, formFileBytes, uploadLargeFilesAhead, type FormSending } from './uploads';

/**
 * The supplier's product writes (docs/api.md#calls POST/PATCH/DELETE /products/): online-only forms, so
 * they go straight to the API; the answer is then written to the local database at once, so
 * every screen (listings, detail, "my listings") shows the saved product without waiting for a
 * sync pull.
 */

/** Forms carrying more than this in files report upload progress (XMLHttpRequest); smaller ones just go. */
export const PROGRESS_THRESHOLD_BYTES = 1024 * 1024;
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

export type Progress = (fraction: number) => void;

/** One XMLHttpRequest, resolving to its status and parsed body; status 0 when the server was not reached. */
function xhrOnce(method: string, path: string, form: FormData, token: string | null, onProgress: Progress, signal?: AbortSignal) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    if (signal?.aborted) return reject(aborted());
    const xhr = new XMLHttpRequest();
    signal?.addEventListener(
      'abort',
      () => {
        xhr.abort();
        reject(aborted());
      },
      { once: true },
    );
    xhr.open(method, `${API_BASE}/${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = xhr.responseText;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = xhr.ontimeout = () => resolve({ status: 0, body: null });
    xhr.send(form);
  });
}

/** A multipart write with upload progress; a 401 refreshes the token once, as `request` does. */
async function sendWithProgress<T>(
  method: 'POST' | 'PATCH',
  path: string,
  form: FormData,
  onProgress: Progress,
  signal?: AbortSignal,
): Promise<T> {
  let answer = await xhrOnce(method, path, form, getAccessToken(), onProgress, signal);
  if (answer.status === 401) {
    const fresh = await refreshAccessToken();
    if (fresh) answer = await xhrOnce(method, path, form, fresh, onProgress, signal);
  }
  if (answer.status === 0) {
    reportUnreachable();
    throw new ApiError(0, null);
  }
  reportReachable();
  if (answer.status < 200 || answer.status >= 300) throw new ApiError(answer.status, answer.body);
  onProgress(1);
  return answer.body as T;
}

/**
 * The form's files over 1 MB go ahead, resumable (./uploads.ts); the rest goes with the
 * form. Progress covers both, as a share of the files' bytes; `signal` cancels either.
 */
async function sendForm(method: 'POST' | 'PATCH', path: string, form: FormData, opts: FormSending = {}): Promise<Product> {
  const { onProgress, signal } = opts;
  const { ahead, rest } = formFileBytes(form);
  const total = ahead + rest;
  const body = ahead > 0 ? await uploadLargeFilesAhead(form, total, opts) : form;
  if (signal?.aborted) throw aborted();
  if (onProgress && (ahead > 0 || rest > PROGRESS_THRESHOLD_BYTES)) {
    return sendWithProgress<Product>(method, path, body, (share) => onProgress((ahead + share * rest) / total), signal);
  }
  return request<Product>(path, { method, body, timeoutMs: UPLOAD_TIMEOUT_MS, signal });
}

/** The saved product replaces the local copy; the cached list orders are dropped so lists ask the server again. */
export async function refreshProduct(product: Product): Promise<void> {
  await db.transaction('rw', db.products, db.lists, async () => {
    await putProducts([product]);
    await db.lists.clear();
  });
}

/** POST /products/ (multipart, docs/api.md#calls; large pictures through /api/uploads/ first). */
export async function createProduct(form: FormData, opts?: FormSending): Promise<Product> {
  const product = await sendForm('POST', 'products/', form, opts);
  await refreshProduct(product);
  return product;
}

/** PATCH /products/{id}/ with only the changed fields. */
export async function updateProduct(id: number, form: FormData, opts?: FormSending): Promise<Product> {
  const product = await sendForm('PATCH', `products/${id}/`, form, opts);
  await refreshProduct(product);
  return product;
}

/** The product as the server holds it now (the edit form starts from the server's copy). */
export const fetchProduct = (id: number) => request<Product>(`products/${id}/`);

/** DELETE /products/{id}/; the local copy goes too. */
export async function deleteProduct(id: number): Promise<void> {
  await request(`products/${id}/`, { method: 'DELETE' });
  await db.transaction('rw', db.products, db.lists, async () => {
    await db.products.delete(id);
    await db.lists.clear();
  });
}
