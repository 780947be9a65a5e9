import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_FILES, createUser, startTestApp, type TestApp, type TestUser } from '../helpers';
import { upload } from '../messaging-helpers';
import { REGISTRIES, registryNumberValid, type Registry } from '@/shared/trust';

let t: TestApp;
let moderator: TestUser;
beforeAll(async () => {
  t = await startTestApp({ moderatorEmails: ['checker@market.test'] });
  moderator = await createUser(t, { email: 'checker@market.test' });
});
afterAll(async () => {
  await t.close();
});

const ask = (supplier: TestUser, body: Record<string, unknown>) => t.api.post('/api/me/verification/', body, { token: supplier.token });

describe('registry number formats (src/shared/trust.ts)', () => {
  const cases: Array<[Registry, string[], string[]]> = [
    ['CAC', ['RC 1234567', 'rc123456', 'BN 2345678', 'IT 12345'], ['1234567', 'RC', 'XX 12345', 'RC 123456789']],
    [
      'RCCM',
      ['SN-DKR-2020-B-12345', 'CI-ABJ-2017-B-1234', 'CI-ABJ-03-2022-B13-00001', 'sn-dkr-2020-a-1'],
      ['SN-DKR-20-B-12345', 'NG-LOS-2020-B-1', 'SNDKR2020B12345'],
    ],
    ['NINEA', ['0012345', '001234567', '0012345 2G3', '123456789 2V2'], ['123456', '1234567890', '0012345 XYZ']],
    ['MERSIS', ['0123456789000015', '0123 4567 8900 0015'], ['012345678900001', '01234567890000155', 'ABCDEFGHIJKLMNOP']],
    ['VKN', ['1234567890', '123 456 7890'], ['123456789', '12345678901', 'ABCDEFGHIJ']],
  ];
  it.each(cases)('%s', (registry, good, bad) => {
    for (const number of good) expect(registryNumberValid(registry, number), number).toBe(true);
    for (const number of bad) expect(registryNumberValid(registry, number), number).toBe(false);
    expect(registryNumberValid(registry, REGISTRIES[registry].example)).toBe(true);
  });
});

describe('POST /api/me/verification/ and its moderation', () => {
  it('asks, is listed for moderators, and approval adds the check and the badge; the supplier is told', async () => {
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    const before = await t.api.get(`/api/users/${supplier.user.id}/`);
    expect(before.body.verification).toEqual([{ check: 'email', verified_at: expect.any(String) }]);
    expect(before.body.supplier_profile.is_verified).toBe(false);
    const document = await upload(t, supplier, SAMPLE_FILES.pdf, 'certificate.pdf');
    const res = await ask(supplier, { registry: 'CAC', registry_number: 'rc 1234567', document });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), status: 'pending' });
    const again = await ask(supplier, { registry: 'CAC', registry_number: 'RC 1234567', document });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ detail: 'A verification request is already waiting for review.' });

    const list = await t.api.get('/api/moderation/verifications/?status=pending', { token: moderator.token });
    expect(list.status).toBe(200);
    expect(list.body.results).toContainEqual({
      id: res.body.id,
      supplier: { id: supplier.user.id, name: expect.any(String) },
      registry: 'CAC',
      registry_number: 'RC1234567',
      document: expect.stringMatching(/^\/media\/[0-9a-f]{64}\.pdf$/),
      status: 'pending',
      reason: '',
      created_at: expect.any(String),
      decided_at: null,
    });
    const approved = await t.api.post(`/api/moderation/verifications/${res.body.id}/approve/`, {}, { token: moderator.token });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('approved');
    // Idempotent; rejecting it now is a 400.
    expect((await t.api.post(`/api/moderation/verifications/${res.body.id}/approve/`, {}, { token: moderator.token })).status).toBe(200);
    const late = await t.api.post(`/api/moderation/verifications/${res.body.id}/reject/`, { reason: 'No' }, { token: moderator.token });
    expect(late.body).toEqual({ detail: 'This verification request has already been decided.' });

    const after = await t.api.get(`/api/users/${supplier.user.id}/`);
    expect(after.body.supplier_profile.is_verified).toBe(true);
    expect(after.body.verification).toEqual([
      { check: 'email', verified_at: expect.any(String) },
      { check: 'business_registration', verified_at: expect.any(String) },
    ]);
    expect(after.body.business_registry).toBe('CAC');
    const notes = await t.api.get('/api/notifications/', { token: supplier.token });
    expect(notes.body.results[0]).toMatchObject({ kind: 'verification_approved' });
    const mine = await t.api.get('/api/me/verification/', { token: supplier.token });
    expect(mine.body).toEqual([expect.objectContaining({ id: res.body.id, status: 'approved' })]);
  });

  it('rejects with a reason; the supplier is told and may ask again', async () => {
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    const document = await upload(t, supplier);
    const res = await ask(supplier, { registry: 'RCCM', registry_number: 'SN-DKR-2020-B-12345', document });
    expect(res.status).toBe(201);
    const noReason = await t.api.post(`/api/moderation/verifications/${res.body.id}/reject/`, {}, { token: moderator.token });
    expect(noReason.body).toEqual({ reason: ['This field is required.'] });
    const rejected = await t.api.post(
      `/api/moderation/verifications/${res.body.id}/reject/`,
      { reason: 'The certificate is unreadable.' },
      { token: moderator.token },
    );
    expect(rejected.body).toMatchObject({ status: 'rejected', reason: 'The certificate is unreadable.' });
    const notes = await t.api.get('/api/notifications/', { token: supplier.token });
    expect(notes.body.results[0]).toMatchObject({
      kind: 'verification_rejected',
      params: expect.objectContaining({ reason: 'The certificate is unreadable.' }),
    });
    expect((await t.api.get(`/api/users/${supplier.user.id}/`)).body.supplier_profile.is_verified).toBe(false);
    expect((await ask(supplier, { registry: 'NINEA', registry_number: '0012345 2G3', document })).status).toBe(201);
    expect((await t.api.get('/api/moderation/verifications/?status=rejected', { token: moderator.token })).body.results[0].id).toBe(
      res.body.id,
    );
  });

  it("checks the registry, the number format and that the document is the supplier's own upload", async () => {
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    const document = await upload(t, supplier, SAMPLE_FILES.pdf, 'c.pdf');
    const unknown = await ask(supplier, { registry: 'IRS', registry_number: '1', document });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toHaveProperty('registry');
    const badNumber = await ask(supplier, { registry: 'VKN', registry_number: '12345', document });
    expect(badNumber.body).toEqual({ registry_number: ['This number does not have the format of the chosen registry.'] });
    const someoneElse = await createUser(t, { type: 'SUPPLIER' });
    // Other bytes: the store names files by their content, so the same file uploaded twice is both uploaders' own.
    const theirs = await upload(t, someoneElse, SAMPLE_FILES.jpeg, 'theirs.jpg');
    const notMine = await ask(supplier, { registry: 'MERSIS', registry_number: '0123456789000015', document: theirs });
    expect(notMine.body).toEqual({ document: ['Upload the certificate (an image or a PDF) first and send the URL it answers.'] });
    const nowhere = await ask(supplier, {
      registry: 'MERSIS',
      registry_number: '0123456789000015',
      document: 'https://evil.example/x.pdf',
    });
    expect(nowhere.status).toBe(400);
    const missing = await ask(supplier, {});
    expect(Object.keys(missing.body).sort()).toEqual(['document', 'registry', 'registry_number']);
    // Suppliers only.
    const buyer = await createUser(t);
    expect((await ask(buyer, { registry: 'VKN', registry_number: '1234567890', document })).status).toBe(403);
    expect((await t.api.post('/api/moderation/verifications/99999999/approve/', {}, { token: moderator.token })).status).toBe(404);
  });
});
