import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_FILES_PER_MINUTE } from '@/shared/constants';
import { checkUploadAllowance, requireUploader } from '@server/services/media/store';
import { createUser, fileBlob, SAMPLE_FILES, startTestApp, type TestApp } from '../helpers';

/** Only confirmed accounts store files, on every route that takes them, within the same allowances. */
let t: TestApp;
let categoryId: number;
beforeAll(async () => {
  t = await startTestApp();
  categoryId = (await t.db.selectFrom('categories').select('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t.close();
});

const NEEDS_CONFIRMED = { detail: 'Please verify your email address before uploading files.' };

function onboardingForm(withLogo: boolean) {
  const form = new FormData();
  form.append('account_type', 'SUPPLIER');
  form.append('company_name', 'Throwaway Ltd');
  form.append('industry_ids', String(categoryId));
  if (withLogo) form.append('logo', fileBlob(SAMPLE_FILES.png), 'logo.png');
  return form;
}

describe('an account that never confirmed its e-mail', () => {
  it('onboards without files, but not with a logo: 403, nothing stored, nothing changed', async () => {
    const fresh = await createUser(t, { type: null, verified: false });
    const before = await t.storedFiles();
    const refused = await t.api.post('/api/me/set-account-type/', onboardingForm(true), { token: fresh.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(NEEDS_CONFIRMED);
    expect(await t.storedFiles()).toEqual(before);
    const row = await t.db.selectFrom('users').select(['user_type']).where('id', '=', fresh.user.id).executeTakeFirstOrThrow();
    expect(row.user_type).toBeNull();
    const plain = await t.api.post('/api/me/set-account-type/', onboardingForm(false), { token: fresh.token });
    expect(plain.status).toBe(200);
  });

  it('cannot add a logo in a profile edit', async () => {
    const supplier = await createUser(t, { type: 'SUPPLIER', verified: false });
    const form = new FormData();
    form.append('logo', fileBlob(SAMPLE_FILES.png), 'logo.png');
    const res = await t.api.patch('/api/profile/supplier/', form, { token: supplier.token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(NEEDS_CONFIRMED);
    const buyer = await createUser(t, { type: 'BUYER', verified: false });
    const again = await t.api.patch('/api/profile/buyer/', form, { token: buyer.token });
    expect(again.status).toBe(403);
  });

  it('is refused by the store itself, whatever route passes the file on', async () => {
    const fresh = await createUser(t, { verified: false });
    await expect(t.app.media.save(Readable.from([SAMPLE_FILES.png]), { owner: fresh.user.id })).rejects.toMatchObject({
      statusCode: 403,
      body: NEEDS_CONFIRMED,
    });
    expect(() => requireUploader(fresh.user)).toThrow(NEEDS_CONFIRMED.detail);
    expect(() => requireUploader(null)).toThrow('Authentication credentials were not provided.');
  });
});

describe('allowances on every route that stores files', () => {
  it('the per-minute allowance covers onboarding logos and profile pictures too', async () => {
    const busy = await createUser(t, { type: null, verified: true });
    await t.db
      .insertInto('media_uploads')
      .values(Array.from({ length: UPLOAD_FILES_PER_MINUTE }, () => ({ user_id: busy.user.id, path: '/media/x.png', bytes: 10 })))
      .execute();
    const res = await t.api.post('/api/me/set-account-type/', onboardingForm(true), { token: busy.token });
    expect(res.status).toBe(429);
    await expect(checkUploadAllowance(t.db, busy.user.id)).rejects.toMatchObject({ statusCode: 429 });
    const idle = await createUser(t);
    await expect(checkUploadAllowance(t.db, idle.user.id, 1024)).resolves.toBeUndefined();
  });
});
