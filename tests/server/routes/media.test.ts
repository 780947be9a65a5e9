import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, fileBlob, SAMPLE_FILES, startTestApp, type TestApp, type TestUser } from '../helpers';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  user = await createUser(t);
});
afterAll(async () => {
  await t.close();
});

function upload(bytes: Buffer | Blob, filename: string, extra: Record<string, string> = { upload_preset: 'chat' }) {
  const body = new FormData();
  for (const [k, v] of Object.entries(extra)) body.append(k, v);
  body.append('file', bytes instanceof Blob ? bytes : fileBlob(bytes), filename);
  return body;
}

/** Every file in the media store, temporary ones included. */
const storedFiles = () => t.storedFiles();

describe('POST /api/media/upload/', () => {
  it('stores an image and answers like the hosted media service', async () => {
    const res = await t.api.post('/api/media/upload/', upload(SAMPLE_FILES.png, 'photo.png'), { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      secure_url: expect.stringMatching(/^\/media\/[0-9a-f]{64}\.png$/),
      resource_type: 'image',
      format: 'png',
      bytes: SAMPLE_FILES.png.length,
    });
  });

  it('tells the kind by content, whatever the name says', async () => {
    const cases: Array<[Buffer, string, string, string]> = [
      [SAMPLE_FILES.jpeg, 'no-extension', 'image', 'jpg'],
      [SAMPLE_FILES.gif, 'animated.png', 'image', 'gif'],
      [SAMPLE_FILES.mp4, 'clip.bin', 'video', 'mp4'],
      [SAMPLE_FILES.pdf, 'invoice.txt', 'raw', 'pdf'],
    ];
    for (const [bytes, name, resource_type, format] of cases) {
      const res = await t.api.post('/api/media/upload/', upload(bytes, name), { token: user.token });
      expect(res.status, name).toBe(200);
      expect(res.body, name).toMatchObject({ resource_type, format });
      // `bytes` is the stored file's size (images are stored encoded again: image-bombs.test.ts).
      const stored = await fetch(new URL(res.body.secure_url, t.baseUrl));
      expect((await stored.arrayBuffer()).byteLength, name).toBe(res.body.bytes);
      if (resource_type !== 'image') expect(res.body.bytes, name).toBe(bytes.length);
    }
  });

  it('rejects an HTML page named .png and other unknown content, storing nothing', async () => {
    const before = await storedFiles();
    for (const [bytes, name] of [
      [SAMPLE_FILES.htmlAsPng, 'cat.png'],
      [SAMPLE_FILES.text, 'notes.pdf'],
    ] as const) {
      const res = await t.api.post('/api/media/upload/', upload(bytes, name), { token: user.token });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ file: [expect.stringContaining('Unsupported file type')] });
    }
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a file over 52,428,800 bytes with 413 and stores nothing', async () => {
    const before = await storedFiles();
    const big = Buffer.alloc(52_428_801);
    SAMPLE_FILES.png.copy(big);
    const res = await t.api.post('/api/media/upload/', upload(big, 'huge.png'), { token: user.token });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ detail: 'File is too large. Maximum size is 50MB.' });
    expect(await storedFiles()).toEqual(before);
  });

  it('accepts a file of exactly 52,428,800 bytes', async () => {
    // A PDF (stored as received; images are encoded again, so their size changes).
    const edge = Buffer.alloc(52_428_800, 0x20);
    SAMPLE_FILES.pdf.copy(edge);
    edge.write('%%EOF\n', edge.length - 6, 'latin1');
    const res = await t.api.post('/api/media/upload/', upload(edge, 'edge.png'), { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.bytes).toBe(52_428_800);
  });

  it('is for signed-in users only', async () => {
    const res = await t.api.post('/api/media/upload/', upload(SAMPLE_FILES.png, 'photo.png'));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: expect.any(String) });
  });

  it('needs exactly one file in the file field', async () => {
    const none = new FormData();
    none.append('upload_preset', 'chat');
    expect((await t.api.post('/api/media/upload/', none, { token: user.token })).body).toEqual({ file: ['No file was submitted.'] });
    expect((await t.api.post('/api/media/upload/', { file: 'x' }, { token: user.token })).status).toBe(400);
    const two = upload(SAMPLE_FILES.png, 'a.png');
    two.append('file', fileBlob(SAMPLE_FILES.gif), 'b.gif');
    expect((await t.api.post('/api/media/upload/', two, { token: user.token })).status).toBe(400);
    const empty = await t.api.post('/api/media/upload/', upload(Buffer.alloc(0), 'empty.png'), { token: user.token });
    expect(empty.status).toBe(400);
  });
});

describe('GET /media/...', () => {
  it('serves the stored bytes with their type, nosniff and a long cache', async () => {
    const up = await t.api.post('/api/media/upload/', upload(SAMPLE_FILES.png, 'photo.png'), { token: user.token });
    const res = await fetch(new URL(up.body.secure_url, t.baseUrl));
    expect(res.status).toBe(200);
    const stored = Buffer.from(await res.arrayBuffer());
    expect(stored.length).toBe(up.body.bytes);
    // The same picture, pixel for pixel (stored encoded again: image-bombs.test.ts).
    const pixels = (png: Buffer) => sharp(png).ensureAlpha().raw().toBuffer();
    expect((await pixels(stored)).equals(await pixels(SAMPLE_FILES.png))).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toMatch(/max-age=31536000/);
    expect(res.headers.get('cache-control')).toMatch(/immutable/);
  });

  it('stores the same content once', async () => {
    const a = await t.api.post('/api/media/upload/', upload(SAMPLE_FILES.gif, 'one.gif'), { token: user.token });
    const b = await t.api.post('/api/media/upload/', upload(SAMPLE_FILES.gif, 'two.gif'), { token: user.token });
    expect(a.body.secure_url).toBe(b.body.secure_url);
  });

  it('answers 404 for files that do not exist and serves nothing outside the store', async () => {
    expect((await fetch(`${t.baseUrl}/media/${'0'.repeat(64)}.png`)).status).toBe(404);
    const outside = await fetch(`${t.baseUrl}/media/..%2F..%2Fpackage.json`);
    expect([403, 404]).toContain(outside.status);
    expect(await outside.text()).not.toContain('"dependencies"');
  });
});
