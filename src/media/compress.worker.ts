/// <reference lib="webworker" />
import { keepShrunk, shrinkPlan, type UploadPurpose } from './plan';

/**
 * Shrinks one picture off the main thread: decoded with its EXIF orientation applied, scaled
 * (by createImageBitmap, high quality) and encoded again, which leaves the EXIF data (the
 * place it was taken) behind. Answers the new Blob, or null to send the original.
 */
declare const self: DedicatedWorkerGlobalScope;

let webp: Promise<boolean> | undefined;
/** Whether this browser's canvas writes WebP (Safari answers PNG instead). */
function canWriteWebp(): Promise<boolean> {
  webp ??= new OffscreenCanvas(1, 1)
    .convertToBlob({ type: 'image/webp' })
    .then((blob) => blob.type === 'image/webp')
    .catch(() => false);
  return webp;
}

async function shrink(file: Blob, purpose: UploadPurpose): Promise<Blob | null> {
  const oriented = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const original = { width: oriented.width, height: oriented.height, type: file.type, bytes: file.size };
  const plan = shrinkPlan(original, purpose, await canWriteWebp());
  if (!plan) {
    oriented.close();
    return null;
  }
  const scaled = await createImageBitmap(oriented, { resizeWidth: plan.width, resizeHeight: plan.height, resizeQuality: 'high' });
  oriented.close();
  const canvas = new OffscreenCanvas(plan.width, plan.height);
  const context = canvas.getContext('2d');
  if (!context) {
    // No 2D drawing in this worker: the original is sent as it is.
    scaled.close();
    return null;
  }
  if (plan.type === 'image/jpeg') {
    // JPEG has no transparency: a white ground, not black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, plan.width, plan.height);
  }
  context.drawImage(scaled, 0, 0);
  scaled.close();
  const blob = await canvas.convertToBlob({ type: plan.type, quality: plan.quality });
  return keepShrunk(original, plan, blob.size) ? blob : null;
}

self.onmessage = async (event: MessageEvent<{ id: number; file: Blob; purpose: UploadPurpose }>) => {
  const { id, file, purpose } = event.data;
  try {
    self.postMessage({ id, blob: await shrink(file, purpose) });
  } catch (error) {
    self.postMessage({ id, blob: null, error: String(error) });
  }
};
