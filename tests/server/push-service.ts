import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';

/**
 * A push service on 127.0.0.1 as browsers' push services behave, and a browser's side of a
 * subscription: its P-256 key pair and auth secret, with which a push is decrypted as the
 * browser would (RFC 8291, aes128gcm) and its VAPID signature checked (RFC 8292).
 */

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export async function startPushService() {
  const received: ReceivedPush[] = [];
  const waiters: Array<() => void> = [];
  /** Status to answer per path (the subscription's id in the endpoint); 201 otherwise. */
  const answers = new Map<string, number>();
  const hanging: Array<() => void> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      for (const wake of waiters.splice(0)) wake();
      const status = answers.get(path) ?? 201;
      if (status === 0) hanging.push(() => res.writeHead(201).end());
      else res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    received,
    /** Status per path; 0 holds the answer back until releaseHanging(). */
    answers,
    releaseHanging: () => {
      for (const answer of hanging.splice(0)) answer();
    },
    /** Pushes to this path, waiting until there are at least `count`. */
    async waitFor(path: string, count = 1, timeoutMs = 5000): Promise<ReceivedPush[]> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.filter((r) => r.path === path);
        if (found.length >= count) return found;
        if (Date.now() > deadline) throw new Error(`${found.length} of ${count} pushes to ${path} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;

/** A browser's subscription to `endpoint`: what PushSubscription.toJSON() gives, and its private half. */
export function browserSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    json: { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') } },
    /** The push's plaintext, decrypted as the browser does. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLength = body[20];
      const serverKey = body.subarray(21, 21 + idLength);
      const ciphertext = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(serverKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
      const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 0x02, then zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error('not the last record of an aes128gcm push');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

/**
 * The VAPID claims of an `Authorization: vapid t=<JWT>, k=<key>` header, after checking that
 * the JWT is ES256-signed by `publicKey` (the server's, base64url).
 */
export function verifyVapid(header: string | undefined, publicKey: string): { aud: string; exp: number; sub: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID header: ${header}`);
  const [, jwt, k] = match;
  if (k !== publicKey) throw new Error('signed with another key');
  const [head, claims, signature] = jwt.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('bad VAPID signature');
  if (JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'ES256') throw new Error('not ES256');
  return JSON.parse(Buffer.from(claims, 'base64url').toString());
}
