import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { mkdir, rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { MediaS3Config } from '../../config';
import { MEDIA_CACHE_CONTROL, shownInline, type MediaObject, type MediaObjects } from './objects';

/** The status an SDK error carries (304, 404, 416...). */
const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const missing = (error: unknown) =>
  statusOf(error) === 404 || (error as Error).name === 'NoSuchKey' || (error as Error).name === 'NotFound';

/** The bucket's client for media and resumable uploads alike. */
export function s3Client(config: MediaS3Config): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Checksums only where S3 demands them: many S3-compatible servers reject the newer trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, R2...), so every API process serves every
 * upload (docs/operations.md#media). Files are streamed through the API's /media/ paths with the same caching
 * headers as the folder store; the bucket itself can stay private.
 */
export function s3Objects(config: MediaS3Config, tempDir: string): MediaObjects {
  const client = s3Client(config);
  const Bucket = config.bucket;
  const key = (name: string) => `${config.prefix}${name}`;
  const ready = mkdir(tempDir, { recursive: true });

  const objects: MediaObjects = {
    kind: 's3',
    tempDir,
    async exists(name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key(name) }));
        return true;
      } catch (error) {
        if (missing(error)) return false;
        throw error;
      }
    },
    async putFile(name, file, contentType) {
      await ready;
      const { size } = await stat(file);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key(name),
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: contentType,
          CacheControl: MEDIA_CACHE_CONTROL,
        }),
      );
      await rm(file, { force: true });
    },
    async put(name, bytes, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: key(name), Body: bytes, ContentType: contentType, CacheControl: MEDIA_CACHE_CONTROL }),
      );
    },
    async read(name) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key(name) }));
        // biome-ignore lint/style/noNonNullAssertion: a GetObject answer that did not throw carries its body.
        return Buffer.from(await out.Body!.transformToByteArray());
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async readTo(name, file) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key(name) }));
        await pipeline(out.Body as Readable, createWriteStream(file));
        return true;
      } catch (error) {
        await rm(file, { force: true });
        if (missing(error)) return false;
        throw error;
      }
    },
    async touch(name) {
      // A copy onto itself is how S3 renews an object's modification time; its type is kept.
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key(name) })).catch(() => undefined);
      if (!head) return;
      await client.send(
        new CopyObjectCommand({
          Bucket,
          Key: key(name),
          CopySource: `${Bucket}/${key(name)}`,
          MetadataDirective: 'REPLACE',
          ContentType: head.ContentType,
          CacheControl: MEDIA_CACHE_CONTROL,
        }),
      );
    },
    async list() {
      const found: MediaObject[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: config.prefix, ContinuationToken }));
        for (const item of page.Contents ?? []) {
          // biome-ignore lint/style/noNonNullAssertion: every listed object has a key.
          const name = item.Key!.slice(config.prefix.length);
          if (name && !name.includes('/')) found.push({ name, modifiedMs: item.LastModified?.getTime() ?? 0 });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return found;
    },
    async remove(name) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key(name) }));
    },
    async send(request, reply, name) {
      const ifNoneMatch = request.headers['if-none-match'];
      const ifModifiedSince = request.headers['if-modified-since'];
      try {
        const out = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key(name),
            Range: request.headers.range,
            IfNoneMatch: ifNoneMatch,
            IfModifiedSince: !ifNoneMatch && ifModifiedSince ? new Date(ifModifiedSince) : undefined,
          }),
        );
        reply.header('Cache-Control', MEDIA_CACHE_CONTROL).header('Accept-Ranges', 'bytes').header('X-Content-Type-Options', 'nosniff');
        if (!shownInline(name)) reply.header('Content-Disposition', 'attachment');
        if (out.ETag) reply.header('ETag', out.ETag);
        if (out.LastModified) reply.header('Last-Modified', out.LastModified.toUTCString());
        if (out.ContentType) reply.type(out.ContentType);
        if (out.ContentLength !== undefined) reply.header('Content-Length', out.ContentLength);
        if (out.ContentRange) reply.status(206).header('Content-Range', out.ContentRange);
        reply.send(out.Body as Readable);
        return true;
      } catch (error) {
        const status = statusOf(error);
        if (status === 304) {
          reply.status(304).header('Cache-Control', MEDIA_CACHE_CONTROL).header('ETag', ifNoneMatch).send();
          return true;
        }
        if (status === 416) {
          reply.status(416).send({ detail: 'Requested range not satisfiable.' });
          return true;
        }
        if (missing(error)) return false;
        throw error;
      }
    },
    async close() {
      client.destroy();
    },
  };
  return objects;
}
