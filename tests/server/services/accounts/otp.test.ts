import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../helpers';
import type { DatabaseHandle } from '@server/db';
import type { Mail } from '@server/services/mail';
import { createOtpService } from '@server/services/accounts/otp';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

const sent: Mail[] = [];
const clock = { now: Date.UTC(2026, 0, 1, 12) };
const otpService = () =>
  createOtpService(
    handle.db,
    'a-test-secret',
    {
      send: async (m) => {
        sent.push(m);
      },
    },
    () => clock.now,
  );

let n = 0;
async function newUser() {
  n += 1;
  return handle.db
    .insertInto('users')
    .values({
      email: `otp${n}@example.com`,
      first_name: 'O',
      last_name: 'T',
      phone_number: '+2348000000000',
      password_hash: 'x',
      user_type: null,
      currency: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

function codeOf(result: { code: string } | { waitMs: number }): string {
  if (!('code' in result)) throw new Error('expected a code');
  return result.code;
}

describe('OTP service', () => {
  it('issues 6-digit codes stored only as a keyed hash', async () => {
    const { id } = await newUser();
    const code = codeOf(await otpService().issue(id));
    expect(code).toMatch(/^\d{6}$/);
    const row = await handle.db.selectFrom('otp_codes').selectAll().where('user_id', '=', id).executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);
    expect(row.expires_at.getTime() - clock.now).toBe(10 * 60_000);
  });

  it('accepts the right code once', async () => {
    const { id } = await newUser();
    const otp = otpService();
    const code = codeOf(await otp.issue(id));
    expect(await otp.check(id, code)).toBe('ok');
    expect(await otp.check(id, code)).toBe('expired');
  });

  it('expires a code after 10 minutes', async () => {
    const { id } = await newUser();
    const otp = otpService();
    const code = codeOf(await otp.issue(id));
    clock.now += 10 * 60_000;
    expect(await otp.check(id, code)).toBe('expired');
  });

  it('burns a code after 5 wrong tries', async () => {
    const { id } = await newUser();
    const otp = otpService();
    const code = codeOf(await otp.issue(id));
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) expect(await otp.check(id, wrong)).toBe('incorrect');
    expect(await otp.check(id, code)).toBe('burned');
  });

  it('gives a burst of parallel guesses no more than 5 tries in all', async () => {
    const { id } = await newUser();
    const otp = otpService();
    const code = codeOf(await otp.issue(id));
    const guesses = Array.from({ length: 30 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const results = await Promise.all([...guesses, code].map((guess) => otp.check(id, guess)));
    expect(results.filter((r) => r === 'incorrect').length).toBeLessThanOrEqual(5);
  });

  it('sends a new code at most once a minute, saying how long to wait', async () => {
    const { id } = await newUser();
    const otp = otpService();
    codeOf(await otp.issue(id));
    clock.now += 20_000;
    expect(await otp.issue(id)).toEqual({ waitMs: 40_000 });
    clock.now += 40_000;
    const fresh = codeOf(await otp.issue(id));
    expect(await otp.check(id, fresh)).toBe('ok');
  });

  it('lets a code that could not be mailed be asked for again at once', async () => {
    const { id } = await newUser();
    const otp = otpService();
    codeOf(await otp.issue(id));
    await otp.forgetSending(id);
    codeOf(await otp.issue(id));
  });

  it('mails the code with its validity, in our words only', async () => {
    await otpService().send('someone@example.com', '012345');
    const mail = sent.at(-1)!;
    expect(mail.text.startsWith('Hello,\n\nYour verification code is 012345.')).toBe(true);
    expect(mail).toMatchObject({ to: 'someone@example.com', subject: 'Your verification code: 012345' });
    expect(mail.text).toContain('Your verification code is 012345.');
    expect(mail.text).toContain('valid for 10 minutes');
  });
});
