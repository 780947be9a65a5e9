import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Only images and videos are shown by the browser; anything else (a PDF) is downloaded, never opened on our origin. */
export const shownInline = (name: string) => /\.(jpg|png|gif|webp|mp4|webm|mov|ogg)$/.test(name);

/** How long a stored file may be cached: for good, since a name never changes content. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** A stored file's name ("<sha256>.<ext>" or a variant's "<sha256>.w<width>.webp") and when it was last written. */
export interface MediaObject {
  name: string;
  modifiedMs: number;
}

/**
 * Where media bytes live: a folder (DATA_DIR/media) or an S3-compatible bucket. Uploads are
 * received and checked in a local folder first (`tempDir`), so only whole, checked files
 * reach the store, under names that never change content.
 */
export interface MediaObjects {
  kind: 'folder' | 's3';
  /** The folder store's folder (served from disk as it is). */
  root?: string;
  /** Local folder for uploads being received and checked (and the folder store itself). */
  tempDir: string;
  exists(name: string): Promise<boolean>;
  /** Moves a checked local file into the store under `name`. */
  putFile(name: string, file: string, contentType: string): Promise<void>;
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  read(name: string): Promise<Buffer | undefined>;
  /** Streams a stored file into a local file (never whole in memory); false when there is none. */
  readTo(name: string, file: string): Promise<boolean>;
  /** Marks a file as written now: its grace period before an unreferenced file is removed starts anew. */
  touch(name: string): Promise<void>;
  /** Every stored file (temporary uploads excluded). */
  list(): Promise<MediaObject[]>;
  remove(name: string): Promise<void>;
  /** Streams a stored file to the client with the store's caching headers; false when there is none. */
  send?(request: FastifyRequest, reply: FastifyReply, name: string): Promise<boolean>;
  close(): Promise<void>;
}

/** Files kept in a folder on this machine: the default, for one server or a shared volume. */
export function folderObjects(root: string): MediaObjects {
  const file = (name: string) => path.join(root, name);
  const ready = mkdir(root, { recursive: true });
  return {
    kind: 'folder',
    root,
    tempDir: root,
    exists: async (name) => existsSync(file(name)),
    async putFile(name, source) {
      await ready;
      await rename(source, file(name));
    },
    async put(name, bytes) {
      await ready;
      // Written aside then renamed, so a reader never sees half a file.
      const temp = file(`.variant-${randomUUID()}`);
      try {
        await writeFile(temp, bytes);
        await rename(temp, file(name));
      } finally {
        await rm(temp, { force: true });
      }
    },
    read: (name) => readFile(file(name)).catch(() => undefined),
    readTo: (name, target) =>
      copyFile(file(name), target).then(
        () => true,
        () => false,
      ),
    async touch(name) {
      const now = new Date();
      await utimes(file(name), now, now).catch(() => {});
    },
    async list() {
      const names = await readdir(root).catch(() => [] as string[]);
      const objects: MediaObject[] = [];
      for (const name of names) {
        if (name.startsWith('.')) continue;
        const info = await stat(file(name)).catch(() => undefined);
        if (info?.isFile()) objects.push({ name, modifiedMs: info.mtimeMs });
      }
      return objects;
    },
    remove: (name) => rm(file(name), { force: true }),
    close: async () => {},
  };
}
