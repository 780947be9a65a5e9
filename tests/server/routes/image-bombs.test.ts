import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_PIXELS } from '@/shared/constants';
import { imagePoolLoad, inImagePool } from '@server/services/media/images';
import { createUser, fileBlob, SAMPLE_FILES, startTestApp, type TestApp, type TestUser } from '../helpers';

/** Images that decode to far more than they weigh, and files that are more than one image. */
let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  user = await createUser(t);
});
afterAll(async () => {
  await t.close();
});

/**
 * A GIF of `frames` frames on a `size`×`size` canvas, each frame one pixel: a few hundred bytes
 * that decode to size² × frames pixels.
 */
function gifBomb(size: number, frames: number): Buffer {
  const word = (n: number) => Buffer.from([n & 0xff, n >> 8]);
  const parts = [
    Buffer.from('GIF89a', 'latin1'),
    word(size),
    word(size),
    Buffer.from([0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff]),
    // Netscape looping extension: an animation.
    Buffer.from('21ff0b4e45545343415045322e300301000000', 'hex'),
  ];
  for (let i = 0; i < frames; i++) {
    parts.push(Buffer.from('21f904040a000000', 'hex'), Buffer.from('2c000000000100010000', 'hex'), Buffer.from('02024c0100', 'hex'));
  }
  parts.push(Buffer.from([0x3b]));
  return Buffer.concat(parts);
}

/** A one-bit PNG of width×height pixels, all black: a few kilobytes of zeros, deflated. */
function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function upload(bytes: Buffer, filename: string) {
  const body = new FormData();
  body.append('upload_preset', 'chat');
  body.append('file', fileBlob(bytes), filename);
  return body;
}

const TOO_LARGE = {
  file: [`The image is too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels (all frames together) and 100 frames.`],
};

describe('the pixel budget', () => {
  it('refuses a small GIF that decodes to 2000×2000 × 64 frames, storing nothing', async () => {
    const bomb = gifBomb(2000, 64);
    expect(bomb.length).toBeLessThan(2000);
    const before = await t.storedFiles();
    const res = await t.api.post('/api/media/upload/', upload(bomb, 'bomb.gif'), { token: user.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(TOO_LARGE);
    expect(await t.storedFiles()).toEqual(before);
  });

  it('refuses a still above the budget (a 10000×10000 PNG of a few KB) and accepts a modest animation', async () => {
    const bomb = pngBomb(10_000, 10_000);
    expect(bomb.length).toBeLessThan(50_000);
    const still = await t.api.post('/api/media/upload/', upload(bomb, 'big.png'), { token: user.token });
    expect(still.status).toBe(400);
    expect(still.body).toEqual(TOO_LARGE);
    const modest = await t.api.post('/api/media/upload/', upload(gifBomb(200, 5), 'ok.gif'), { token: user.token });
    expect(modest.status).toBe(200);
    expect(modest.body).toMatchObject({ resource_type: 'image', format: 'gif' });
  });

  it('serves a bomb stored before the budget existed as it is, without resizing it', async () => {
    const bomb = gifBomb(2000, 64);
    const name = `${'b'.repeat(64)}.gif`;
    await t.app.media.objects.put(name, bomb, 'image/gif');
    const answers = await Promise.all([200, 400, 800, 200].map((w) => fetch(`${t.baseUrl}/media/${name}?w=${w}`)));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/gif');
      expect(Buffer.from(await res.arrayBuffer()).equals(bomb)).toBe(true);
    }
    expect((await t.storedFiles()).filter((f) => f.startsWith('b'.repeat(64)))).toEqual([name]);
  });
});

describe('what is stored is one well-formed image', () => {
  it('drops bytes appended after the image (a polyglot) and keeps the picture', async () => {
    const appended = Buffer.from('PK\x03\x04<html><script>alert(1)</script></html>', 'latin1');
    for (const [bytes, format] of [
      [SAMPLE_FILES.png, 'png'],
      [SAMPLE_FILES.gif, 'gif'],
      [SAMPLE_FILES.jpeg, 'jpg'],
    ] as const) {
      const res = await t.api.post('/api/media/upload/', upload(Buffer.concat([bytes, appended]), `a.${format}`), { token: user.token });
      expect(res.status, format).toBe(200);
      const stored = Buffer.from(await (await fetch(new URL(res.body.secure_url, t.baseUrl))).arrayBuffer());
      expect(stored.includes('<script>'), format).toBe(false);
      expect(stored.length, format).toBe(res.body.bytes);
      const meta = await sharp(stored).metadata();
      expect([meta.width, meta.height], format).toEqual([1, 1]);
    }
  });

  it('strips metadata (EXIF, comments) from a photo, applying its orientation', async () => {
    const photo = await sharp({ create: { width: 4, height: 2, channels: 3, background: '#c33' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'SecretCam', ImageDescription: 'home at 6.5244N 3.3792E' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(photo.includes('SecretCam')).toBe(true);
    const res = await t.api.post('/api/media/upload/', upload(photo, 'photo.jpg'), { token: user.token });
    expect(res.status).toBe(200);
    const stored = Buffer.from(await (await fetch(new URL(res.body.secure_url, t.baseUrl))).arrayBuffer());
    expect(stored.includes('SecretCam')).toBe(false);
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([2, 4, undefined]);
  });
});

describe('the image pool', () => {
  it('works on one image at a time, however many are asked for', async () => {
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 8 }, () =>
        inImagePool(async () => {
          running++;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running--;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(imagePoolLoad()).toEqual({ active: 0, waiting: 0 });
  });
});
