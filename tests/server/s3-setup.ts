import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { TestProject } from 'vitest/node';
import type { MediaS3Config } from '@server/config';

export const TEST_BUCKET = 'marketplace-media';

/** A local S3-compatible server (s3rver) on a free port, with the media bucket made. */
export async function startS3(directory: string) {
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  const config: MediaS3Config = {
    bucket: TEST_BUCKET,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    prefix: '',
    forcePathStyle: true,
  };
  return { config, close: () => server.close() };
}

/** The server-s3 project: every test app keeps its media in this bucket (helpers.ts, under a prefix of its own). */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'mk-s3-'));
  const s3 = await startS3(dir);
  project.provide('mediaS3', s3.config);
  return async () => {
    await s3.close();
    await rm(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    mediaS3?: MediaS3Config;
  }
}
