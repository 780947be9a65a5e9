import { rm } from 'node:fs/promises';
import sharp from 'sharp';
import { MAX_IMAGE_FRAMES, MAX_IMAGE_PIXELS } from '@/shared/constants';

/**
 * Every image decode of the server goes through here. sharp runs on libuv's thread pool,
 * the pool password hashing and file reads share: at most IMAGE_CONCURRENCY (default 1)
 * images are worked on at once per process, each with one libvips thread, so a burst of
 * heavy images waits its turn instead of stalling sign-ins. A bounded queue: past
 * QUEUE_LIMIT waiting jobs, work is refused (the caller falls back or answers an error).
 */
sharp.concurrency(1);
sharp.cache(false);

const CONCURRENCY = Math.max(1, Number(process.env.IMAGE_CONCURRENCY) || 1);
const QUEUE_LIMIT = 500;

let active = 0;
const waiting: Array<() => void> = [];

export class ImageQueueFull extends Error {}

/** Runs `job` when a slot of the image pool is free. */
export async function inImagePool<T>(job: () => Promise<T>): Promise<T> {
  if (active >= CONCURRENCY) {
    if (waiting.length >= QUEUE_LIMIT) throw new ImageQueueFull('image queue full');
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else active++;
  try {
    return await job();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else active--;
  }
}

/** Jobs running and waiting now (for tests and benches). */
export function imagePoolLoad(): { active: number; waiting: number } {
  return { active, waiting: waiting.length };
}

export const IMAGE_TOO_LARGE = `The image is too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels (all frames together) and ${MAX_IMAGE_FRAMES} frames.`;

const SHARP_FORMAT: Record<string, string> = { jpg: 'jpeg', png: 'png', gif: 'gif', webp: 'webp' };

export type ImageCheck = 'ok' | 'damaged' | 'too-large';

/** Options every decode uses: decoding stops at the pixel budget, a truncated file fails. */
const decodeOptions = { failOn: 'truncated', limitInputPixels: MAX_IMAGE_PIXELS, animated: true } as const;

/** From the header only (nothing decoded): is it the format it claims, and within the pixel budget? */
async function measure(file: string, format: string): Promise<ImageCheck> {
  const meta = await sharp(file, { failOn: 'truncated', limitInputPixels: false, animated: true }).metadata();
  if (meta.format !== SHARP_FORMAT[format]) return 'damaged';
  const frames = meta.pages ?? 1;
  const frameHeight = meta.pageHeight ?? (meta.height ?? 0) / frames;
  if (frames > MAX_IMAGE_FRAMES || (meta.width ?? 0) * frameHeight * frames > MAX_IMAGE_PIXELS) return 'too-large';
  return 'ok';
}

/** Decodes every pixel of every frame, within the budget, in the pool. */
export function checkImage(file: string, format: string): Promise<ImageCheck> {
  return inImagePool(async () => {
    try {
      const measured = await measure(file, format);
      if (measured !== 'ok') return measured;
      await sharp(file, decodeOptions).stats();
      return 'ok';
    } catch {
      return 'damaged';
    }
  });
}

/**
 * Writes the image decoded and encoded again, in its own format, to `out`: what is stored is
 * exactly one well-formed image, without trailing bytes, appended files or metadata (EXIF,
 * comments, locations); the camera's orientation is applied to the pixels first.
 */
export function reencodeImage(file: string, format: string, out: string): Promise<ImageCheck> {
  return inImagePool(async () => {
    try {
      const measured = await measure(file, format);
      if (measured !== 'ok') return measured;
      const image = sharp(file, decodeOptions).rotate();
      if (format === 'jpg') await image.jpeg({ quality: 90, mozjpeg: true }).toFile(out);
      else if (format === 'png') await image.png({ compressionLevel: 9 }).toFile(out);
      else if (format === 'gif') await image.gif().toFile(out);
      else await image.webp({ quality: 90 }).toFile(out);
      return 'ok';
    } catch {
      await rm(out, { force: true });
      return 'damaged';
    }
  });
}

/** The image's dominant colour as "#rrggbb" (what a screen paints while it loads); null when it does not decode. */
export function dominantColor(file: string): Promise<string | null> {
  return inImagePool(async () => {
    try {
      // A small copy is enough for a colour, and keeps the work light whatever the image's size.
      const small = await sharp(file, { limitInputPixels: MAX_IMAGE_PIXELS }).resize(64, 64, { fit: 'inside' }).toBuffer();
      const { dominant } = await sharp(small).stats();
      return `#${[dominant.r, dominant.g, dominant.b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
    } catch {
      return null;
    }
  });
}

/** A WebP of the image `width` pixels wide (never enlarged) into `out`; false when it does not decode within the budget. */
export function resizeImage(file: string, width: number, out: string): Promise<boolean> {
  return inImagePool(async () => {
    try {
      const meta = await sharp(file, { limitInputPixels: false, animated: true }).metadata();
      const frames = meta.pages ?? 1;
      if (frames > MAX_IMAGE_FRAMES || (meta.width ?? 0) * (meta.height ?? 0) > MAX_IMAGE_PIXELS) return false;
      await sharp(file, { limitInputPixels: MAX_IMAGE_PIXELS, animated: true })
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 78 })
        .toFile(out);
      return true;
    } catch {
      await rm(out, { force: true });
      return false;
    }
  });
}
