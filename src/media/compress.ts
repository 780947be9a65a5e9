import { isShrinkable, type UploadPurpose } from './plan';

export type { UploadPurpose } from './plan';

/** A picture that takes longer than this to shrink is sent as it is. */
const SHRINK_TIMEOUT_MS = 30_000;

let worker: Worker | undefined;
let nextId = 0;
const waiting = new Map<number, (blob: Blob | null) => void>();

function shrinker(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./compress.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<{ id: number; blob: Blob | null }>) => {
      waiting.get(event.data.id)?.(event.data.blob);
      waiting.delete(event.data.id);
    };
    worker.onerror = () => {
      for (const done of waiting.values()) done(null);
      waiting.clear();
      worker?.terminate();
      worker = undefined;
    };
  }
  return worker;
}

/**
 * The file to upload: a photo resized for its use, re-encoded (orientation applied, EXIF and
 * its location left out) in a worker (./compress.worker.ts, rules in ./plan.ts); videos, PDFs,
 * GIFs, and anything the browser cannot decode, as they are.
 */
export async function shrinkForUpload(file: Blob, purpose: UploadPurpose): Promise<Blob> {
  if (!isShrinkable(file.type) || typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return file;
  const id = nextId++;
  const shrunk = await new Promise<Blob | null>((resolve) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      resolve(null);
    }, SHRINK_TIMEOUT_MS);
    waiting.set(id, (blob) => {
      clearTimeout(timer);
      resolve(blob);
    });
    try {
      shrinker().postMessage({ id, file, purpose });
    } catch {
      resolve(null);
    }
  });
  if (!shrunk) return file;
  // Keep the name a form or a message shows, with the new format's extension.
  const name = (file as File).name;
  if (!name || typeof File === 'undefined') return shrunk;
  const ext = shrunk.type === 'image/webp' ? 'webp' : 'jpg';
  return new File([shrunk], `${name.replace(/\.[^./]+$/, '')}.${ext}`, { type: shrunk.type });
}

/**
 * The pictures of a form's file fields, shrunk in place (same fields, same order within each);
 * call once the form is ready to send, while its button shows it is busy.
 */
export async function shrinkFormPictures(form: FormData, fields: string[], purpose: UploadPurpose): Promise<void> {
  for (const field of fields) {
    const values = form.getAll(field);
    if (!values.some((value) => typeof value !== 'string' && isShrinkable(value.type))) continue;
    const shrunk = await Promise.all(values.map((value) => (typeof value === 'string' ? value : shrinkForUpload(value, purpose))));
    form.delete(field);
    for (const value of shrunk) {
      if (typeof value === 'string') form.append(field, value);
      else form.append(field, value, (value as File).name || 'file');
    }
  }
}
