import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestApp, type TestApp } from '../helpers';
import { PASSWORD_RESET_SENT } from '@/shared/password-reset';
import { OTP_ACCOUNT_MAX_FAILURES } from '@server/services/rate-limit';
import { RESET_REQUESTS_PER_CLIENT_PER_DAY } from '@server/services/accounts/password-reset';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const NEW_PASSWORD = 'mango season 2026';
/** A client address of its own per test: wrong codes are also limited per address. */
const from = () => ({ headers: { 'x-forwarded-for': `10.${randomBytes(3).join('.')}` } });

/** Asks for a code and reads it from the mail the real SMTP sink received. */
async function requestCode(email: string): Promise<string> {
  const before = t.smtp.mails.length;
  const res = await t.api.post('/api/auth/password/reset/', { email: email.toUpperCase() }, from());
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ detail: PASSWORD_RESET_SENT });
  const mail = await t.smtp.waitFor(email, before);
  const match = /password reset code: (\d{6})/.exec(mail.raw);
  expect(match, 'the mail carries a 6-digit code').not.toBeNull();
  return match![1];
}

const confirm = (email: string, code: string, password = NEW_PASSWORD, again = password) =>
  t.api.post('/api/auth/password/reset/confirm/', { email, code, new_password1: password, new_password2: again }, from());

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('password reset by e-mailed code', () => {
  it('sets a new password with the mailed code and ends every sign-in', async () => {
    const u = await createUser(t);
    expect((await t.api.get('/api/me/', { token: u.token })).status).toBe(200);
    const code = await requestCode(u.email);
    const stored = await t.db.selectFrom('password_reset_codes').selectAll().where('user_id', '=', u.user.id).executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);

    expect((await confirm(u.email, wrong(code))).body).toEqual({ code: ['The code is incorrect.'] });
    const mismatch = await confirm(u.email, code, NEW_PASSWORD, 'something else 1');
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.new_password2).toEqual(['New passwords do not match.']);
    expect((await confirm(u.email, code, 'short')).body.new_password1).toBeDefined();

    const done = await confirm(u.email, code);
    expect(done.status).toBe(200);
    expect(done.body.detail).toMatch(/reset/);
    // Every session ends: the access token at once, the refresh token too.
    expect((await t.api.get('/api/me/', { token: u.token })).status).toBe(401);
    expect((await t.api.post('/api/auth/token/refresh/', { refresh: u.refresh })).status).toBe(401);
    expect((await t.api.post('/api/auth/login/', { email: u.email, password: u.password }, from())).status).toBe(401);
    expect((await t.api.post('/api/auth/login/', { email: u.email, password: NEW_PASSWORD }, from())).status).toBe(200);
    // Single use.
    expect((await confirm(u.email, code, 'another new one 7')).body).toEqual({ code: ['The code is incorrect.'] });
  });

  it('answers an unknown or unconfirmed address exactly like a known one, and mails nothing', async () => {
    const unconfirmed = await createUser(t, { verified: false });
    for (const email of [`nobody-${randomBytes(4).toString('hex')}@example.com`, unconfirmed.email]) {
      const before = t.smtp.mails.length;
      const res = await t.api.post('/api/auth/password/reset/', { email }, from());
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ detail: PASSWORD_RESET_SENT });
      expect((await confirm(email, '123456')).body).toEqual({ code: ['The code is incorrect.'] });
      // Asking again within the minute is refused alike.
      expect((await t.api.post('/api/auth/password/reset/', { email }, from())).status).toBe(429);
      await new Promise((r) => setTimeout(r, 200));
      expect(t.smtp.mails.slice(before).some((m) => m.to.includes(email))).toBe(false);
    }
  });

  it('sends a new code at most once a minute; the new one replaces the old', async () => {
    const u = await createUser(t);
    const first = await requestCode(u.email);
    const again = await t.api.post('/api/auth/password/reset/', { email: u.email }, from());
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(again.body.detail).toMatch(/seconds before requesting a new code/);

    await t.db
      .updateTable('password_reset_codes')
      .set({ sent_at: new Date(Date.now() - 61_000) })
      .where('user_id', '=', u.user.id)
      .execute();
    const second = await requestCode(u.email);
    if (second !== first) expect((await confirm(u.email, first)).body).toEqual({ code: ['The code is incorrect.'] });
    expect((await confirm(u.email, second)).status).toBe(200);
  });

  it('burns the code after 5 wrong tries and refuses an expired one, answering both as a wrong code', async () => {
    const u = await createUser(t);
    const code = await requestCode(u.email);
    for (let i = 0; i < 5; i++) expect((await confirm(u.email, wrong(code))).status).toBe(400);
    expect((await confirm(u.email, code)).body).toEqual({ code: ['The code is incorrect.'] });
    expect((await t.api.post('/api/auth/login/', { email: u.email, password: NEW_PASSWORD }, from())).status).toBe(401);

    const v = await createUser(t);
    const late = await requestCode(v.email);
    await t.db
      .updateTable('password_reset_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', v.user.id)
      .execute();
    expect((await confirm(v.email, late)).body).toEqual({ code: ['The code is incorrect.'] });
    expect((await t.api.post('/api/auth/login/', { email: v.email, password: v.password }, from())).status).toBe(200);
  });

  it('answers a confirmed account without a code as it answers an unknown address, and counts every miss', async () => {
    const known = await createUser(t);
    const unknown = `nobody-${randomBytes(4).toString('hex')}@example.com`;
    const [a, b] = [await confirm(known.email, '123456'), await confirm(unknown, '123456')];
    expect({ status: a.status, body: a.body }).toEqual({ status: b.status, body: b.body });
    // The account's misses are counted, from whatever address: the limit comes for both alike.
    for (let i = 1; i < OTP_ACCOUNT_MAX_FAILURES; i++) {
      expect((await confirm(known.email, '123456')).status).toBe(400);
      expect((await confirm(unknown, '123456')).status).toBe(400);
    }
    expect((await confirm(known.email, '123456')).status).toBe(429);
    expect((await confirm(unknown, '123456')).status).toBe(429);
  });

  it('limits reset requests per client, whatever addresses it asks for', async () => {
    const client = { headers: { 'x-forwarded-for': `10.${randomBytes(3).join('.')}` } };
    const statuses: number[] = [];
    for (let i = 0; i < RESET_REQUESTS_PER_CLIENT_PER_DAY; i++) {
      const email = `victim-${i}-${randomBytes(3).toString('hex')}@example.com`;
      statuses.push((await t.api.post('/api/auth/password/reset/', { email }, client)).status);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await t.api.post(
      '/api/auth/password/reset/',
      { email: `one-more-${randomBytes(3).toString('hex')}@example.com` },
      client,
    );
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/Too many codes were asked for from your network/);
    // Another client is not held back by it.
    expect(
      (await t.api.post('/api/auth/password/reset/', { email: `free-${randomBytes(3).toString('hex')}@example.com` }, from())).status,
    ).toBe(200);
  });

  it('never lets a reset code confirm a sign-up', async () => {
    const u = await createUser(t);
    const code = await requestCode(u.email);
    await t.db.updateTable('users').set({ is_verified: false }).where('id', '=', u.user.id).execute();
    const verify = await t.api.post('/api/auth/otp/verify/', { email: u.email, otp: code }, from());
    expect(verify.status).toBe(400);
    expect(verify.body.otp).toBeDefined();
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    expect((await t.api.post('/api/auth/password/reset/', { email: 'not an address' })).body.email).toBeDefined();
    expect((await t.api.post('/api/auth/password/reset/', {})).status).toBe(400);
    const res = await t.api.post('/api/auth/password/reset/confirm/', { email: 'a@example.com', code: '12ab', new_password1: 'x' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(['code', 'new_password1', 'new_password2']);
  });
});
