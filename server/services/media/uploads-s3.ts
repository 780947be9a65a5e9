import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
  type _Object,
} from '@aws-sdk/client-s3';
import { DataStore, ERRORS, Upload } from '@tus/server';
import type { MediaS3Config } from '../../config';
import { s3Client } from './s3';

const missing = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404 || (error as Error).name === 'NoSuchKey';

/**
 * Unfinished uploads in the media bucket, with plain object calls only (put, get, list,
 * delete), so every S3-compatible server takes them and every API process can resume any
 * upload: "<key>.info" holds the length and metadata, and each PATCH's bytes become one object
 * "<key>/<offset>" (what arrived before a cut connection too). The offset is the sum of those
 * objects; reading the upload back chains them in order. (@tus/s3-store needs multipart
 * ListParts, which not every S3-compatible server has.)
 */
export class S3UploadStore extends DataStore {
  private client: S3Client;
  private bucket: string;

  constructor(
    config: MediaS3Config,
    private keyPrefix: string,
    private tempDir: string,
    private expirationMs: number,
  ) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'termination', 'expiration'];
    this.bucket = config.bucket;
    this.client = s3Client(config);
  }

  private async list(prefix: string): Promise<_Object[]> {
    const found: _Object[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken }));
      found.push(...(page.Contents ?? []));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return found;
  }

  /** The pieces received so far, in offset order. */
  private async pieces(id: string) {
    const objects = await this.list(`${id}/`);
    return objects
      .flatMap((o) => (o.Key ? [{ key: o.Key, offset: Number(o.Key.slice(id.length + 1)), size: o.Size ?? 0 }] : []))
      .filter((p) => Number.isSafeInteger(p.offset))
      .sort((a, b) => a.offset - b.offset);
  }

  async create(upload: Upload): Promise<Upload> {
    const info = { size: upload.size, metadata: upload.metadata, creation_date: upload.creation_date };
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: `${upload.id}.info`, Body: JSON.stringify(info), ContentType: 'application/json' }),
    );
    return upload;
  }

  async getUpload(id: string): Promise<Upload> {
    let info: { size?: number; metadata?: Record<string, string | null>; creation_date?: string };
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: `${id}.info` }));
      if (!out.Body) throw ERRORS.FILE_NOT_FOUND;
      info = JSON.parse(await out.Body.transformToString());
    } catch (error) {
      if (missing(error)) throw ERRORS.FILE_NOT_FOUND;
      throw error;
    }
    // Contiguous pieces only: one written twice at the same offset (a retried PATCH) counts once.
    let offset = 0;
    for (const piece of await this.pieces(id)) if (piece.offset === offset) offset += piece.size;
    return new Upload({ id, size: info.size, offset, metadata: info.metadata ?? undefined, creation_date: info.creation_date });
  }

  /** The request's bytes, kept aside while they arrive, then stored as one piece: also when the connection was cut. */
  async write(readable: Readable, id: string, offset: number): Promise<number> {
    await mkdir(this.tempDir, { recursive: true });
    const temp = path.join(this.tempDir, `.upload-${randomUUID()}`);
    let failure: unknown;
    try {
      await pipeline(readable, createWriteStream(temp)).catch((error) => {
        failure = error;
      });
      const written = (await stat(temp).catch(() => undefined))?.size ?? 0;
      if (written > 0) {
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: `${id}/${String(offset).padStart(12, '0')}`,
            Body: createReadStream(temp),
            ContentLength: written,
          }),
        );
      }
      if (failure) throw ERRORS.FILE_WRITE_ERROR;
      return offset + written;
    } finally {
      await rm(temp, { force: true });
    }
  }

  /** The whole upload, its pieces chained in order. */
  async read(id: string): Promise<Readable> {
    const pieces = await this.pieces(id);
    const { client, bucket } = this;
    return Readable.from(
      (async function* () {
        let offset = 0;
        for (const piece of pieces) {
          if (piece.offset !== offset) continue;
          const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: piece.key }));
          yield* out.Body as Readable;
          offset += piece.size;
        }
      })(),
    );
  }

  async remove(id: string): Promise<void> {
    const keys = [`${id}.info`, ...(await this.pieces(id)).map((p) => p.key)];
    for (let i = 0; i < keys.length; i += 1000) {
      await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })) } }),
      );
    }
  }

  async declareUploadLength(): Promise<void> {
    throw ERRORS.UNSUPPORTED_CREATION_DEFER_LENGTH_EXTENSION;
  }

  getExpiration(): number {
    return this.expirationMs;
  }

  /** Uploads created longer ago than the expiration, removed with their pieces. */
  async deleteExpired(): Promise<number> {
    const cutoff = Date.now() - this.expirationMs;
    let removed = 0;
    for (const object of await this.list(this.keyPrefix)) {
      if (!object.Key?.endsWith('.info')) continue;
      const id = object.Key.slice(0, -'.info'.length);
      const upload = await this.getUpload(id).catch(() => undefined);
      const created = Date.parse(upload?.creation_date ?? '') || (object.LastModified?.getTime() ?? Date.now());
      if (created >= cutoff) continue;
      await this.remove(id);
      removed++;
    }
    return removed;
  }
}
