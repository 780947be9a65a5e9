import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_SENDS_PER_ADDRESS_PER_MINUTE, rateKeys, SIGN_UP_GLOBAL_MAX } from '@server/services/rate-limit';
import { createUser, startTestApp, type TestApp } from '../helpers';

/** Sign-up, sign-in and codes: what a stranger or another site can no longer do with them. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

let addressCounter = 0;
const freshAddress = () => ({ headers: { 'x-forwarded-for': `203.0.113.${++addressCounter % 250}` } });
const uniqueEmail = () => `abuse-${randomBytes(4).toString('hex')}@example.com`;
const signUpBody = (email = uniqueEmail()) => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  email,
  phone_number: '+2348000000000',
  country: 'NG',
  password1: 'a long and good password',
  password2: 'a long and good password',
});
const rateEvents = async () =>
  Number((await t.db.selectFrom('rate_events').select(t.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('sign-up caps count only accounts made', () => {
  it('refused sign-ups (an address already taken) leave the caps as they were', async () => {
    const taken = await createUser(t);
    await t.db
      .insertInto('rate_events')
      .values(Array.from({ length: SIGN_UP_GLOBAL_MAX - 1 }, () => ({ key: rateKeys.signUpAll, at: new Date() })))
      .execute();
    try {
      for (let i = 0; i < 5; i++) {
        const refused = await t.api.post('/api/auth/registration/', signUpBody(taken.email), freshAddress());
        expect(refused.status).toBe(400);
        expect(refused.body).toEqual({ email: ['A user is already registered with this e-mail address.'] });
      }
      const made = await t.api.post('/api/auth/registration/', signUpBody(), freshAddress());
      expect(made.status).toBe(201);
      expect((await t.api.post('/api/auth/registration/', signUpBody(), freshAddress())).status).toBe(429);
    } finally {
      await t.db.deleteFrom('rate_events').where('key', '=', rateKeys.signUpAll).execute();
    }
  });
});

describe('JSON only, from our own pages', () => {
  const endpoints: Array<[string, Record<string, string>]> = [
    ['/api/auth/registration/', signUpBody() as unknown as Record<string, string>],
    ['/api/auth/login/', { email: 'someone@example.com', password: 'a password' }],
    ['/api/auth/otp/verify/', { email: 'someone@example.com', otp: '123456' }],
    ['/api/auth/otp/resend/', { email: 'someone@example.com' }],
  ];

  it('answers 415 to forms and text (what a page elsewhere can post), counting nothing', async () => {
    const before = await rateEvents();
    for (const [url, fields] of endpoints) {
      for (const [type, body] of [
        ['application/x-www-form-urlencoded', new URLSearchParams(fields).toString()],
        ['text/plain', JSON.stringify(fields)],
        ['multipart/form-data; boundary=XX', `--XX\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.c\r\n--XX--\r\n`],
      ]) {
        const res = await t.api.call('POST', url, body, { headers: { 'content-type': type } });
        expect(res.status, `${url} ${type}`).toBe(415);
        expect(res.body, `${url} ${type}`).toEqual({ detail: `Unsupported media type "${type}" in request.` });
      }
    }
    expect(await rateEvents()).toBe(before);
  });

  it('answers 403 when a browser says the page was elsewhere, and serves our own origin', async () => {
    for (const [url, fields] of endpoints) {
      const res = await t.api.post(url, fields, { headers: { origin: 'https://evil.example' } });
      expect(res.status, url).toBe(403);
      expect(res.body, url).toEqual({ detail: 'Cross-site requests are not allowed.' });
    }
    const user = await createUser(t);
    const own = await t.api.post('/api/auth/login/', { email: user.email, password: user.password }, { headers: { origin: t.baseUrl } });
    expect(own.status).toBe(200);
  });

  it('takes PUBLIC_URL as our origin', async () => {
    const pub = await startTestApp({ publicUrl: 'https://market.example' });
    try {
      const user = await createUser(pub);
      const body = { email: user.email, password: user.password };
      expect((await pub.api.post('/api/auth/login/', body, { headers: { origin: 'https://market.example' } })).status).toBe(200);
      expect((await pub.api.post('/api/auth/login/', body, { headers: { origin: 'https://market.example.evil.test' } })).status).toBe(403);
    } finally {
      await pub.close();
    }
  });
});

describe('codes', () => {
  it(`sends at most ${OTP_SENDS_PER_ADDRESS_PER_MINUTE} codes a minute for one client address`, async () => {
    const address = { headers: { 'x-forwarded-for': '198.51.100.77' } };
    for (let i = 0; i < OTP_SENDS_PER_ADDRESS_PER_MINUTE; i++) {
      expect((await t.api.post('/api/auth/otp/resend/', { email: uniqueEmail() }, address)).status).toBe(200);
    }
    const flood = await t.api.post('/api/auth/otp/resend/', { email: uniqueEmail() }, address);
    expect(flood.status).toBe(429);
    expect(flood.body.detail).toMatch(/^Too many codes were asked for from your network\. Please try again in \d+ (seconds?|minutes?)\.$/);
    expect(Number(flood.headers.get('retry-after'))).toBeGreaterThan(0);
    // Past 40 a minute the flood is turned away in memory, without asking the database.
    const events = await rateEvents();
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await t.api.post('/api/auth/otp/resend/', { email: uniqueEmail() }, address));
    expect(answers.at(-1)?.status).toBe(429);
    expect(answers.at(-1)?.body.detail).toMatch(/^Too many requests from your network\. Please try again in \d+ seconds\.$/);
    expect(await rateEvents()).toBe(events);
    // Another address is not affected.
    expect((await t.api.post('/api/auth/otp/resend/', { email: uniqueEmail() }, freshAddress())).status).toBe(200);
  });

  it('tells a stranger only "wrong code" about a pending sign-up, burned or expired, as for an unknown address', async () => {
    const email = uniqueEmail();
    const made = await t.api.post('/api/auth/registration/', signUpBody(email), freshAddress());
    expect(made.status).toBe(201);
    for (let i = 0; i < 6; i++) await t.api.post('/api/auth/otp/verify/', { email, otp: '000000' }, freshAddress());
    const pending = await t.api.post('/api/auth/otp/verify/', { email, otp: '000001' }, freshAddress());
    const unknown = await t.api.post('/api/auth/otp/verify/', { email: uniqueEmail(), otp: '000001' }, freshAddress());
    expect(pending.status).toBe(400);
    expect(pending.body).toEqual(unknown.body);
    expect(pending.body).toEqual({ otp: ['The code is incorrect.'] });
    // The client that signed up learns that it needs a new code.
    const owner = await t.api.post('/api/auth/otp/verify/', { email, otp: '000001', registration_token: made.body.registration_token });
    expect(owner.body).toEqual({ otp: ['Too many wrong attempts. Request a new code.'] });
  });
});
