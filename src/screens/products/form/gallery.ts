import { GALLERY_MAX_FILES } from '@/shared/constants';

/**
 * docs/product.md#uploads: the thumbnail is an image; gallery files are images or videos. Checked by type here, by content
 * on the server.
 */
export const isImageFile = (file: File) => file.type.startsWith('image/');
export const isMediaFile = (file: File) => file.type.startsWith('image/') || file.type.startsWith('video/');

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size;

export interface GalleryPick {
  files: File[];
  /** Picked files already in the list (same name and size): skipped. */
  duplicates: number;
  /** Neither image nor video: skipped. */
  rejected: number;
  /** Files left out because the gallery would pass its limit. */
  overflow: number;
}

/**
 * Adds picked files to the gallery (docs/product.md#uploads): duplicates by name and size and non-media files
 * are skipped, and no more than the room left (10 minus what the product keeps) is taken.
 */
export function addToGallery(current: File[], picked: File[], kept = 0): GalleryPick {
  const files = [...current];
  let duplicates = 0;
  let rejected = 0;
  let overflow = 0;
  for (const file of picked) {
    if (!isMediaFile(file)) rejected++;
    else if (files.some((f) => sameFile(f, file))) duplicates++;
    else if (kept + files.length >= GALLERY_MAX_FILES) overflow++;
    else files.push(file);
  }
  return { files, duplicates, rejected, overflow };
}
