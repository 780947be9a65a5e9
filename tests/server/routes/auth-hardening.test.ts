import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { apiClient, codesSentEarlier, createUser, startTestApp, type TestApp } from '../helpers';
import { rateKeys, SIGN_UP_ADDRESS_MAX, SIGN_UP_GLOBAL_MAX } from '@server/services/rate-limit';

/** docs/api.md#sign-up-and-the-emailed-code and #tokens: account pre-hijacking, sign-up floods, sign-in limits, sessions, passwords. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const PASSWORD = 'Kestrel-harbour-73';
const uniqueEmail = () => `h-${randomBytes(4).toString('hex')}@example.com`;
const address = () => `10.${randomBytes(3).join('.')}`;
const from = (ip: string, extra: Record<string, string> = {}) => ({ headers: { 'x-forwarded-for': ip, ...extra } });
const body = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Ada',
  last_name: 'Obi',
  email: uniqueEmail(),
  phone_number: '+234 801 234 5678',
  country: 'NG',
  password1: PASSWORD,
  password2: PASSWORD,
  ...overrides,
});

async function codeFor(email: string, after = 0): Promise<string> {
  const mail = await t.smtp.waitFor(email, after);
  return /verification code: (\d{6})/.exec(mail.raw)![1];
}

async function signUp(overrides: Record<string, unknown> = {}) {
  const input = body(overrides);
  const res = await t.api.post('/api/auth/registration/', input, from(address()));
  expect(res.status).toBe(201);
  return {
    email: input.email,
    password: String(input.password1),
    token: res.body.registration_token as string,
    code: await codeFor(input.email),
  };
}

const login = (email: string, password: string, opts = from(address())) => t.api.post('/api/auth/login/', { email, password }, opts);
const me = (token: string) => t.api.get('/api/me/', { token });

describe('account pre-hijacking (finding 2)', () => {
  it("a confirmation without the registration token ends the squatter's sessions and password; the owner chooses a new one", async () => {
    // The squatter registers the owner's address with a password of their own, signs in and onboards.
    const squat = await signUp();
    const squatter = await login(squat.email, squat.password);
    expect(squatter.status).toBe(200);
    const form = new FormData();
    form.set('account_type', 'BUYER');
    form.set('name', 'Squatter Trading');
    const categories = await t.db
      .insertInto('categories')
      .values({ name: `Cat ${randomBytes(2).toString('hex')}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    form.append('category_ids', String(categories.id));
    expect((await t.api.post('/api/me/set-account-type/', form, { token: squatter.body.access })).status).toBe(200);

    // The owner confirms with the code from their mailbox, without the squatter's registration token.
    const owner = await t.api.post('/api/auth/otp/verify/', { email: squat.email, otp: squat.code });
    expect(owner.status).toBe(200);
    expect(owner.body).toMatchObject({
      must_set_password: true,
      user: { email: squat.email, is_verified: true, is_first_login: true, user_type: null },
    });

    // Everything the squatter held stops at once: access token, refresh token, password.
    expect((await me(squatter.body.access)).status).toBe(401);
    expect((await t.api.post('/api/auth/token/refresh/', { refresh: squatter.body.refresh })).status).toBe(401);
    expect((await login(squat.email, squat.password)).status).toBe(401);

    // The owner is signed in and sets a password of their own, without knowing the old one.
    expect((await me(owner.body.access)).body.email).toBe(squat.email);
    const set = await t.api.post(
      '/api/auth/password/set/',
      { new_password1: 'owner-takes-it-back', new_password2: 'owner-takes-it-back' },
      { token: owner.body.access },
    );
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ detail: 'New password has been saved.' });
    expect((await login(squat.email, 'owner-takes-it-back')).status).toBe(200);
    // Once a password is usable again, only the password change (with the old one) replaces it.
    const again = await t.api.post(
      '/api/auth/password/set/',
      { new_password1: 'squatter-returns-1', new_password2: 'squatter-returns-1' },
      { token: owner.body.access },
    );
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ detail: 'This account already has a password. Change it with your old password.' });
  });

  it('a confirmation with the registration token keeps the sign-up password and the earlier sessions', async () => {
    const mine = await signUp();
    const earlier = await login(mine.email, mine.password);
    const res = await t.api.post('/api/auth/otp/verify/', { email: mine.email, otp: mine.code, registration_token: mine.token });
    expect(res.status).toBe(200);
    expect(res.body.must_set_password).toBe(false);
    expect((await me(earlier.body.access)).status).toBe(200);
    expect((await login(mine.email, mine.password)).status).toBe(200);
  });

  it('a confirmation from a signed-in session of the account keeps the password too', async () => {
    const mine = await signUp();
    const session = await login(mine.email, mine.password);
    const res = await t.api.post('/api/auth/otp/verify/', { email: mine.email, otp: mine.code }, { token: session.body.access });
    expect(res.body.must_set_password).toBe(false);
    expect((await login(mine.email, mine.password)).status).toBe(200);
  });

  it("strangers' wrong codes do not lock out the client that made the sign-up", async () => {
    const mine = await signUp();
    const { id } = await t.db.selectFrom('users').select('id').where('email', '=', mine.email).executeTakeFirstOrThrow();
    const unburn = () => t.db.updateTable('otp_codes').set({ failed_attempts: 0 }).where('user_id', '=', id).execute();
    const wrong = mine.code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 10; i++) {
      if (i === 5) await unburn();
      await t.api.post('/api/auth/otp/verify/', { email: mine.email, otp: wrong }, from(address()));
    }
    const stranger = await t.api.post('/api/auth/otp/verify/', { email: mine.email, otp: wrong }, from(address()));
    expect(stranger.status).toBe(429);
    await unburn();
    const res = await t.api.post(
      '/api/auth/otp/verify/',
      { email: mine.email, otp: mine.code, registration_token: mine.token },
      from(address()),
    );
    expect(res.status).toBe(200);
    expect(res.body.must_set_password).toBe(false);
  });

  it("someone else's registration token proves nothing", async () => {
    const other = await signUp();
    const mine = await signUp();
    const res = await t.api.post('/api/auth/otp/verify/', { email: mine.email, otp: mine.code, registration_token: other.token });
    expect(res.body.must_set_password).toBe(true);
    expect((await login(mine.email, mine.password)).status).toBe(401);
  });

  it('setting a password needs a signed-in account and a good password', async () => {
    expect((await t.api.post('/api/auth/password/set/', { new_password1: 'whatever-it-is', new_password2: 'whatever-it-is' })).status).toBe(
      401,
    );
    const mine = await signUp();
    const res = await t.api.post('/api/auth/otp/verify/', { email: mine.email, otp: mine.code });
    const weak = await t.api.post(
      '/api/auth/password/set/',
      { new_password1: 'password', new_password2: 'password' },
      { token: res.body.access },
    );
    expect(weak.status).toBe(400);
    expect(weak.body).toEqual({ new_password1: ['This password is too common.'] });
  });

  it('keeps refusing a second sign-up of the same address with the duplicate-email message', async () => {
    const first = await signUp();
    const res = await t.api.post(
      '/api/auth/registration/',
      body({ email: first.email, password1: 'another-one-99', password2: 'another-one-99' }),
      from(address()),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ email: ['A user is already registered with this e-mail address.'] });
  });

  it('unverified accounts expire after 7 days: their address can sign up again', async () => {
    const old = await signUp();
    await t.db
      .updateTable('users')
      .set({ date_joined: new Date(Date.now() - 8 * 24 * 3600_000) })
      .where('email', '=', old.email)
      .execute();
    expect((await login(old.email, old.password)).status).toBe(401);
    const res = await t.api.post('/api/auth/registration/', body({ email: old.email }), from(address()));
    expect(res.status).toBe(201);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', old.email).execute()).toHaveLength(1);
  });
});

describe('sign-up flood and phishing mail (finding 3)', () => {
  it('limits sign-ups per address to 30 an hour', async () => {
    const ip = address();
    // The audit's flood: 40 sign-ups from one address at once. Duplicates count too (they probe addresses).
    const flood = await Promise.all(Array.from({ length: 40 }, () => t.api.post('/api/auth/registration/', body(), from(ip))));
    expect(flood.filter((r) => r.status === 201)).toHaveLength(SIGN_UP_ADDRESS_MAX);
    expect(flood.filter((r) => r.status === 429)).toHaveLength(40 - SIGN_UP_ADDRESS_MAX);
    const refused = await t.api.post('/api/auth/registration/', body(), from(ip));
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/^Too many sign-ups\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await t.api.post('/api/auth/registration/', body(), from(address()))).status).toBe(201);
  });

  it('limits sign-ups from every address together', async () => {
    const events = Array.from({ length: SIGN_UP_GLOBAL_MAX }, () => ({ key: rateKeys.signUpAll, at: new Date() }));
    await t.db.insertInto('rate_events').values(events).execute();
    try {
      const res = await t.api.post('/api/auth/registration/', body(), from(address()));
      expect(res.status).toBe(429);
    } finally {
      await t.db.deleteFrom('rate_events').where('key', '=', rateKeys.signUpAll).execute();
    }
  });

  it('spaces codes to one address with growing waits, with no daily cap: the owner always gets one after the wait', async () => {
    const mine = await signUp();
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      const early = await t.api.post('/api/auth/otp/resend/', { email: mine.email });
      expect(early.status).toBe(429);
      waits.push(Number(/^Please wait (\d+) seconds/.exec(early.body.detail)?.[1]));
      expect(Number(early.headers.get('retry-after'))).toBe(waits[i]);
      await codesSentEarlier(t, mine.email, waits[i] * 1000);
      const mailsBefore = t.smtp.mails.length;
      const res = await t.api.post('/api/auth/otp/resend/', { email: mine.email });
      expect(res.status, `code ${i + 2}`).toBe(200);
      await t.smtp.waitFor(mine.email, mailsBefore);
    }
    // A minute after the sign-up's code, then 2, 4, 8 and at most 16 minutes.
    expect(waits.map((s) => Math.round(s / 60))).toEqual([1, 2, 4, 8, 16, 16, 16]);
  });

  it('names are one short line, and the mail says nothing the user typed', async () => {
    for (const first_name of [
      'Ada\nClick https://evil.example to claim your prize',
      'Ada\rBob',
      'Ada\u200bBob',
      'A\u2028B',
      'x'.repeat(65),
    ]) {
      const res = await t.api.post('/api/auth/registration/', body({ first_name }), from(address()));
      expect(res.status, JSON.stringify(first_name)).toBe(400);
      expect(res.body.first_name, JSON.stringify(first_name)).toEqual([expect.any(String)]);
    }
    const mine = await signUp({ first_name: 'Visit evil.example now', last_name: 'Prize' });
    const mail = await t.smtp.waitFor(mine.email);
    expect(mail.raw).not.toContain('evil.example');
    expect(mail.raw).not.toContain('Prize');
  });
});

describe('sign-in limits (finding 6)', () => {
  it('a burst of parallel guesses gets no more than 10 tries', async () => {
    const user = await createUser(t);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(user.email, `guess ${i}`, from(address()))));
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(10);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(20);
  });

  it("strangers exhausting the limit do not lock out the owner's device", async () => {
    const user = await createUser(t);
    const first = await login(user.email, user.password);
    expect(first.status).toBe(200);
    const cookie = String(first.headers.get('set-cookie')).split(';')[0];
    expect(cookie).toMatch(/^device=/);
    expect(first.headers.get('set-cookie')).toMatch(/HttpOnly/);

    for (let i = 0; i < 12; i++) await login(user.email, `stranger ${i}`, from(address()));
    // Unknown devices stay stopped, whatever address they come from (docs/api.md#tokens).
    const stranger = await login(user.email, user.password, from(address()));
    expect(stranger.status).toBe(429);
    expect(stranger.body).toEqual({ detail: expect.stringMatching(/^Too many failed attempts/) });

    // The owner's browser signs in as usual.
    expect((await login(user.email, user.password, from(address(), { cookie }))).status).toBe(200);
    // A device cookie of another account, or a forged one, counts as an unknown device.
    const other = await createUser(t);
    const otherCookie = String((await login(other.email, other.password)).headers.get('set-cookie')).split(';')[0];
    expect((await login(user.email, user.password, from(address(), { cookie: otherCookie }))).status).toBe(429);
    expect((await login(user.email, user.password, from(address(), { cookie: 'device=abc.def' }))).status).toBe(429);
  });

  it('guesses from a known device lock out only that device', async () => {
    const user = await createUser(t);
    const cookie = String((await login(user.email, user.password)).headers.get('set-cookie')).split(';')[0];
    for (let i = 0; i < 10; i++) expect((await login(user.email, `guess ${i}`, from(address(), { cookie }))).status).toBe(401);
    expect((await login(user.email, user.password, from(address(), { cookie }))).status).toBe(429);
    expect((await login(user.email, user.password, from(address()))).status).toBe(200);
  });
});

describe('sessions end at once (finding 6)', () => {
  it('logout ends the access token of that sign-in, not of others', async () => {
    const user = await createUser(t);
    const other = await login(user.email, user.password);
    expect((await me(user.token)).status).toBe(200);
    expect((await t.api.post('/api/auth/logout/', { refresh: user.refresh })).status).toBe(200);
    const after = await me(user.token);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ detail: expect.any(String) });
    expect((await me(other.body.access)).status).toBe(200);
  });

  it('a password change ends the access tokens of every other sign-in', async () => {
    const user = await createUser(t);
    const other = await login(user.email, user.password);
    const res = await t.api.post(
      '/api/auth/password/change/',
      { old_password: user.password, new_password1: 'brand-new-pass-7', new_password2: 'brand-new-pass-7' },
      { token: user.token },
    );
    expect(res.status).toBe(200);
    expect((await me(other.body.access)).status).toBe(401);
    expect((await me(user.token)).status).toBe(200);
  });

  it('account deletion ends every access token of the account', async () => {
    const user = await createUser(t);
    const other = await login(user.email, user.password);
    expect((await t.api.post('/api/me/delete-account/', { password: user.password }, { token: user.token })).status).toBe(200);
    expect((await me(other.body.access)).status).toBe(401);
    expect((await me(user.token)).status).toBe(401);
  });

  it('holds across server processes sharing the database: a logout on one ends the token on another', async () => {
    const second = await buildApp({ config: t.app.config, db: t.db, logger: false });
    await second.listen({ port: 0, host: '127.0.0.1' });
    try {
      const other = apiClient(`http://127.0.0.1:${(second.server.address() as { port: number }).port}`);
      const user = await createUser(t);
      expect((await other.get('/api/me/', { token: user.token })).status).toBe(200);
      expect((await t.api.post('/api/auth/logout/', { refresh: user.refresh })).status).toBe(200);
      expect((await other.get('/api/me/', { token: user.token })).status).toBe(401);
    } finally {
      await second.close();
    }
  });

  it('a refresh token replaced twice no longer reaches the live pair; it ends the sign-in', async () => {
    const user = await createUser(t);
    const second = await t.api.post('/api/auth/token/refresh/', { refresh: user.refresh });
    const third = await t.api.post('/api/auth/token/refresh/', { refresh: second.body.refresh });
    expect(third.status).toBe(200);
    const replay = await t.api.post('/api/auth/token/refresh/', { refresh: user.refresh });
    expect(replay.status).toBe(401);
    expect((await t.api.post('/api/auth/token/refresh/', { refresh: third.body.refresh })).status).toBe(401);
    expect((await me(third.body.access)).status).toBe(401);
  });
});

describe('the OTP endpoints tell nothing about which addresses have accounts (finding 6)', () => {
  it('resend answers alike for unknown, waiting and confirmed addresses, and times them alike', async () => {
    const waiting = await signUp();
    await codesSentEarlier(t, waiting.email);
    const confirmed = await createUser(t, { verified: true });
    const answers = [];
    for (const email of [uniqueEmail(), waiting.email, confirmed.email]) {
      const first = await t.api.post('/api/auth/otp/resend/', { email });
      const second = await t.api.post('/api/auth/otp/resend/', { email });
      answers.push([first.status, first.body, second.status, String(second.body.detail).replace(/\d+/, 'N')]);
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]).toEqual([
      200,
      { detail: 'A new OTP has been sent to your email.' },
      429,
      'Please wait N seconds before requesting a new code.',
    ]);
  });

  it('verify answers a confirmed account like an unknown address', async () => {
    const confirmed = await createUser(t, { verified: true });
    const known = await t.api.post('/api/auth/otp/verify/', { email: confirmed.email, otp: '123456' });
    const unknown = await t.api.post('/api/auth/otp/verify/', { email: uniqueEmail(), otp: '123456' });
    expect(known.status).toBe(400);
    expect(known.body).toEqual(unknown.body);
    expect(unknown.body).toEqual({ otp: ['The code is incorrect.'] });
  });
});

describe('common passwords (finding 6)', () => {
  it('refuses passwords on the list of the most common ones, at sign-up and password change', async () => {
    for (const password of ['12345678', 'password', 'Password', 'qwertyuiop', 'iloveyou']) {
      const res = await t.api.post('/api/auth/registration/', body({ password1: password, password2: password }), from(address()));
      expect(res.status, password).toBe(400);
      expect(res.body, password).toEqual({ password1: ['This password is too common.'] });
    }
    const user = await createUser(t);
    const change = await t.api.post(
      '/api/auth/password/change/',
      { old_password: user.password, new_password1: 'password1', new_password2: 'password1' },
      { token: user.token },
    );
    expect(change.status).toBe(400);
    expect(change.body).toEqual({ new_password1: ['This password is too common.'] });
  });
});
