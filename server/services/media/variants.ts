import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { resizeImage } from './images';
import { MEDIA_WIDTHS, type MediaWidth } from '@/shared/constants';
import type { MediaObjects } from './objects';

/** Stored images that have resized variants; videos and PDFs are served as they are. */
const RESIZABLE = new Set(['jpg', 'png', 'gif', 'webp']);

export const INVALID_WIDTH = `Select a valid width: ${MEDIA_WIDTHS.join(', ')}.`;

export function isMediaWidth(value: number): value is MediaWidth {
  return (MEDIA_WIDTHS as readonly number[]).includes(value);
}

/** "<sha256>.<ext>" of a stored file, when that name can have variants. */
export function resizableName(file: string): { hash: string; format: string } | undefined {
  const match = /^([0-9a-f]{64})\.([a-z0-9]+)$/.exec(file);
  return match && RESIZABLE.has(match[2]) ? { hash: match[1], format: match[2] } : undefined;
}

/**
 * WebP variants of stored images at the widths the clients show them, made on first demand
 * and kept beside the original, in the same store, as "<sha256>.w<width>.webp": like the
 * original, a variant's name never changes content, so it is cached for good. The original
 * is never touched.
 */
export function createMediaVariants(objects: MediaObjects) {
  const making = new Map<string, Promise<string>>();
  /** Stored files whose bytes start like an image but do not decode: served as they are. */
  const undecodable = new Set<string>();

  /**
   * False when the original does not decode within the pixel budget; the store's own
   * failures are thrown. The original is read from disk by the image library (or streamed
   * from the bucket into a local file first), never whole into memory, and resized in the
   * bounded image pool (images.ts).
   */
  async function make(source: string, target: string, width: MediaWidth): Promise<boolean> {
    const work = path.join(objects.tempDir, `.variant-${randomUUID()}`);
    const input = objects.root ? path.join(objects.root, source) : `${work}.in`;
    await mkdir(objects.tempDir, { recursive: true });
    try {
      if (!objects.root && !(await objects.readTo(source, input))) return false;
      // No enlargement: a small original gives a WebP of its own size, still smaller to send.
      if (!(await resizeImage(input, width, `${work}.webp`))) {
        undecodable.add(source);
        return false;
      }
      await objects.putFile(target, `${work}.webp`, 'image/webp');
      return true;
    } finally {
      await rm(`${work}.webp`, { force: true });
      if (!objects.root) await rm(input, { force: true });
    }
  }

  /**
   * The variant's file name, made once; concurrent requests for a missing one share the work.
   * A file the image library cannot read answers its own name: the original, unresized.
   */
  async function variant(hash: string, format: string, width: MediaWidth): Promise<string> {
    const original = `${hash}.${format}`;
    if (undecodable.has(original)) return original;
    const name = `${hash}.w${width}.webp`;
    if (await objects.exists(name)) return name;
    let pending = making.get(name);
    if (!pending) {
      pending = make(original, name, width).then((made) => (made ? name : original));
      making.set(name, pending);
      void pending.finally(() => making.delete(name));
    }
    return pending;
  }

  return { variant };
}
