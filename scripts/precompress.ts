import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { ALWAYS_REVALIDATE } from '../server/web/files.ts';

/** Built text files the server sends compressed; images and fonts are compressed already. */
const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
/** Below this a compressed copy saves less than its headers (server/lib/compression.ts). */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/**
 * Writes <file>.br and <file>.gz beside every text file of `dir` of at least MIN_BYTES,
 * except those replaced in place under the same name (server/web/files.ts).
 */
export async function precompressDir(dir: string): Promise<void> {
  for await (const file of files(dir)) {
    if (!TEXT.test(file) || ALWAYS_REVALIDATE.has(path.basename(file))) continue;
    const data = await readFile(file);
    if (data.length < MIN_BYTES) continue;
    await writeFile(
      `${file}.br`,
      brotliCompressSync(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      }),
    );
    await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }));
  }
}

/**
 * Writes <file>.br and <file>.gz beside the built text files once, at the highest levels
 * (time spent here is free at serve time); server/web/index.ts serves them by Accept-Encoding.
 * Runs after the service worker is generated, so the workbox runtime is covered too.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'marketplace:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler: () => precompressDir(outDir),
    },
  };
}
