import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { Metadata, Server, type DataStore, type Upload } from '@tus/server';
import { sql } from 'kysely';
import { MAX_UPLOAD_BYTES, UPLOAD_BYTES_PER_DAY } from '@/shared/constants';
import type { MediaS3Config } from '../../config';
import type { Database } from '../../db';
import type { UploadResult } from '../../db/schema';
import { ApiError, badRequest, notFound, tooLarge, tooManyRequests } from '../../lib/errors';
import { DAILY_QUOTA, UPLOAD_LOCK, type MediaStore } from './store';

/** Unfinished uploads expire (tus expiration): their bytes and rows are removed by `sweep`. */
export const UPLOAD_EXPIRES_MS = 24 * 60 * 60_000;
export const UPLOAD_SWEEP_INTERVAL_MS = 60 * 60_000;
/** Unfinished uploads one user may hold at once: each reserves room in the store. */
export const MAX_OPEN_UPLOADS = 20;
export const UPLOADS_PATH = '/api/uploads';

export const TOO_MANY_OPEN = `Too many unfinished uploads: at most ${MAX_OPEN_UPLOADS} at a time. Finish or cancel one first.`;
export const NOT_FINISHED = 'The upload is not finished.';
const FILE_TOO_LARGE = `File is too large. Maximum size is ${Math.floor(MAX_UPLOAD_BYTES / 1048576)}MB.`;
const LENGTH_REQUIRED = 'Upload-Length is required: the size of the whole file, in bytes.';
const BAD_METADATA = 'Upload-Metadata is not valid: comma-separated "key base64value" pairs.';

const ID = /^[0-9a-f]{32}$/;

export interface UploadRow {
  id: string;
  user_id: number;
  length: number;
  result: UploadResult | null;
}

/**
 * Resumable uploads (tus 1.0: core, creation, termination, expiration) over the media store's
 * drivers: the bytes wait in an upload area of the store (DATA_DIR/media/.uploads, or
 * "<prefix>uploads/" in the bucket: uploads-s3.ts) until whole; then the file goes
 * through the media store's `save` like any upload (type, whole-file checks, size, per-user
 * allowances) and the upload area's copy is removed. See docs/api.md.
 */
export async function createUploads(db: Database, media: MediaStore, options: { s3?: MediaS3Config; publicUrl?: string }) {
  const keyPrefix = options.s3 ? `${options.s3.prefix}uploads/` : '';
  const datastore = options.s3 ? await s3Store(options.s3, keyPrefix, media.objects.tempDir) : fileStore(media);
  const storeId = (id: string) => `${keyPrefix}${id}`;
  const rowId = (id: string) => id.slice(keyPrefix.length);
  /** The id the route chose for a creation request (namingFunction reads it). */
  const chosen = new WeakMap<IncomingMessage, string>();
  const rawOf = (req: unknown) => (req as { runtime?: { node?: { req: IncomingMessage } } }).runtime?.node?.req;

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore,
    maxSize: MAX_UPLOAD_BYTES,
    // Same origin, answers read by our client only: relative, never from the Host a client sent.
    generateUrl: (_req, { id }) => `${UPLOADS_PATH}/${rowId(id)}/`,
    // The id is the path's last piece, as the route read and checked it: the tus server's own
    // reading takes the last piece of the whole URL, query included (/<mine>/?/<yours>).
    getFileIdFromRequest: (req) => {
      const last = /([^/]+)\/?$/.exec(new URL(req.url).pathname)?.[1];
      return last && ID.test(last) ? storeId(last) : undefined;
    },
    namingFunction: (req) => {
      const raw = rawOf(req);
      const id = raw && chosen.get(raw);
      if (!id) throw { status_code: 400, body: JSON.stringify({ detail: 'Unexpected upload.' }) };
      return storeId(id);
    },
    onUploadFinish: async (req, upload) => finish(upload, req.method === 'POST' ? 201 : 200),
  });

  /** The whole file through the media store's checks; the upload area's copy goes either way. */
  async function finish(upload: Upload, status: number) {
    const id = rowId(upload.id);
    const row = await db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
    try {
      if (!row) throw notFound();
      // Both stores (file, S3) can read an upload back; the base class does not declare it.
      const source = await (datastore as DataStore & { read(id: string): Readable | Promise<Readable> }).read(upload.id);
      const stored = await media.save(source, { owner: row.user_id });
      const result: UploadResult = {
        secure_url: `${options.publicUrl?.replace(/\/+$/, '') ?? ''}${stored.path}`,
        resource_type: stored.kind === 'pdf' ? 'raw' : stored.kind,
        format: stored.format,
        bytes: stored.bytes,
        ...(row.filename ? { original_filename: row.filename } : {}),
      };
      await db
        .updateTable('uploads')
        .set({ result: JSON.stringify(result) })
        .where('id', '=', id)
        .execute();
      return { status_code: status, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(result) };
    } catch (error) {
      await db.deleteFrom('uploads').where('id', '=', id).execute();
      if (error instanceof ApiError) throw { status_code: error.statusCode, body: JSON.stringify(error.body) };
      throw error;
    } finally {
      await datastore.remove(upload.id).catch(() => {});
    }
  }

  /**
   * A new upload for this user, refused up front when it could never be accepted: no length,
   * too large, more than the day's allowance left, too many unfinished. Returns its id.
   */
  async function open(userId: number, raw: IncomingMessage, headers: { length?: string; defer?: string; metadata?: string }) {
    if (headers.length === undefined || !/^\d+$/.test(headers.length)) throw badRequest(LENGTH_REQUIRED);
    const length = Number(headers.length);
    if (length > MAX_UPLOAD_BYTES) throw tooLarge(FILE_TOO_LARGE);
    if (length === 0) throw badRequest({ file: ['The submitted file is empty.'] });
    let metadata: Record<string, string | null> = {};
    try {
      if (headers.metadata) metadata = Metadata.parse(headers.metadata);
    } catch {
      throw badRequest(BAD_METADATA);
    }
    const since = new Date(Date.now() - UPLOAD_EXPIRES_MS);
    const id = randomBytes(16).toString('hex');
    const text = (value: string | null | undefined) => (value ? value.slice(0, 255) : null);
    await db.transaction().execute(async (trx) => {
      // One user's uploads are opened one at a time (the lock media.ts claims under), so
      // parallel creations cannot together pass the allowance.
      await sql`select pg_advisory_xact_lock(${UPLOAD_LOCK}, ${userId})`.execute(trx);
      const used = await trx
        .selectFrom('media_uploads')
        .select(sql<number>`coalesce(sum(bytes), 0)::bigint`.as('bytes'))
        .where('user_id', '=', userId)
        .where('at', '>', since)
        .executeTakeFirstOrThrow();
      // An unfinished upload holds its declared length: twenty left open would otherwise keep
      // 1 GB of disk for a day outside the allowance.
      const open = await trx
        .selectFrom('uploads')
        .select([sql<number>`count(*)::int`.as('n'), sql<number>`coalesce(sum(length), 0)::bigint`.as('bytes')])
        .where('user_id', '=', userId)
        .where('result', 'is', null)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      if (Number(used.bytes) + Number(open.bytes) + length > UPLOAD_BYTES_PER_DAY) throw tooManyRequests(DAILY_QUOTA);
      if (Number(open.n) >= MAX_OPEN_UPLOADS) throw tooManyRequests(TOO_MANY_OPEN);
      await trx
        .insertInto('uploads')
        .values({ id, user_id: userId, length, filename: text(metadata.filename), upload_preset: text(metadata.upload_preset) })
        .execute();
    });
    chosen.set(raw, id);
    return id;
  }

  /** The user's own upload, or a 404 (another user's upload is not said to exist). */
  async function owned(userId: number, id: string): Promise<UploadRow> {
    const row = ID.test(id)
      ? await db
          .selectFrom('uploads')
          .select(['id', 'user_id', 'length', 'result'])
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .where('created_at', '>', new Date(Date.now() - UPLOAD_EXPIRES_MS))
          .executeTakeFirst()
      : undefined;
    if (!row) throw notFound();
    return { ...row, length: Number(row.length) };
  }

  /** Cancelling: the bytes received go, and the row (a finished upload's file stays where it is used). */
  async function forget(id: string) {
    await db.deleteFrom('uploads').where('id', '=', id).execute();
  }

  /** Expired unfinished uploads' bytes, and rows past 24 hours. */
  async function sweep(now = Date.now()) {
    const removed = await tus.cleanUpExpiredUploads().catch(() => 0);
    await db
      .deleteFrom('uploads')
      .where('created_at', '<', new Date(now - UPLOAD_EXPIRES_MS))
      .execute();
    return removed;
  }

  return { tus, open, owned, forget, sweep, datastore, storeId };
}

export type Uploads = Awaited<ReturnType<typeof createUploads>>;

/** The folder store's upload area: a dot-folder, never served nor swept as media. */
function fileStore(media: MediaStore): DataStore {
  return new FileStore({
    directory: path.join(media.objects.tempDir, '.uploads'),
    expirationPeriodInMilliseconds: UPLOAD_EXPIRES_MS,
  });
}

/** The bucket's upload area under "<prefix>uploads/" (uploads-s3.ts); the SDK loads only when a bucket is configured. */
async function s3Store(config: MediaS3Config, keyPrefix: string, tempDir: string): Promise<DataStore> {
  const { S3UploadStore } = await import('./uploads-s3');
  return new S3UploadStore(config, keyPrefix, tempDir, UPLOAD_EXPIRES_MS);
}
