import { randomUUID } from 'node:crypto';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { MEDIA_WIDTHS, type MediaWidth } from '../../src/shared/constants';

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
 * and kept beside the original as "<sha256>.w<width>.webp": like the original, a variant's
 * name never changes content, so it is cached for good. The original is never touched.
 */
export function createMediaVariants(root: string) {
  const making = new Map<string, Promise<string>>();
  /** Stored files whose bytes start like an image but do not decode: served as they are. */
  const undecodable = new Set<string>();

  async function make(source: string, target: string, width: MediaWidth): Promise<void> {
    const temp = path.join(root, `.variant-${randomUUID()}`);
    try {
      // No enlargement: a small original gives a WebP of its own size, still smaller to send.
      await sharp(source, { animated: true }).resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toFile(temp);
      await rename(temp, target);
    } finally {
      await rm(temp, { force: true });
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
    const target = path.join(root, name);
    if (await exists(target)) return name;
    let pending = making.get(name);
    if (!pending) {
      pending = make(path.join(root, original), target, width).then(() => name, () => {
        undecodable.add(original);
        return original;
      });
      making.set(name, pending);
      void pending.finally(() => making.delete(name));
    }
    return pending;
  }

  return { variant };
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}
