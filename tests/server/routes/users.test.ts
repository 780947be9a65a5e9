import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestApp, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/users/{id}/', () => {
  it('shows a supplier to guests, without email or phone number', async () => {
    const supplier = await createUser(t, { type: 'SUPPLIER', badge: true, firstName: 'Kemal', country: 'TR' });
    const res = await t.api.get(`/api/users/${supplier.user.id}/`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: supplier.user.id,
      first_name: 'Kemal',
      user_type: 'SUPPLIER',
      date_joined: supplier.user.date_joined.toISOString(),
      country: { code: 'TR', name: 'Türkiye' },
      supplier_profile: { company_name: expect.any(String), about: '', logo_url: null, is_verified: true, industries: [] },
      buyer_profile: null,
      profile: expect.objectContaining({ is_verified: true }),
      seller_average_rating: null,
      // What was checked and when (docs/api.md#trust-and-safety): the e-mail, confirmed with the code.
      verification: [{ check: 'email', verified_at: expect.any(String) }],
      business_registry: null,
    });
    expect(JSON.stringify(res.body)).not.toContain(supplier.email);
    expect(res.body).not.toHaveProperty('phone_number');
    expect(res.body).not.toHaveProperty('email');
  });

  it('answers only enough for "This user is not a seller." about anyone who is not a supplier', async () => {
    const buyer = await createUser(t, { type: 'BUYER', firstName: 'Chioma', country: 'SN' });
    const newcomer = await createUser(t, { type: null });
    for (const [person, type] of [
      [buyer, 'BUYER'],
      [newcomer, null],
    ] as const) {
      for (const token of [undefined, (await createUser(t)).token]) {
        const res = await t.api.get(`/api/users/${person.user.id}/`, { token });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ id: person.user.id, user_type: type, supplier_profile: null, seller_average_rating: null });
      }
    }
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['999999', 'abc', '0', '-3', '1.5', '99999999999999']) {
      const res = await t.api.get(`/api/users/${id}/`);
      expect(res.status, id).toBe(404);
      expect(res.body, id).toEqual({ detail: 'Not found.' });
    }
  });
});
