/**
 * What a picture becomes before upload (docs/product.md, "Pictures"): the decision alone,
 * without pixels, so it is tested on its own (src/media/compress.worker.ts does the work).
 */

export type UploadPurpose = 'gallery' | 'chat' | 'logo';

/** The longest side sent, by use: a product's gallery is looked at closely; chat pictures and logos less. */
export const MAX_SIDE: Record<UploadPurpose, number> = { gallery: 2048, chat: 1600, logo: 1600 };

/** Encoder quality (0–1): good to the eye on a phone, a fraction of a camera's file. */
export const QUALITY = { 'image/webp': 0.8, 'image/jpeg': 0.82 } as const;

/** Pictures the device re-encodes; animated GIFs and anything else go as they are. */
export const SHRINKABLE = ['image/jpeg', 'image/png', 'image/webp'] as const;

export interface Picture {
  /** As shown, after the EXIF orientation is applied. */
  width: number;
  height: number;
  type: string;
  bytes: number;
}

export interface ShrinkPlan {
  width: number;
  height: number;
  type: 'image/webp' | 'image/jpeg';
  quality: number;
}

export const isShrinkable = (type: string) => (SHRINKABLE as readonly string[]).includes(type);

/**
 * The size and format to send, or null to send the file as it is. A JPEG is always encoded
 * again, even when small: that applies its orientation and drops its EXIF data (the place it
 * was taken). Others only when too large in pixels or in bytes. WebP where the browser can
 * write it (it keeps transparency), else JPEG, which cannot: a transparent PNG then goes as is
 * unless it must shrink.
 */
export function shrinkPlan(picture: Picture, purpose: UploadPurpose, canWriteWebp = true): ShrinkPlan | null {
  if (!isShrinkable(picture.type) || picture.width <= 0 || picture.height <= 0) return null;
  const max = MAX_SIDE[purpose];
  const scale = Math.min(1, max / Math.max(picture.width, picture.height));
  const tooLarge = scale < 1 || picture.bytes > 512 * 1024;
  if (picture.type !== 'image/jpeg' && !tooLarge) return null;
  if (picture.type === 'image/png' && !canWriteWebp && !tooLarge) return null;
  const type = canWriteWebp ? 'image/webp' : 'image/jpeg';
  return {
    width: Math.max(1, Math.round(picture.width * scale)),
    height: Math.max(1, Math.round(picture.height * scale)),
    type,
    quality: QUALITY[type],
  };
}

/** The encoded result is kept unless it came out larger than a file that needed no change of size or privacy. */
export function keepShrunk(original: Picture, plan: ShrinkPlan, shrunkBytes: number): boolean {
  const resized = plan.width < original.width || plan.height < original.height;
  return resized || original.type === 'image/jpeg' || shrunkBytes < original.bytes;
}
