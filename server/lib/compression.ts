import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

export type Encoding = 'br' | 'gzip';

/**
 * Text answers (JSON, HTML, scripts) are compressed when the client accepts it, brotli
 * before gzip. Already compressed media (images, video, PDF) does not match the
 * compressible types and goes out as it is. Registered before any route: the plugin hooks
 * each route as it is declared.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    // A request body is never compressed by our clients; leave request parsing alone.
    globalDecompression: false,
  });
}

/** Clients send few distinct Accept-Encoding headers: each is read once. */
const negotiated = new Map<string, Encoding | null>();

/** The encoding to answer `request` with, by its Accept-Encoding (q=0 refuses one). */
export function acceptedEncoding(request: FastifyRequest): Encoding | null {
  const header = request.headers['accept-encoding'];
  if (!header) return null;
  let encoding = negotiated.get(header);
  if (encoding === undefined) {
    encoding = negotiate(header);
    if (negotiated.size >= 100) negotiated.clear();
    negotiated.set(header, encoding);
  }
  return encoding;
}

function negotiate(header: string): Encoding | null {
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    const weight = q ? Number(q[1]) : 1;
    const encoding: Encoding | null = name === 'br' ? 'br' : name === 'gzip' || name === 'x-gzip' ? 'gzip' : name === '*' ? 'br' : null;
    // Equal weights: brotli first, it is the smaller of the two.
    if (encoding && weight > 0 && (weight > bestQ || (weight === bestQ && encoding === 'br'))) {
      best = encoding;
      bestQ = weight;
    }
  }
  return best;
}

/**
 * The same compressors the plugin uses on the fly (brotli at quality 4: fast, still small);
 * `best` for text made once for the process's life, where the smallest form is worth the time.
 */
export function compressText(text: string | Buffer, encoding: Encoding, best = false): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: best ? 11 : 4 } })
    : gzipSync(text, { level: best ? 9 : -1 });
}

/** Text whose encoded forms are made once, the first time a client asks for each. */
export interface PreparedText {
  text: string;
  bytes: number;
  encoded(encoding: Encoding): Buffer;
}

export function prepareText(text: string, best = false): PreparedText {
  const encoded = new Map<Encoding, Buffer>();
  return {
    text,
    bytes: Buffer.byteLength(text),
    encoded(encoding) {
      let body = encoded.get(encoding);
      if (!body) {
        body = compressText(text, encoding, best);
        encoded.set(encoding, body);
      }
      return body;
    },
  };
}

/** Sends prepared text as its content type, compressed when accepted and worth it. */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, prepared: PreparedText, contentType: string) {
  reply.type(contentType).header('Vary', 'Accept-Encoding');
  const encoding = prepared.bytes >= COMPRESS_THRESHOLD ? acceptedEncoding(request) : null;
  if (!encoding) return reply.send(prepared.text);
  return reply.header('Content-Encoding', encoding).send(prepared.encoded(encoding));
}
