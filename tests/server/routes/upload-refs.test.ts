import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestApp, type TestApp, type TestUser } from '../helpers';
import { productForm } from '../fixtures/catalogue';

/**
 * A finished resumable upload named in a form in place of a file (`thumbnail_upload`,
 * `images_upload`, `logo_upload`): the picture sent through /api/uploads/ becomes the
 * product's or profile's, only the uploader's own, of the field's kind, and only once.
 */
let t: TestApp;
let supplier: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  supplier = await createUser(t, { type: 'SUPPLIER' });
  other = await createUser(t, { type: 'SUPPLIER' });
});
afterAll(async () => {
  await t.close();
});

const picture = (r: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r, g: 90, b: 160 } } })
    .png()
    .toBuffer();

/** A file sent whole through tus (creation, then one PATCH); its upload URL, and whether it finished. */
async function uploaded(file: Buffer, token = supplier.token, finish = true): Promise<{ url: string; secure_url?: string }> {
  const headers = { 'Tus-Resumable': '1.0.0', authorization: `Bearer ${token}` };
  const created = await fetch(new URL('/api/uploads/', t.baseUrl), {
    method: 'POST',
    headers: { ...headers, 'Upload-Length': String(file.length), 'Upload-Metadata': `filename ${Buffer.from('p.png').toString('base64')}` },
  });
  expect(created.status).toBe(201);
  const url = created.headers.get('location') ?? '';
  if (!finish) return { url };
  const patched = await fetch(new URL(url, t.baseUrl), {
    method: 'PATCH',
    headers: { ...headers, 'content-type': 'application/offset+octet-stream', 'Upload-Offset': '0' },
    body: new Uint8Array(file),
  });
  expect(patched.status).toBe(200);
  return { url, secure_url: ((await patched.json()) as { secure_url: string }).secure_url };
}

const productCount = async () => Number((await t.db.selectFrom('products').select(t.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('finished uploads named in forms', () => {
  it('become the thumbnail and gallery pictures of a new product, in the order sent, beside file parts', async () => {
    const thumb = await uploaded(await picture(10));
    const second = await uploaded(await picture(200));
    const form = await productForm(t, { thumbnail: false, images: [await picture(120)] });
    form.append('thumbnail_upload', thumb.url);
    // Absolute and bare-id spellings of the upload are both understood.
    form.append('images_upload', `${t.baseUrl}${second.url}`);
    const created = await t.api.post('/api/products/', form, { token: supplier.token });
    expect(created.status).toBe(201);
    expect(created.body.thumbnail_url).toContain(thumb.secure_url);
    expect(created.body.images).toHaveLength(2);
    expect(created.body.images[1].media_source_url).toContain(second.secure_url);

    // Used once: the same upload named again is refused, and nothing is created.
    const before = await productCount();
    const again = await productForm(t, { thumbnail: false });
    again.append('thumbnail_upload', thumb.url);
    const refused = await t.api.post('/api/products/', again, { token: supplier.token });
    expect(refused.status).toBe(400);
    expect(refused.body.thumbnail_upload).toEqual([expect.stringContaining('No finished upload')]);
    expect(await productCount()).toBe(before);
  });

  it("refuses another user's upload, an unfinished one, one of the wrong kind and junk, and keeps the owner's upload usable", async () => {
    const theirs = await uploaded(await picture(60), other.token);
    const unfinished = await uploaded(await picture(70), supplier.token, false);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 0x20), Buffer.from('\n%%EOF\n')]);
    const document = await uploaded(pdf);
    const before = await productCount();
    for (const [ref, expected] of [
      [theirs.url, 'No finished upload'],
      [unfinished.url, 'No finished upload'],
      [document.url, 'Unsupported file type'],
      ['../../etc/passwd', 'No finished upload'],
    ] as const) {
      const form = await productForm(t, { thumbnail: false });
      form.append('thumbnail_upload', ref);
      const answer = await t.api.post('/api/products/', form, { token: supplier.token });
      expect(answer.status).toBe(400);
      expect(answer.body.thumbnail_upload).toEqual([expect.stringContaining(expected)]);
    }
    expect(await productCount()).toBe(before);
    // Still there for the one it belongs to.
    const still = await t.api.get(`${theirs.url}`, { token: other.token });
    expect(still.status).toBe(200);
  });

  it("becomes a supplier's logo through a JSON profile edit", async () => {
    const logo = await uploaded(await picture(240));
    const answer = await t.api.patch('/api/profile/supplier/', { logo_upload: logo.url.split('/').at(-2) }, { token: supplier.token });
    expect(answer.status).toBe(200);
    expect(answer.body.logo_url).toContain(logo.secure_url);
  });
});
