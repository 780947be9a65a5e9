import path from 'node:path';
import type { MediaS3Config } from '../../config';
import { folderObjects, type MediaObjects } from './objects';

/**
 * The store the configuration names: the folder, or the bucket, whose SDK is loaded only when a
 * bucket is configured. Apart from both drivers so neither imports the other.
 */
export async function openMediaObjects(dataDir: string, s3?: MediaS3Config): Promise<MediaObjects> {
  if (!s3) return folderObjects(path.join(dataDir, 'media'));
  const { s3Objects } = await import('./s3');
  return s3Objects(s3, path.join(dataDir, 'media-uploads'));
}
