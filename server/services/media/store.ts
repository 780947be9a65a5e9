import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { sql } from 'kysely';
import { MAX_UPLOAD_BYTES, UPLOAD_BYTES_PER_DAY, UPLOAD_FILES_PER_MINUTE } from '@/shared/constants';
import type { Database } from '../../db';
import { badRequest, forbidden, notAuthenticated, tooLarge, tooManyRequests } from '../../lib/errors';
import { contentMatches } from './check';
import { IMAGE_TOO_LARGE, reencodeImage } from './images';
import type { MediaObjects } from './objects';
import { recordColor } from './colors';
import { SERVER_MESSAGES } from '@/shared/messages';

export type MediaKind = 'image' | 'video' | 'pdf';
export interface StoredMedia {
  path: string;
  kind: MediaKind;
  format: string;
  bytes: number;
  contentType: string;
}

interface Signature {
  format: string;
  kind: MediaKind;
  contentType: string;
  test(head: Buffer): boolean;
}

const ascii = (head: Buffer, at: number, text: string) => head.subarray(at, at + text.length).toString('latin1') === text;

/** What a file is, read from its first bytes: its name and declared type are not trusted. */
const SIGNATURES: Signature[] = [
  { format: 'jpg', kind: 'image', contentType: 'image/jpeg', test: (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff },
  {
    format: 'png',
    kind: 'image',
    contentType: 'image/png',
    test: (h) => h.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { format: 'gif', kind: 'image', contentType: 'image/gif', test: (h) => ascii(h, 0, 'GIF87a') || ascii(h, 0, 'GIF89a') },
  { format: 'webp', kind: 'image', contentType: 'image/webp', test: (h) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'WEBP') },
  { format: 'mov', kind: 'video', contentType: 'video/quicktime', test: (h) => ascii(h, 4, 'ftyp') && ascii(h, 8, 'qt  ') },
  { format: 'mp4', kind: 'video', contentType: 'video/mp4', test: (h) => ascii(h, 4, 'ftyp') },
  {
    format: 'webm',
    kind: 'video',
    contentType: 'video/webm',
    test: (h) => h.readUInt32BE(0) === 0x1a45dfa3 && h.includes('webm', 0, 'latin1'),
  },
  { format: 'ogg', kind: 'video', contentType: 'video/ogg', test: (h) => ascii(h, 0, 'OggS') },
  { format: 'pdf', kind: 'pdf', contentType: 'application/pdf', test: (h) => ascii(h, 0, '%PDF-') },
];

export const CONTENT_TYPES: Record<string, string> = Object.fromEntries(SIGNATURES.map((s) => [s.format, s.contentType]));

export function sniff(head: Buffer): Signature | undefined {
  const padded = Buffer.concat([head, Buffer.alloc(Math.max(0, 64 - head.length))]);
  return SIGNATURES.find((s) => s.test(padded));
}

export const UNSUPPORTED_TYPE = SERVER_MESSAGES.UNSUPPORTED_FILE_TYPE;
export const NOT_WHAT_IT_CLAIMS = SERVER_MESSAGES.NOT_WHAT_IT_CLAIMS;
export const TOO_MANY_FILES = `Upload limit reached: at most ${UPLOAD_FILES_PER_MINUTE} files a minute. Please wait a moment.`;
export const DAILY_QUOTA = `Upload limit reached: at most ${UPLOAD_BYTES_PER_DAY / 1048576} MB a day.`;

export const UPLOAD_NEEDS_CONFIRMED = 'Please verify your email address before uploading files.';

/**
 * Who may store files: a signed-in account whose e-mail is confirmed (docs/api.md). Every route
 * that takes files (uploads, resumable uploads, forms with pictures) calls this before reading
 * a byte, and answers 401 or 403 with a `detail`; the store checks it again when it claims the
 * upload (claimUpload), whatever the route. Answers the owner's id for `save`.
 */
export function requireUploader(user: { id: number; is_verified: boolean } | null | undefined): number {
  if (!user) throw notAuthenticated();
  if (!user.is_verified) throw forbidden(UPLOAD_NEEDS_CONFIRMED);
  return user.id;
}

/**
 * Refuses at once (429 with a `detail`) when the user has no allowance left: files this minute,
 * or `bytes` more today. For routes that learn a file's size before its bytes (a resumable
 * upload's creation); `save` claims the allowance itself as the bytes arrive.
 */
export async function checkUploadAllowance(db: Database, userId: number, bytes = 0): Promise<void> {
  const used = await usedAllowance(db, userId);
  if (used.files >= UPLOAD_FILES_PER_MINUTE) throw tooManyRequests(TOO_MANY_FILES);
  if (Number(used.bytes) + bytes > UPLOAD_BYTES_PER_DAY) throw tooManyRequests(DAILY_QUOTA);
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** A user's uploads this minute and bytes today (claims included), as every process counts them. */
async function usedAllowance(db: Database, userId: number): Promise<{ files: number; bytes: number }> {
  const now = Date.now();
  return db
    .selectFrom('media_uploads')
    .select([
      sql<number>`count(*) filter (where at > ${new Date(now - MINUTE_MS)})::int`.as('files'),
      sql<number>`coalesce(sum(bytes), 0)::bigint`.as('bytes'),
    ])
    .where('user_id', '=', userId)
    .where('at', '>', new Date(now - DAY_MS))
    .executeTakeFirstOrThrow();
}

/** Advisory lock class for one user's uploads ('medi'); the second key is the user id. */
export const UPLOAD_LOCK = 0x6d656469;

/**
 * Claims one upload for a user within their quotas: files this minute and bytes today, counted
 * in the database so every process shares them. The claim is written at once, holding as many
 * bytes as the file may still have, under a per-user lock: parallel uploads cannot together
 * pass the quotas. Every attempt counts, a refused file too (it cost the same to receive).
 */
async function claimUpload(db: Database, userId: number): Promise<{ id: number; bytes: number }> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${UPLOAD_LOCK}, ${userId})`.execute(trx);
    const owner = await trx.selectFrom('users').select('is_verified').where('id', '=', userId).executeTakeFirst();
    if (!owner?.is_verified) throw forbidden(UPLOAD_NEEDS_CONFIRMED);
    const used = await usedAllowance(trx, userId);
    if (used.files >= UPLOAD_FILES_PER_MINUTE) throw tooManyRequests(TOO_MANY_FILES);
    const left = UPLOAD_BYTES_PER_DAY - Number(used.bytes);
    if (left <= 0) throw tooManyRequests(DAILY_QUOTA);
    const bytes = Math.min(MAX_UPLOAD_BYTES, left);
    const row = await trx
      .insertInto('media_uploads')
      .values({ user_id: userId, path: '', bytes })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, bytes };
  });
}

/** SHA-256 and size of a local file, read as a stream. */
async function hashFile(file: string): Promise<{ digest: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { digest: hash.digest('hex'), bytes };
}

/**
 * Files kept in the media store (DATA_DIR/media or a bucket: objects.ts), named by the
 * SHA-256 of their content: the same file uploaded twice is stored once, and a name never
 * changes meaning, so it is cached forever.
 */
export function createMediaStore(objects: MediaObjects, db?: Database) {
  /**
   * Streams a file into the store. With `owner` (every upload a user makes) the user's quotas
   * are checked first and the upload is recorded; the seed stores its pictures without one.
   */
  async function save(
    source: Readable,
    opts: { kinds?: MediaKind[]; maxBytes?: number; field?: string; owner?: number } = {},
  ): Promise<StoredMedia> {
    const maxBytes = opts.maxBytes ?? MAX_UPLOAD_BYTES;
    const field = opts.field ?? 'file';
    const claim =
      opts.owner !== undefined && db
        ? await claimUpload(db, opts.owner).catch((error) => {
            source.resume();
            throw error;
          })
        : undefined;
    const quotaLeft = claim?.bytes ?? Infinity;
    await mkdir(objects.tempDir, { recursive: true });
    const temp = path.join(objects.tempDir, `.upload-${randomUUID()}`);
    const hash = createHash('sha256');
    let head = Buffer.alloc(0);
    let bytes = 0;
    // The claim ends holding what was really received, and the file's path once it is stored.
    const settle = async (stored: string) => {
      // biome-ignore lint/style/noNonNullAssertion: an upload is only claimed against a database.
      if (claim) await db!.updateTable('media_uploads').set({ bytes, path: stored }).where('id', '=', claim.id).execute();
    };
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        if (bytes > maxBytes) return done(tooLarge(`File is too large. Maximum size is ${Math.floor(maxBytes / 1048576)}MB.`));
        if (bytes > quotaLeft) return done(tooManyRequests(DAILY_QUOTA));
        if (head.length < 64) head = Buffer.concat([head, chunk.subarray(0, 64 - head.length)]);
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, meter, createWriteStream(temp));
      // @fastify/multipart marks a file cut at its size limit instead of failing the stream.
      if ((source as Readable & { truncated?: boolean }).truncated)
        throw tooLarge(`File is too large. Maximum size is ${Math.floor(maxBytes / 1048576)}MB.`);
      if (bytes === 0) throw badRequest({ [field]: ['The submitted file is empty.'] });
      const signature = sniff(head);
      if (!signature || (opts.kinds && !opts.kinds.includes(signature.kind))) throw badRequest({ [field]: [UNSUPPORTED_TYPE] });
      let digest: string;
      // What is stored (and answered) can differ from what was received: re-encoded images.
      let storedBytes = bytes;
      if (signature.kind === 'image') {
        // Stored as decoded and encoded again: one well-formed image, nothing appended, no metadata.
        const clean = `${temp}.clean`;
        const result = await reencodeImage(temp, signature.format, clean);
        if (result === 'too-large') throw badRequest({ [field]: [IMAGE_TOO_LARGE] });
        if (result !== 'ok') throw badRequest({ [field]: [NOT_WHAT_IT_CLAIMS] });
        await rename(clean, temp);
        ({ digest, bytes: storedBytes } = await hashFile(temp));
      } else {
        if (!(await contentMatches(temp, signature.format, bytes))) throw badRequest({ [field]: [NOT_WHAT_IT_CLAIMS] });
        digest = hash.digest('hex');
      }
      const name = `${digest}.${signature.format}`;
      // Its colour, painted while it loads, is worked out once, before the file leaves this folder.
      if (signature.kind === 'image' && db) await recordColor(db, `/media/${name}`, temp);
      if (await objects.exists(name)) {
        await rm(temp, { force: true });
        // Uploaded again: its grace period before an unreferenced file is removed starts anew.
        await objects.touch(name);
      } else await objects.putFile(name, temp, signature.contentType);
      const stored = {
        path: `/media/${name}`,
        kind: signature.kind,
        format: signature.format,
        bytes: storedBytes,
        contentType: signature.contentType,
      };
      await settle(stored.path);
      return stored;
    } catch (error) {
      await rm(temp, { force: true });
      await rm(`${temp}.clean`, { force: true });
      await settle('').catch(() => {});
      throw error;
    }
  }

  /** The stored file a URL of ours points at ("/media/<name>" or an absolute URL ending so), if it exists. */
  async function resolve(url: string): Promise<{ path: string; format: string } | undefined> {
    const match = /(?:^|\/\/[^/]+)\/media\/([0-9a-f]{64})\.([a-z0-9]+)$/.exec(url.trim());
    if (!match || !CONTENT_TYPES[match[2]]) return undefined;
    if (!(await objects.exists(`${match[1]}.${match[2]}`))) return undefined;
    return { path: `/media/${match[1]}.${match[2]}`, format: match[2] };
  }

  return { objects, save, resolve };
}

export type MediaStore = ReturnType<typeof createMediaStore>;
