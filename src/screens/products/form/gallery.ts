import { addFiles, type FilesPick } from '@/components/pickFiles';
import { GALLERY_MAX_FILES } from '@/shared/constants';

/**
 * docs/product.md#uploads: the thumbnail is an image; gallery files are images or videos. Checked by type here, by content
 * on the server.
 */
export const isImageFile = (file: File) => file.type.startsWith('image/');
export const isMediaFile = (file: File) => file.type.startsWith('image/') || file.type.startsWith('video/');

/**
 * Adds picked files to the gallery (docs/product.md#uploads): duplicates by name and size and non-media files
 * are skipped, and no more than the room left (10 minus what the product keeps) is taken.
 */
export const addToGallery = (current: File[], picked: File[], kept = 0): FilesPick =>
  addFiles(current, picked, isMediaFile, GALLERY_MAX_FILES - kept);
