import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));

/** scrypt cost: about 50 ms a hash on one core here, slow enough to make guessing expensive. */
const PARAMS = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 32;

/** "scrypt$N$r$p$salt$hash": the parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { ...PARAMS, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return timingSafeEqual(key, expected);
}

/**
 * A stored value no password matches ("!" + random, not a scrypt hash): the account has a
 * password no one knows until its owner chooses a new one.
 */
export function unusablePassword(): string {
  return `!${randomBytes(18).toString('base64url')}`;
}

export function hasUsablePassword(stored: string): boolean {
  return !stored.startsWith('!');
}
