import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { Upload } from '@tus/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUploads } from '@server/services/media/uploads';
import { createUser, SAMPLE_FILES, startTestApp, type TestApp, type TestUser } from '../helpers';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  user = await createUser(t);
});
afterAll(async () => {
  await t.close();
});

const b64 = (text: string) => Buffer.from(text).toString('base64');

/** A PDF of about `size` bytes: whole (it ends as a PDF does), so the media checks accept it. */
function pdfOf(size: number) {
  const head = Buffer.from('%PDF-1.4\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 0x20), tail]);
}

async function tus(method: string, url: string, opts: { token?: string; headers?: Record<string, string>; body?: Buffer } = {}) {
  const headers: Record<string, string> = { 'Tus-Resumable': '1.0.0', ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body) headers['content-type'] = 'application/offset+octet-stream';
  const res = await fetch(new URL(url, t.baseUrl), { method, headers, body: opts.body ? new Uint8Array(opts.body) : undefined });
  const text = await res.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* keep the text */
  }
  return { status: res.status, headers: res.headers, body };
}

async function create(length: number, token = user.token, metadata = `filename ${b64('invoice.pdf')},upload_preset ${b64('chat')}`) {
  const res = await tus('POST', '/api/uploads/', { token, headers: { 'Upload-Length': String(length), 'Upload-Metadata': metadata } });
  return { ...res, url: res.headers.get('location') ?? '' };
}

/** Sends `bytes` as a PATCH body but cuts the connection after `cutAfter` of them. */
function cutPatch(url: string, offset: number, bytes: Buffer, cutAfter: number) {
  return new Promise<void>((resolve) => {
    const target = new URL(url, t.baseUrl);
    const req = httpRequest(target, {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0',
        authorization: `Bearer ${user.token}`,
        'content-type': 'application/offset+octet-stream',
        'upload-offset': String(offset),
        'content-length': String(bytes.length),
      },
    });
    req.on('error', () => resolve());
    req.on('response', (res) => {
      res.resume();
      resolve();
    });
    req.write(bytes.subarray(0, cutAfter), () => setTimeout(() => req.destroy(), 300));
  });
}

describe('/api/uploads/ (tus 1.0)', () => {
  it('is for signed-in, confirmed accounts only', async () => {
    expect(await create(10, '')).toMatchObject({ status: 401, body: { detail: expect.any(String) } });
    const unconfirmed = await createUser(t, { verified: false });
    expect(await create(10, unconfirmed.token)).toMatchObject({ status: 403, body: { detail: expect.any(String) } });
  });

  it('announces tus 1.0 with creation, termination and expiration', async () => {
    const res = await tus('OPTIONS', '/api/uploads/');
    expect(res.status).toBe(204);
    expect(res.headers.get('tus-version')).toContain('1.0.0');
    expect(res.headers.get('tus-extension')).toMatch(/creation.*termination.*expiration|creation.*expiration.*termination/);
    expect(res.headers.get('tus-max-size')).toBe('52428800');
  });

  it('takes a file in pieces and answers the last piece like /api/media/upload/, with the file name', async () => {
    const file = pdfOf(300_000);
    const created = await create(file.length);
    expect(created.status).toBe(201);
    expect(created.url).toMatch(/^\/api\/uploads\/[0-9a-f]{32}\/$/);
    expect(Date.parse(created.headers.get('upload-expires')!) - Date.now()).toBeGreaterThan(23 * 3600_000);

    const first = await tus('PATCH', created.url, {
      token: user.token,
      headers: { 'Upload-Offset': '0' },
      body: file.subarray(0, 100_000),
    });
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe('100000');
    const head = await tus('HEAD', created.url, { token: user.token });
    expect(head.headers.get('upload-offset')).toBe('100000');
    expect(head.headers.get('upload-length')).toBe(String(file.length));

    const last = await tus('PATCH', created.url, {
      token: user.token,
      headers: { 'Upload-Offset': '100000' },
      body: file.subarray(100_000),
    });
    expect(last.status).toBe(200);
    expect(last.body).toEqual({
      secure_url: expect.stringMatching(/^\/media\/[0-9a-f]{64}\.pdf$/),
      resource_type: 'raw',
      format: 'pdf',
      bytes: file.length,
      original_filename: 'invoice.pdf',
    });
    const stored = await fetch(new URL(last.body.secure_url, t.baseUrl));
    expect(Buffer.from(await stored.arrayBuffer()).equals(file)).toBe(true);

    // The last answer lost on the way: asked again, the same answer, nothing sent twice.
    expect((await tus('HEAD', created.url, { token: user.token })).headers.get('upload-offset')).toBe(String(file.length));
    expect((await tus('GET', created.url, { token: user.token })).body).toEqual(last.body);
    const again = await tus('PATCH', created.url, {
      token: user.token,
      headers: { 'Upload-Offset': String(file.length) },
      body: Buffer.alloc(0),
    });
    expect(again).toMatchObject({ status: 200, body: last.body });
  });

  it('keeps what arrived before a cut connection and resumes from there', async () => {
    const file = pdfOf(2_000_000);
    const { url } = await create(file.length);
    await cutPatch(url, 0, file, 1_200_000);
    const offset = Number((await tus('HEAD', url, { token: user.token })).headers.get('upload-offset'));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(1_200_000);
    const rest = await tus('PATCH', url, { token: user.token, headers: { 'Upload-Offset': String(offset) }, body: file.subarray(offset) });
    expect(rest.status).toBe(200);
    expect(rest.body.bytes).toBe(file.length);
  });

  it("does not show one user's upload to another", async () => {
    const { url } = await create(10);
    const other = await createUser(t);
    expect(await tus('HEAD', url, { token: other.token })).toMatchObject({ status: 404 });
    const patch = await tus('PATCH', url, { token: other.token, headers: { 'Upload-Offset': '0' }, body: Buffer.alloc(10) });
    expect(patch).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    expect(await tus('DELETE', url, { token: other.token })).toMatchObject({ status: 404 });
  });

  it("acts on the upload its path names, never on one named after a '?'", async () => {
    const mine = await create(10);
    const other = await createUser(t);
    const theirs = await create(10, other.token);
    const theirId = theirs.url.split('/')[3];
    const sneaky = `${mine.url}?/${theirId}`;
    // Neither read, nor written, nor cancelled: each answers for the caller's own upload or not at all.
    const head = await tus('HEAD', sneaky, { token: user.token });
    expect(head.headers.get('upload-offset')).toBe('0');
    await tus('PATCH', sneaky, { token: user.token, headers: { 'Upload-Offset': '0' }, body: Buffer.alloc(4, 1) });
    await tus('DELETE', sneaky, { token: user.token });
    expect(await tus('HEAD', theirs.url, { token: other.token })).toMatchObject({ status: 200 });
    expect((await tus('HEAD', theirs.url, { token: other.token })).headers.get('upload-offset')).toBe('0');
  });

  it('refuses a file over 52,428,800 bytes up front with 413', async () => {
    const res = await create(52_428_801);
    expect(res).toMatchObject({ status: 413, body: { detail: 'File is too large. Maximum size is 50MB.' } });
    expect((await create(52_428_800)).status).toBe(201);
  });

  it('applies the same type and whole-file checks, and keeps nothing of a refused file', async () => {
    const before = await t.storedFiles();
    const { url } = await create(SAMPLE_FILES.htmlAsPng.length);
    const res = await tus('PATCH', url, { token: user.token, headers: { 'Upload-Offset': '0' }, body: SAMPLE_FILES.htmlAsPng });
    expect(res).toMatchObject({ status: 400, body: { file: [expect.stringContaining('Unsupported file type')] } });
    expect(res.headers.get('content-type')).toContain('application/json');
    expect((await tus('HEAD', url, { token: user.token })).status).toBe(404);

    const truncated = Buffer.from('%PDF-1.4\n<html><script>alert(1)</script></html>');
    const second = await create(truncated.length);
    const damaged = await tus('PATCH', second.url, { token: user.token, headers: { 'Upload-Offset': '0' }, body: truncated });
    expect(damaged).toMatchObject({ status: 400, body: { file: [expect.stringContaining('damaged')] } });
    expect(await t.storedFiles()).toEqual(before);
  });

  it('is cancelled with DELETE: its bytes go and it is gone', async () => {
    const { url } = await create(1000);
    await tus('PATCH', url, { token: user.token, headers: { 'Upload-Offset': '0' }, body: Buffer.alloc(500, 1) });
    expect((await tus('DELETE', url, { token: user.token })).status).toBe(204);
    expect((await tus('HEAD', url, { token: user.token })).status).toBe(404);
  });

  it("applies the day's allowance before a byte is sent", async () => {
    const heavy = await createUser(t);
    await t.db
      .insertInto('media_uploads')
      .values({ user_id: heavy.user.id, path: '/media/x', bytes: 4 * 52_428_800 - 1000 })
      .execute();
    const res = await create(5000, heavy.token);
    expect(res).toMatchObject({ status: 429, body: { detail: expect.stringContaining('Upload limit reached') } });
    expect((await create(900, heavy.token)).status).toBe(201);
  });

  it("counts the declared length of unfinished uploads in the day's allowance", async () => {
    const hoarder = await createUser(t);
    // Four 50 MB uploads opened and left unfinished hold the day's 200 MB.
    for (let i = 0; i < 4; i++) expect((await create(52_428_800, hoarder.token)).status).toBe(201);
    const fifth = await create(1000, hoarder.token);
    expect(fifth).toMatchObject({ status: 429, body: { detail: expect.stringContaining('Upload limit reached') } });
  });

  it('expires an unfinished upload after 24 hours', async () => {
    const { url } = await create(1000);
    const id = url.split('/')[3];
    await t.db
      .updateTable('uploads')
      .set({ created_at: new Date(Date.now() - 25 * 3600_000) })
      .where('id', '=', id)
      .execute();
    expect((await tus('HEAD', url, { token: user.token })).status).toBe(404);
  });

  it('answers tus protocol errors in the API shape', async () => {
    const { url } = await create(100);
    const conflict = await tus('PATCH', url, { token: user.token, headers: { 'Upload-Offset': '50' }, body: Buffer.alloc(10) });
    expect(conflict).toMatchObject({ status: 409, body: { detail: expect.any(String) } });
    const noLength = await tus('POST', '/api/uploads/', { token: user.token });
    expect(noLength).toMatchObject({ status: 400, body: { detail: expect.stringContaining('Upload-Length') } });
  });
});

describe('the upload sweep', () => {
  it('removes the bytes and rows of uploads past 24 hours, and keeps the others', async () => {
    const service = await createUploads(t.db, t.app.media, { s3: t.app.config.mediaS3 });
    const old = new Date(Date.now() - 25 * 3600_000).toISOString();
    for (const [id, creation_date] of [
      ['a'.repeat(32), old],
      ['b'.repeat(32), new Date().toISOString()],
    ]) {
      await service.datastore.create(new Upload({ id: service.storeId(id), size: 10, offset: 0, creation_date }));
      await service.datastore.write(Readable.from([Buffer.alloc(4)]), service.storeId(id), 0);
    }
    expect(await service.sweep()).toBe(1);
    await expect(service.datastore.getUpload(service.storeId('a'.repeat(32)))).rejects.toMatchObject({ status_code: 404 });
    expect((await service.datastore.getUpload(service.storeId('b'.repeat(32)))).offset).toBe(4);
  });
});
