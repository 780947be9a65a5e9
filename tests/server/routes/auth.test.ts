import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codesSentEarlier, createUser, startTestApp, type TestApp } from '../helpers';
import { rateKeys } from '@server/services/rate-limit';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const PASSWORD = 's3cret-passw0rd';
const uniqueEmail = () => `new-${randomBytes(4).toString('hex')}@example.com`;

function signUpBody(overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Ada',
    last_name: 'Obi',
    email: uniqueEmail(),
    phone_number: '+234 801 234 5678',
    country: 'SN',
    password1: PASSWORD,
    password2: PASSWORD,
    ...overrides,
  };
}

/** The code of the newest verification mail to `email` (after mail number `after`). */
async function codeFor(email: string, after = 0): Promise<string> {
  const mail = await t.smtp.waitFor(email, after);
  const match = /verification code: (\d{6})/.exec(mail.raw);
  expect(match, 'the mail carries a 6-digit code').not.toBeNull();
  return match![1];
}

/** A client address of its own per sign-up: sign-ups are limited per address. */
const freshAddress = () => ({ headers: { 'x-forwarded-for': `10.${randomBytes(3).join('.')}` } });

async function signUp(overrides: Record<string, unknown> = {}) {
  const body = signUpBody(overrides);
  const res = await t.api.post('/api/auth/registration/', body, freshAddress());
  expect(res.status).toBe(201);
  return {
    email: String(body.email).toLowerCase(),
    code: await codeFor(String(body.email)),
    registration_token: res.body.registration_token as string,
  };
}

const userByEmail = (email: string) => t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
const countUsers = async () => (await t.db.selectFrom('users').select(t.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

describe('POST /api/auth/registration/', () => {
  it('creates an unverified account on its first login and e-mails a 6-digit code', async () => {
    const body = signUpBody({ email: `Mixed-${randomBytes(3).toString('hex')}@Example.com` });
    const res = await t.api.post('/api/auth/registration/', body, freshAddress());
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ detail: 'Verification e-mail sent.', registration_token: expect.stringMatching(/^[\w-]{40,}$/) });

    const user = await userByEmail(body.email.toLowerCase());
    expect(user).toMatchObject({
      first_name: 'Ada',
      last_name: 'Obi',
      country: 'SN',
      is_verified: false,
      is_first_login: true,
      user_type: null,
    });
    expect(user!.password_hash).not.toContain(PASSWORD);

    const mail = await t.smtp.waitFor(body.email);
    expect(mail.raw).toMatch(/Subject: Your verification code: \d{6}/);
    const code = await codeFor(body.email);
    expect(mail.raw).toContain(`Your verification code is ${code}.`);
    const stored = await t.db.selectFrom('otp_codes').selectAll().where('user_id', '=', user!.id).executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);
  });

  it('defaults the country to Nigeria', async () => {
    const body = signUpBody();
    delete (body as Record<string, unknown>).country;
    expect((await t.api.post('/api/auth/registration/', body, freshAddress())).status).toBe(201);
    expect((await userByEmail(body.email))!.country).toBe('NG');
  });

  it('refuses an email that is already registered, whatever its case, verified or not', async () => {
    const first = signUpBody();
    expect((await t.api.post('/api/auth/registration/', first, freshAddress())).status).toBe(201);
    const existing = await createUser(t);
    const before = await countUsers();
    for (const email of [first.email, first.email.toUpperCase()]) {
      const res = await t.api.post('/api/auth/registration/', signUpBody({ email }), freshAddress());
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ email: ['A user is already registered with this e-mail address.'] });
    }
    const res = await t.api.post('/api/auth/registration/', signUpBody({ email: existing.email }), freshAddress());
    expect(res.body).toEqual({ email: ['A user is already registered with this e-mail address.'] });
    expect(await countUsers()).toBe(before);
  });

  it('requires matching passwords', async () => {
    const body = signUpBody({ password2: 'something-else' });
    const res = await t.api.post('/api/auth/registration/', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ password2: ['Passwords do not match'] });
    expect(await userByEmail(body.email)).toBeUndefined();
  });

  it('names every missing field', async () => {
    const res = await t.api.post('/api/auth/registration/', {});
    expect(res.status).toBe(400);
    for (const field of ['first_name', 'last_name', 'email', 'phone_number', 'password1', 'password2']) {
      expect(res.body[field]).toEqual(['This field is required.']);
    }
  });

  it('rejects bad values field by field and creates nothing', async () => {
    const before = await countUsers();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: 'not-an-email' }, 'email'],
      [{ country: 'FR' }, 'country'],
      [{ first_name: '   ' }, 'first_name'],
      [{ first_name: 'x'.repeat(151) }, 'first_name'],
      [{ phone_number: 'call me' }, 'phone_number'],
      [{ password1: 'short', password2: 'short' }, 'password1'],
      [{ first_name: 42 }, 'first_name'],
      [{ is_verified: true }, 'is_verified'],
    ];
    for (const [override, field] of cases) {
      const res = await t.api.post('/api/auth/registration/', signUpBody(override));
      expect(res.status, JSON.stringify(override)).toBe(400);
      expect(res.body[field], JSON.stringify(override)).toEqual([expect.any(String)]);
    }
    expect(await countUsers()).toBe(before);
  });

  it('answers malformed JSON and non-object bodies with a 400 detail', async () => {
    const malformed = await t.api.call('POST', '/api/auth/registration/', '{"email": ', {
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ detail: expect.stringContaining('JSON parse error') });
    const list = await t.api.post('/api/auth/registration/', [1, 2]);
    expect(list.status).toBe(400);
  });

  it('answers an oversized body with 413 and creates nothing', async () => {
    const body = signUpBody({ last_name: 'x'.repeat(1_100_000) });
    const res = await t.api.post('/api/auth/registration/', body);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ detail: expect.any(String) });
    expect(await userByEmail(body.email)).toBeUndefined();
  });
});

describe('when the verification e-mail cannot be sent', () => {
  let broken: TestApp;
  beforeAll(async () => {
    broken = await startTestApp({ smtpUrl: 'smtp://127.0.0.1:1' });
  });
  afterAll(async () => {
    await broken.close();
  });

  it('sign-up says so and leaves no account behind, so signing up again works', async () => {
    const body = signUpBody();
    const res = await broken.api.post('/api/auth/registration/', body);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ detail: 'The e-mail could not be sent. Please try again in a moment.' });
    expect(await broken.db.selectFrom('users').select('id').where('email', '=', body.email).executeTakeFirst()).toBeUndefined();
    // Not "already registered": the same email may try again.
    expect((await broken.api.post('/api/auth/registration/', body)).body).toEqual(res.body);
  });

  it('resend says so and can be asked again at once', async () => {
    const { user } = await createUser(broken, { verified: false });
    for (let i = 0; i < 2; i++) {
      const res = await broken.api.post('/api/auth/otp/resend/', { email: user.email });
      expect(res.status).toBe(503);
    }
  });
});

describe('POST /api/auth/login/', () => {
  it('signs in with email and password, unverified accounts too', async () => {
    const { email } = await signUp();
    const res = await t.api.post('/api/auth/login/', { email: email.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ access: expect.any(String), refresh: expect.any(String) });
    const me = await t.api.get('/api/me/', { token: res.body.access });
    expect(me.body).toMatchObject({ email, is_verified: false, is_first_login: true });
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const user = await createUser(t);
    for (const body of [
      { email: user.email, password: 'wrong password' },
      { email: uniqueEmail(), password: PASSWORD },
    ]) {
      const res = await t.api.post('/api/auth/login/', body, from('198.51.100.1'));
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: 'No active account found with the given credentials' });
    }
  });

  it('requires both fields', async () => {
    const res = await t.api.post('/api/auth/login/', {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ email: ['This field is required.'], password: ['This field is required.'] });
  });

  it('locks an account after 10 failed sign-ins in 15 minutes, whatever the address', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    for (let i = 0; i < 10; i++) {
      const res = await t.api.post('/api/auth/login/', { email: user.email, password: `guess ${i}` }, from(`203.0.113.${i + 1}`));
      expect(res.status).toBe(401);
    }
    // The right password from a fresh address is refused too: rotating addresses reopens nothing.
    const locked = await t.api.post('/api/auth/login/', { email: user.email, password: user.password }, from('203.0.113.200'));
    expect(locked.status).toBe(429);
    expect(locked.body.detail).toMatch(/^Too many failed attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    // Another account is not affected.
    const fine = await t.api.post('/api/auth/login/', { email: other.email, password: other.password }, from('203.0.113.1'));
    expect(fine.status).toBe(200);
  });

  it('opens again once the failures are older than the window', async () => {
    const user = await createUser(t);
    const key = rateKeys.signInAccount(user.email);
    const events = (minutesAgo: number) => Array.from({ length: 10 }, () => ({ key, at: new Date(Date.now() - minutesAgo * 60_000) }));
    await t.db.insertInto('rate_events').values(events(14)).execute();
    const locked = await t.api.post('/api/auth/login/', { email: user.email, password: user.password });
    expect(locked.status).toBe(429);
    expect(locked.body.detail).toBe('Too many failed attempts. Please try again in 1 minute.');

    await t.db
      .updateTable('rate_events')
      .set({ at: new Date(Date.now() - 16 * 60_000) })
      .where('key', '=', key)
      .execute();
    const open = await t.api.post('/api/auth/login/', { email: user.email, password: user.password });
    expect(open.status).toBe(200);
  });

  it('counts failures across a successful sign-in', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 9; i++) await t.api.post('/api/auth/login/', { email: user.email, password: 'nope' });
    expect((await t.api.post('/api/auth/login/', { email: user.email, password: user.password })).status).toBe(200);
    expect((await t.api.post('/api/auth/login/', { email: user.email, password: 'nope' })).status).toBe(401);
    expect((await t.api.post('/api/auth/login/', { email: user.email, password: user.password })).status).toBe(429);
  });

  it('limits failures per address too, for every account tried from it', async () => {
    const user = await createUser(t);
    const ip = '192.0.2.77';
    await t.db
      .insertInto('rate_events')
      .values(Array.from({ length: 50 }, () => ({ key: rateKeys.signInAddress(ip), at: new Date() })))
      .execute();
    const blocked = await t.api.post('/api/auth/login/', { email: user.email, password: user.password }, from(ip));
    expect(blocked.status).toBe(429);
    const elsewhere = await t.api.post('/api/auth/login/', { email: user.email, password: user.password }, from('192.0.2.78'));
    expect(elsewhere.status).toBe(200);
  });

  it('keeps failed attempts in the database, not in process memory', async () => {
    const user = await createUser(t);
    await t.api.post('/api/auth/login/', { email: user.email, password: 'nope' }, from('192.0.2.90'));
    const rows = await t.db
      .selectFrom('rate_events')
      .select('key')
      .where('key', 'in', [rateKeys.signInAccount(user.email), rateKeys.signInAddress('192.0.2.90')])
      .execute();
    expect(rows).toHaveLength(2);
  });
});

describe('refresh tokens', () => {
  it('rotates: a new pair each time; the replaced token answers the same pair until the new one is used', async () => {
    const user = await createUser(t);
    const first = await t.api.post('/api/auth/token/refresh/', { refresh: user.refresh });
    expect(first.status).toBe(200);
    expect(first.body.refresh).not.toBe(user.refresh);
    expect((await t.api.get('/api/me/', { token: first.body.access })).body.id).toBe(user.user.id);

    const retry = await t.api.post('/api/auth/token/refresh/', { refresh: user.refresh });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);

    const next = await t.api.post('/api/auth/token/refresh/', { refresh: first.body.refresh });
    expect(next.status).toBe(200);
    expect(next.body.refresh).not.toBe(first.body.refresh);
  });

  it('keeps a session whose refresh answer was lost, however long the device then stays offline', async () => {
    const user = await createUser(t);
    const lost = await t.api.post('/api/auth/token/refresh/', { refresh: user.refresh });
    expect(lost.status).toBe(200);
    // A week offline: the time since the rotation no longer matters.
    await t.db
      .updateTable('refresh_tokens')
      .set({ replaced_at: new Date(Date.now() - 7 * 24 * 3600_000) })
      .where('user_id', '=', user.user.id)
      .where('replaced_by', 'is not', null)
      .execute();
    const retry = await t.api.post('/api/auth/token/refresh/', { refresh: user.refresh });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(lost.body);
    expect((await t.api.get('/api/me/', { token: retry.body.access })).status).toBe(200);
    expect((await t.api.post('/api/auth/token/refresh/', { refresh: retry.body.refresh })).status).toBe(200);
  });

  it('treats a replaced token used after its successor as stolen: the whole sign-in ends', async () => {
    const user = await createUser(t);
    const rotated = await t.api.post('/api/auth/token/refresh/', { refresh: user.refresh });
    const used = await t.api.post('/api/auth/token/refresh/', { refresh: rotated.body.refresh });
    expect(used.status).toBe(200);
    const stolen = await t.api.post('/api/auth/token/refresh/', { refresh: user.refresh });
    expect(stolen.status).toBe(401);
    expect(stolen.body).toEqual({ detail: expect.any(String) });
    expect((await t.api.post('/api/auth/token/refresh/', { refresh: used.body.refresh })).status).toBe(401);
    expect((await t.api.get('/api/me/', { token: used.body.access })).status).toBe(401);
  });

  it('refuses garbage, access tokens and missing tokens', async () => {
    const user = await createUser(t);
    expect((await t.api.post('/api/auth/token/refresh/', { refresh: 'garbage' })).status).toBe(401);
    expect((await t.api.post('/api/auth/token/refresh/', { refresh: user.token })).status).toBe(401);
    const missing = await t.api.post('/api/auth/token/refresh/', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ refresh: ['This field is required.'] });
  });

  it('logout revokes the sign-in; other sign-ins continue', async () => {
    const user = await createUser(t);
    const other = await t.api.post('/api/auth/login/', { email: user.email, password: user.password });
    const res = await t.api.post('/api/auth/logout/', { refresh: user.refresh });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: 'Successfully logged out.' });
    expect((await t.api.post('/api/auth/token/refresh/', { refresh: user.refresh })).status).toBe(401);
    expect((await t.api.post('/api/auth/token/refresh/', { refresh: other.body.refresh })).status).toBe(200);
    expect((await t.api.post('/api/auth/logout/', { refresh: 'garbage' })).status).toBe(401);
  });
});

describe('POST /api/auth/otp/verify/', () => {
  it('confirms the email with the mailed code and signs in', async () => {
    const { email, code, registration_token } = await signUp();
    const res = await t.api.post('/api/auth/otp/verify/', { email, otp: code, registration_token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      access: expect.any(String),
      refresh: expect.any(String),
      must_set_password: false,
      user: { email, is_verified: true, is_first_login: true },
    });
    expect((await t.api.get('/api/me/', { token: res.body.access })).body.is_verified).toBe(true);
    expect((await t.api.post('/api/auth/token/refresh/', { refresh: res.body.refresh })).status).toBe(200);
    // Single use: the code is gone, and the account is confirmed.
    const user = await userByEmail(email);
    expect(await t.db.selectFrom('otp_codes').selectAll().where('user_id', '=', user!.id).executeTakeFirst()).toBeUndefined();
    // A confirmed account answers like an unknown address (docs/api.md#sign-up-and-the-emailed-code): nobody learns it exists.
    const again = await t.api.post('/api/auth/otp/verify/', { email, otp: code });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ otp: ['The code is incorrect.'] });
  });

  it('wants exactly six digits', async () => {
    const { email } = await signUp();
    for (const otp of ['12345', '1234567', '12a456', '', '      ']) {
      const res = await t.api.post('/api/auth/otp/verify/', { email, otp });
      expect(res.status, otp).toBe(400);
      expect(res.body, otp).toEqual({ otp: ['Please enter the complete 6-digit code.'] });
    }
    const numeric = await t.api.post('/api/auth/otp/verify/', { email, otp: 123456 });
    expect(numeric.status).toBe(400);
  });

  it('says a wrong code is incorrect, and an unknown email gets the same answer', async () => {
    const { email, code } = await signUp();
    const wrong = code === '000000' ? '000001' : '000000';
    const res = await t.api.post('/api/auth/otp/verify/', { email, otp: wrong });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ otp: ['The code is incorrect.'] });
    const unknown = await t.api.post('/api/auth/otp/verify/', { email: uniqueEmail(), otp: wrong });
    expect(unknown.body).toEqual({ otp: ['The code is incorrect.'] });
    expect((await userByEmail(email))!.is_verified).toBe(false);
  });

  it('refuses a code older than 10 minutes', async () => {
    const { email, code, registration_token } = await signUp();
    const user = await userByEmail(email);
    await t.db
      .updateTable('otp_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user!.id)
      .execute();
    // The client that signed up is told why (others only that the code is wrong: auth-abuse.test.ts).
    const res = await t.api.post('/api/auth/otp/verify/', { email, otp: code, registration_token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ otp: ['The code has expired. Request a new one.'] });
    const stored = await t.db
      .selectFrom('otp_codes')
      .select(['sent_at', 'expires_at'])
      .where('user_id', '=', user!.id)
      .executeTakeFirstOrThrow();
    expect(stored.sent_at.getTime()).toBeLessThan(Date.now());
  });

  it('codes are valid 10 minutes from sending', async () => {
    const { email } = await signUp();
    const user = await userByEmail(email);
    const stored = await t.db
      .selectFrom('otp_codes')
      .select(['sent_at', 'expires_at'])
      .where('user_id', '=', user!.id)
      .executeTakeFirstOrThrow();
    expect(stored.expires_at.getTime() - stored.sent_at.getTime()).toBe(10 * 60_000);
  });

  it('burns the code after 5 wrong tries; a new code works', async () => {
    const { email, code, registration_token } = await signUp();
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++) {
      const res = await t.api.post('/api/auth/otp/verify/', { email, otp: wrong });
      expect(res.body).toEqual({ otp: ['The code is incorrect.'] });
    }
    const burned = await t.api.post('/api/auth/otp/verify/', { email, otp: code, registration_token });
    expect(burned.status).toBe(400);
    expect(burned.body).toEqual({ otp: ['Too many wrong attempts. Request a new code.'] });

    await codesSentEarlier(t, email);
    const mailsBefore = t.smtp.mails.length;
    expect((await t.api.post('/api/auth/otp/resend/', { email })).status).toBe(200);
    const fresh = await codeFor(email, mailsBefore);
    const ok = await t.api.post('/api/auth/otp/verify/', { email, otp: fresh });
    expect(ok.status).toBe(200);
  });

  it('limits wrong codes per account across addresses', async () => {
    const { email, code } = await signUp();
    const user = await userByEmail(email);
    const wrong = code === '111111' ? '111112' : '111111';
    for (let i = 0; i < 10; i++) {
      if (i === 5) await t.db.updateTable('otp_codes').set({ failed_attempts: 0 }).where('user_id', '=', user!.id).execute();
      const res = await t.api.post('/api/auth/otp/verify/', { email, otp: wrong }, from(`198.51.100.${i + 10}`));
      expect(res.status).toBe(400);
    }
    await t.db.updateTable('otp_codes').set({ failed_attempts: 0 }).where('user_id', '=', user!.id).execute();
    const res = await t.api.post('/api/auth/otp/verify/', { email, otp: code }, from('198.51.100.99'));
    expect(res.status).toBe(429);
    expect(res.body.detail).toMatch(/^Too many wrong codes\. Please try again in \d+ minutes?\.$/);
  });

  it('limits wrong codes per address', async () => {
    const { email, code } = await signUp();
    const ip = '198.51.100.200';
    await t.db
      .insertInto('rate_events')
      .values(Array.from({ length: 50 }, () => ({ key: rateKeys.otpAddress(ip), at: new Date() })))
      .execute();
    expect((await t.api.post('/api/auth/otp/verify/', { email, otp: code }, from(ip))).status).toBe(429);
    expect((await t.api.post('/api/auth/otp/verify/', { email, otp: code }, from('198.51.100.201'))).status).toBe(200);
  });
});

describe('POST /api/auth/otp/resend/', () => {
  it('sends at most one code a minute, then a new code that replaces the old', async () => {
    const { email, code } = await signUp();
    const soon = await t.api.post('/api/auth/otp/resend/', { email });
    expect(soon.status).toBe(429);
    const seconds = Number(/^Please wait (\d+) seconds before requesting a new code\.$/.exec(soon.body.detail)?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);

    await codesSentEarlier(t, email);
    const mailsBefore = t.smtp.mails.length;
    const res = await t.api.post('/api/auth/otp/resend/', { email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: 'A new OTP has been sent to your email.' });
    const fresh = await codeFor(email, mailsBefore);
    if (fresh !== code) {
      expect((await t.api.post('/api/auth/otp/verify/', { email, otp: code })).body).toEqual({ otp: ['The code is incorrect.'] });
    }
    expect((await t.api.post('/api/auth/otp/verify/', { email, otp: fresh })).status).toBe(200);
  });

  it('answers a verified account like an unknown address, sending nothing', async () => {
    const user = await createUser(t, { verified: true });
    const mailsBefore = t.smtp.mails.length;
    const res = await t.api.post('/api/auth/otp/resend/', { email: user.email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: 'A new OTP has been sent to your email.' });
    expect(t.smtp.mails.slice(mailsBefore).some((m) => m.to.includes(user.email))).toBe(false);
  });

  it('answers an unknown email like a success without sending anything', async () => {
    const email = uniqueEmail();
    const res = await t.api.post('/api/auth/otp/resend/', { email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: 'A new OTP has been sent to your email.' });
    expect(t.smtp.mails.some((m) => m.to.includes(email))).toBe(false);
  });

  it('validates the email', async () => {
    const res = await t.api.post('/api/auth/otp/resend/', { email: 'nope' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ email: ['Enter a valid email address.'] });
  });
});

describe('POST /api/auth/password/change/', () => {
  const change = (token: string | undefined, body: Record<string, unknown>) => t.api.post('/api/auth/password/change/', body, { token });

  it('needs a signed-in user', async () => {
    const res = await change(undefined, { old_password: 'a', new_password1: 'b', new_password2: 'b' });
    expect(res.status).toBe(401);
  });

  it('requires all three fields', async () => {
    const user = await createUser(t);
    const res = await change(user.token, {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      old_password: ['This field is required.'],
      new_password1: ['This field is required.'],
      new_password2: ['This field is required.'],
    });
  });

  it('requires the new passwords to match', async () => {
    const user = await createUser(t);
    const res = await change(user.token, { old_password: user.password, new_password1: 'brand-new-pass', new_password2: 'brand-new-pasS' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ new_password2: ['New passwords do not match.'] });
  });

  it('refuses a wrong old password and keeps the old one', async () => {
    const user = await createUser(t);
    const res = await change(user.token, {
      old_password: 'not my password',
      new_password1: 'brand-new-pass',
      new_password2: 'brand-new-pass',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ old_password: ['Your old password was entered incorrectly. Please enter it again.'] });
    expect((await t.api.post('/api/auth/login/', { email: user.email, password: user.password })).status).toBe(200);
  });

  it('saves the new password and ends every other sign-in, keeping this one', async () => {
    const user = await createUser(t);
    const elsewhere = await t.api.post('/api/auth/login/', { email: user.email, password: user.password });
    // The current sign-in has rotated once: its family must survive, whatever its newest token.
    const current = await t.api.post('/api/auth/token/refresh/', { refresh: user.refresh });
    const res = await change(current.body.access, {
      old_password: user.password,
      new_password1: 'brand-new-pass',
      new_password2: 'brand-new-pass',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: 'New password has been saved.' });

    expect((await t.api.post('/api/auth/login/', { email: user.email, password: user.password })).status).toBe(401);
    expect((await t.api.post('/api/auth/login/', { email: user.email, password: 'brand-new-pass' })).status).toBe(200);
    expect((await t.api.post('/api/auth/token/refresh/', { refresh: elsewhere.body.refresh })).status).toBe(401);
    expect((await t.api.post('/api/auth/token/refresh/', { refresh: current.body.refresh })).status).toBe(200);
  });

  it('checks the new password like sign-up does', async () => {
    const user = await createUser(t);
    const res = await change(user.token, { old_password: user.password, new_password1: 'short', new_password2: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.new_password1).toEqual(['This password is too short. It must contain at least 8 characters.']);
  });

  it('counts wrong old passwords as failed sign-ins', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 10; i++) {
      await change(user.token, { old_password: `guess ${i}`, new_password1: 'brand-new-pass', new_password2: 'brand-new-pass' });
    }
    const res = await change(user.token, { old_password: user.password, new_password1: 'brand-new-pass', new_password2: 'brand-new-pass' });
    expect(res.status).toBe(429);
    expect((await t.api.post('/api/auth/login/', { email: user.email, password: user.password })).status).toBe(429);
  });
});

describe('OpenAPI', () => {
  it('documents the account calls at /api/docs', async () => {
    const res = await t.api.get('/api/docs/json');
    expect(res.status).toBe(200);
    const paths = res.body.paths;
    for (const path of [
      '/api/auth/registration/',
      '/api/auth/login/',
      '/api/auth/token/refresh/',
      '/api/auth/logout/',
      '/api/auth/otp/verify/',
      '/api/auth/otp/resend/',
      '/api/auth/password/change/',
      '/api/auth/password/set/',
      '/api/me/',
      '/api/me/set-account-type/',
      '/api/me/delete-account/',
      '/api/profile/supplier/',
      '/api/profile/buyer/',
      '/api/users/{id}/',
    ]) {
      expect(paths, path).toHaveProperty([path]);
    }
    const login = paths['/api/auth/login/'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(login.properties)).toEqual(['email', 'password']);
  });
});
