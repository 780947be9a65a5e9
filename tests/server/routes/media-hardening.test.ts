import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_BYTES_PER_DAY, UPLOAD_FILES_PER_MINUTE } from '@/shared/constants';
import { sweepUnreferencedMedia, ORPHAN_GRACE_MS } from '@server/services/media/sweep';
import { createUser, fileBlob, SAMPLE_FILES, startTestApp, type TestApp, type TestUser } from '../helpers';

/** Uploads (docs/api.md#uploads): verified accounts only, quotas, whole-file checks, orphans removed, PDFs downloaded. */
let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  user = await createUser(t);
});
afterAll(async () => {
  await t.close();
});

function upload(bytes: Buffer, filename: string) {
  const body = new FormData();
  body.append('upload_preset', 'chat');
  body.append('file', fileBlob(bytes), filename);
  return body;
}

const storedFiles = () => t.storedFiles();
const DAMAGED = { file: ['The file is damaged or is not the type it claims to be.'] };

/** A minimal WebM: EBML header with DocType "webm", then a Segment of unknown size. */
const WEBM = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x87, 0x42, 0x82, 0x84]),
  Buffer.from('webm', 'latin1'),
  Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
  Buffer.alloc(16),
]);
/** A minimal Ogg stream: one page that begins the stream, five bytes of body. */
const OGG = Buffer.concat([
  Buffer.from('OggS', 'latin1'),
  Buffer.from([0, 0x02]),
  Buffer.alloc(8),
  Buffer.alloc(12),
  Buffer.from([1, 5]),
  Buffer.from('hello', 'latin1'),
]);

describe('who may upload, and how much', () => {
  it('needs a verified account', async () => {
    const unverified = await createUser(t, { verified: false });
    const res = await t.api.post('/api/media/upload/', upload(SAMPLE_FILES.png, 'a.png'), { token: unverified.token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: 'Please verify your email address before doing this.' });
  });

  it(`allows ${UPLOAD_FILES_PER_MINUTE} files a minute per user, then 429`, async () => {
    const busy = await createUser(t);
    await t.db
      .insertInto('media_uploads')
      .values(Array.from({ length: UPLOAD_FILES_PER_MINUTE }, () => ({ user_id: busy.user.id, path: '/media/x.png', bytes: 10 })))
      .execute();
    const before = await storedFiles();
    const res = await t.api.post('/api/media/upload/', upload(SAMPLE_FILES.gif, 'a.gif'), { token: busy.token });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ detail: `Upload limit reached: at most ${UPLOAD_FILES_PER_MINUTE} files a minute. Please wait a moment.` });
    expect(await storedFiles()).toEqual(before);
    // Others are not affected.
    expect((await t.api.post('/api/media/upload/', upload(SAMPLE_FILES.gif, 'a.gif'), { token: user.token })).status).toBe(200);
  });

  it('holds under a burst of parallel uploads', async () => {
    const bursty = await createUser(t);
    await t.db
      .insertInto('media_uploads')
      .values(Array.from({ length: UPLOAD_FILES_PER_MINUTE - 2 }, () => ({ user_id: bursty.user.id, path: '/media/x.png', bytes: 10 })))
      .execute();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.api.post('/api/media/upload/', upload(SAMPLE_FILES.png, 'a.png'), { token: bursty.token })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 429, 429, 429, 429]);
  });

  it('counts refused files too', async () => {
    const careless = await createUser(t);
    await t.db
      .insertInto('media_uploads')
      .values(Array.from({ length: UPLOAD_FILES_PER_MINUTE - 1 }, () => ({ user_id: careless.user.id, path: '/media/x.png', bytes: 10 })))
      .execute();
    expect((await t.api.post('/api/media/upload/', upload(SAMPLE_FILES.text, 'a.png'), { token: careless.token })).status).toBe(400);
    expect((await t.api.post('/api/media/upload/', upload(SAMPLE_FILES.png, 'a.png'), { token: careless.token })).status).toBe(429);
  });

  it('allows a number of bytes a day per user, for product forms too', async () => {
    const heavy = await createUser(t, { type: 'SUPPLIER' });
    const earlier = new Date(Date.now() - 10 * 60_000);
    await t.db
      .insertInto('media_uploads')
      .values({ user_id: heavy.user.id, path: '/media/x.png', bytes: UPLOAD_BYTES_PER_DAY - 50, at: earlier })
      .execute();
    const res = await t.api.post('/api/media/upload/', upload(SAMPLE_FILES.png, 'a.png'), { token: heavy.token });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ detail: `Upload limit reached: at most ${UPLOAD_BYTES_PER_DAY / 1048576} MB a day.` });
    const form = new FormData();
    form.append('name', 'Thing');
    form.append('thumbnail', fileBlob(SAMPLE_FILES.png), 'a.png');
    expect((await t.api.post('/api/products/', form, { token: heavy.token })).status).toBe(429);
    // A day later the allowance is back.
    await t.db
      .updateTable('media_uploads')
      .set({ at: new Date(Date.now() - 25 * 60 * 60_000) })
      .where('user_id', '=', heavy.user.id)
      .execute();
    expect((await t.api.post('/api/media/upload/', upload(SAMPLE_FILES.png, 'a.png'), { token: heavy.token })).status).toBe(200);
  });
});

describe('the whole file is what its type says', () => {
  it('accepts whole images, videos and PDFs', async () => {
    for (const [bytes, format] of [
      [SAMPLE_FILES.webp, 'webp'],
      [SAMPLE_FILES.mp4, 'mp4'],
      [WEBM, 'webm'],
      [OGG, 'ogg'],
      [SAMPLE_FILES.pdf, 'pdf'],
    ] as const) {
      const res = await t.api.post('/api/media/upload/', upload(bytes, `f.${format}`), { token: user.token });
      expect(res.status, format).toBe(200);
      expect(res.body.format).toBe(format);
    }
  });

  it('refuses files that only start like their type, storing nothing', async () => {
    const before = await storedFiles();
    const cases: Array<[string, Buffer]> = [
      ['a cut PNG', SAMPLE_FILES.png.subarray(0, 60)],
      ['a JPEG header on text', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<script>alert(1)</script>'.repeat(4))])],
      ['a GIF header on HTML', Buffer.from('GIF89a<html><script>alert(1)</script></html>', 'latin1')],
      [
        'an MP4 signature on junk',
        Buffer.concat([
          Buffer.from([0, 0, 0, 0x18]),
          Buffer.from('ftypisom', 'latin1'),
          Buffer.alloc(12),
          Buffer.from('<html>junk</html>'),
        ]),
      ],
      ['an MP4 without its movie box', SAMPLE_FILES.mp4.subarray(0, 28)],
      ['a WebM header on HTML', Buffer.concat([WEBM.subarray(0, 12), Buffer.from('<html><script>alert(1)</script></html>')])],
      ['an Ogg page cut short', OGG.subarray(0, OGG.length - 2)],
      ['a PDF header on HTML', Buffer.from('%PDF-1.4\n<html><script>alert(1)</script></html>')],
    ];
    for (const [name, bytes] of cases) {
      const res = await t.api.post('/api/media/upload/', upload(bytes, 'file.bin'), { token: user.token });
      expect(res.status, name).toBe(400);
      expect(res.body, name).toEqual(DAMAGED);
    }
    expect(await storedFiles()).toEqual(before);
  });
});

describe('serving', () => {
  it('serves a PDF as an attachment and images inline', async () => {
    const pdf = await t.api.post('/api/media/upload/', upload(SAMPLE_FILES.pdf, 'list.pdf'), { token: user.token });
    const file = await fetch(new URL(pdf.body.secure_url, t.baseUrl));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('attachment');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    const png = await t.api.post('/api/media/upload/', upload(SAMPLE_FILES.png, 'a.png'), { token: user.token });
    expect((await fetch(new URL(png.body.secure_url, t.baseUrl))).headers.get('content-disposition')).toBeNull();
  });
});

describe('files nothing references', () => {
  it('are removed after the grace period, including those of a refused product post; used ones stay', async () => {
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    const unused = await t.api.post('/api/media/upload/', upload(SAMPLE_FILES.jpeg, 'unused.jpg'), { token: user.token });
    const refused = new FormData();
    refused.append('name', 'Refused');
    refused.append('min_price', 'cheap');
    // A picture no one else uploaded, so its name is its own.
    const picture = await sharp({ create: { width: 3, height: 2, channels: 3, background: '#1a7' } })
      .webp()
      .toBuffer();
    refused.append('thumbnail', fileBlob(picture), 'refused.webp');
    const beforeRefused = await storedFiles();
    expect((await t.api.post('/api/products/', refused, { token: supplier.token })).status).toBe(400);
    // Stored under the name of the picture as encoded again on upload: the one new file.
    const [refusedName] = (await storedFiles()).filter((f) => !beforeRefused.includes(f));
    const used = await t.api.post('/api/media/upload/', upload(SAMPLE_FILES.gif, 'used.gif'), { token: user.token });
    const category = await t.db.selectFrom('categories').select('id').executeTakeFirstOrThrow();
    await t.db
      .insertInto('products')
      .values({
        supplier_id: supplier.user.id,
        category_id: category.id,
        name: 'Kept',
        description: 'd',
        min_price: 1,
        max_price: 2,
        thumbnail_url: used.body.secure_url,
        minimum_order_quantity: 1,
        quantity_in_stock: 1,
      })
      .execute();
    // A request's picture and a verification certificate are used too, though no product shows them.
    const rfqPicture = await t.api.post('/api/media/upload/', upload(SAMPLE_FILES.png, 'wanted.png'), { token: user.token });
    const rfq = await t.api.post(
      '/api/rfqs/',
      {
        title: 'Jute sacks',
        description: 'Like the picture',
        category: category.id,
        quantity: 100,
        deadline: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        images: [rfqPicture.body.secure_url],
      },
      { token: user.token },
    );
    expect(rfq.status).toBe(201);
    const certificate = await t.api.post('/api/media/upload/', upload(SAMPLE_FILES.pdf, 'certificate.pdf'), { token: supplier.token });
    const asked = await t.api.post(
      '/api/me/verification/',
      { registry: 'CAC', registry_number: 'RC1234567', document: certificate.body.secure_url },
      { token: supplier.token },
    );
    expect(asked.status).toBe(201);
    const name = (url: string) => url.split('/').pop()!;
    const unusedName = name(unused.body.secure_url);
    expect(refusedName).toMatch(/^[0-9a-f]{64}\.webp$/);

    // Within the grace period nothing goes.
    expect(await sweepUnreferencedMedia(t.db, t.app.media)).toEqual([]);
    const removed = await sweepUnreferencedMedia(t.db, t.app.media, { now: Date.now() + ORPHAN_GRACE_MS + 60_000 });
    expect(removed).toContain(unusedName);
    expect(removed).toContain(refusedName);
    expect(removed).not.toContain(name(used.body.secure_url));
    expect(removed).not.toContain(name(rfqPicture.body.secure_url));
    expect(removed).not.toContain(name(certificate.body.secure_url));
    const left = await storedFiles();
    expect(left).toContain(name(used.body.secure_url));
    expect(left).not.toContain(unusedName);
    expect(left).not.toContain(refusedName);
  });
});
