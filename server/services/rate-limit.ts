import { sql } from 'kysely';
import type { Database } from '../db';
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS, OTP_RESEND_COOLDOWN_MS } from '@/shared/constants';
import { ORDERS_PER_BUYER_PER_HOUR, ORDERS_PER_BUYER_PER_MINUTE } from '@/shared/deals';
import { REPORTS_PER_DAY } from '@/shared/trust';
import { MESSAGES_PER_CONVERSATION_PER_MINUTE, MESSAGES_PER_USER_PER_HOUR, MESSAGES_PER_USER_PER_MINUTE } from '@/shared/messaging';

/**
 * Attempt counters for rate limits (docs/api.md#tokens), kept in the rate_events table so that every
 * server process sees the same counts (docs/operations.md#scale-out). A rule allows `max` events of one key
 * within a sliding window of `windowMs`.
 */
export interface RateRule {
  key: string;
  max: number;
  windowMs: number;
}

/** Failures an address may make in a window: high enough for many people behind one carrier NAT. */
export const ADDRESS_MAX_FAILURES = 50;
/** Wrong OTP codes per account in a window, across resent codes (each code allows 5 tries). */
export const OTP_ACCOUNT_MAX_FAILURES = 10;

/** The keys of the limits, in one place so that routes and tests name them alike. */
export const rateKeys = {
  /** Failed sign-ins and failed password checks of one account (by email, known or not). */
  signInAccount: (email: string) => `sign-in:account:${email.toLowerCase()}`,
  signInAddress: (ip: string) => `sign-in:address:${ip}`,
  otpAccount: (email: string) => `otp:account:${email.toLowerCase()}`,
  otpAddress: (ip: string) => `otp:address:${ip}`,
  signInDevice: (device: string) => `sign-in:device:${device}`,
  otpSignUp: (userId: number) => `otp:sign-up:${userId}`,
  signUpAddress: (ip: string) => `sign-up:address:${ip}`,
  signUpAll: 'sign-up:all',
  otpResend: (email: string) => `otp-resend:${email.toLowerCase()}`,
  otpResendCooldown: (email: string) => `otp-resend-cooldown:${email.toLowerCase()}`,
  /** Codes sent to one e-mail address (its sign-up's included), for the growing waits between them. */
  otpSend: (email: string) => `otp-send:${email.toLowerCase()}`,
  /** Requests for a code from one client address. */
  otpSendAddress: (ip: string) => `otp-send:address:${ip}`,
};

export const signInRules = (email: string, ip: string): RateRule[] => [
  { key: rateKeys.signInAccount(email), max: LOGIN_MAX_FAILURES, windowMs: LOGIN_WINDOW_MS },
  { key: rateKeys.signInAddress(ip), max: ADDRESS_MAX_FAILURES, windowMs: LOGIN_WINDOW_MS },
];

/**
 * A device that signed in to the account before (its device cookie, OWASP) has an allowance
 * of its own instead of the account's: strangers exhausting the account's limit do not lock
 * the owner out, and guesses from that device lock out only that device.
 */
export const knownDeviceRules = (device: string, ip: string): RateRule[] => [
  { key: rateKeys.signInDevice(device), max: LOGIN_MAX_FAILURES, windowMs: LOGIN_WINDOW_MS },
  { key: rateKeys.signInAddress(ip), max: ADDRESS_MAX_FAILURES, windowMs: LOGIN_WINDOW_MS },
];

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/**
 * Sign-ups one address may make in an hour: room for the many people behind one carrier NAT
 * or office, not for a mail cannon (the audit made 40 in about a second).
 */
export const SIGN_UP_ADDRESS_MAX = 30;
/** Sign-ups everyone together may make in an hour: caps the mail a flood from many addresses sends. */
export const SIGN_UP_GLOBAL_MAX = 300;
/** Codes one address may ask to be sent again in a day (the sign-up's own code not counted). */
export const OTP_RESENDS_PER_DAY = 5;

export const signUpRules = (ip: string): RateRule[] => [
  { key: rateKeys.signUpAddress(ip), max: SIGN_UP_ADDRESS_MAX, windowMs: HOUR_MS },
  { key: rateKeys.signUpAll, max: SIGN_UP_GLOBAL_MAX, windowMs: HOUR_MS },
];

export const resendRules = (email: string): RateRule[] => [{ key: rateKeys.otpResend(email), max: OTP_RESENDS_PER_DAY, windowMs: DAY_MS }];

/** The once-a-minute rule for addresses without an account, which have no code row to time it. */
export const resendCooldownRules = (email: string): RateRule[] => [
  { key: rateKeys.otpResendCooldown(email), max: 1, windowMs: OTP_RESEND_COOLDOWN_MS },
];

/** Codes one client address may ask for in a minute: at most this many mails leave for it. */
export const OTP_SENDS_PER_ADDRESS_PER_MINUTE = 30;
export const otpSendAddressRules = (ip: string): RateRule[] => [
  { key: rateKeys.otpSendAddress(ip), max: OTP_SENDS_PER_ADDRESS_PER_MINUTE, windowMs: 60_000 },
];

/** The longest wait between two codes to one e-mail address. */
export const OTP_MAX_RESEND_WAIT_MS = 16 * 60_000;
/**
 * The wait before another code to an address that was sent `sent` codes in the last day: a
 * minute after the first (the sign-up's), then twice as long each time, up to 16 minutes. No
 * daily cap: whoever asks, the address's owner can always get a new code after the wait, and
 * a stranger asking only sends the owner a fresh code.
 */
export const resendWaitMs = (sent: number): number =>
  sent <= 0 ? 0 : Math.min(OTP_RESEND_COOLDOWN_MS * 2 ** (sent - 1), OTP_MAX_RESEND_WAIT_MS);

export const otpRules = (email: string, ip: string): RateRule[] => [
  { key: rateKeys.otpAccount(email), max: OTP_ACCOUNT_MAX_FAILURES, windowMs: LOGIN_WINDOW_MS },
  { key: rateKeys.otpAddress(ip), max: ADDRESS_MAX_FAILURES, windowMs: LOGIN_WINDOW_MS },
];

/** Codes sent with the sign-up's registration token have their own allowance, as known devices do for sign-in. */
export const signedUpOtpRules = (userId: number, ip: string): RateRule[] => [
  { key: rateKeys.otpSignUp(userId), max: OTP_ACCOUNT_MAX_FAILURES, windowMs: LOGIN_WINDOW_MS },
  { key: rateKeys.otpAddress(ip), max: ADDRESS_MAX_FAILURES, windowMs: LOGIN_WINDOW_MS },
];

/** Messages (and offers) of one sender: per conversation and over all their conversations. */
/** Buy now (a new order; a repeat of its client_id is free): per buyer, a minute and an hour. */
export const orderRules = (buyerId: number): RateRule[] => [
  { key: `order:buyer:${buyerId}`, max: ORDERS_PER_BUYER_PER_MINUTE, windowMs: 60_000 },
  { key: `order:buyer-hour:${buyerId}`, max: ORDERS_PER_BUYER_PER_HOUR, windowMs: HOUR_MS },
];

export const messageRules = (senderId: number, conversationId: number): RateRule[] => [
  { key: `message:conversation:${conversationId}:${senderId}`, max: MESSAGES_PER_CONVERSATION_PER_MINUTE, windowMs: 60_000 },
  { key: `message:user:${senderId}`, max: MESSAGES_PER_USER_PER_MINUTE, windowMs: 60_000 },
  { key: `message:user-hour:${senderId}`, max: MESSAGES_PER_USER_PER_HOUR, windowMs: HOUR_MS },
];

/** How long events are kept: every window must be shorter. */
const RETENTION_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 1000;

/** Reports one account may make in a day (docs/api.md#trust-and-safety). */
export const reportRules = (reporterId: number): RateRule[] => [
  { key: `report:user:${reporterId}`, max: REPORTS_PER_DAY, windowMs: DAY_MS },
];

/** Events taken by consume(): released again when the attempt turned out not to count. */
export type Reservation = { ids: number[] } | { waitMs: number };

export function createRateLimiter(db: Database, now: () => number = Date.now) {
  /**
   * Milliseconds until every rule allows another attempt, or 0 when they all do now.
   * A full window frees up when its oldest counted event leaves it.
   */
  async function waitMs(rules: RateRule[], trx: Database = db): Promise<number> {
    let wait = 0;
    for (const rule of rules) {
      const since = new Date(now() - rule.windowMs);
      const events = await trx
        .selectFrom('rate_events')
        .select('at')
        .where('key', '=', rule.key)
        .where('at', '>', since)
        .orderBy('at', 'desc')
        .limit(rule.max)
        .execute();
      if (events.length < rule.max) continue;
      const oldestCounted = events[events.length - 1].at.getTime();
      wait = Math.max(wait, oldestCounted + rule.windowMs - now());
    }
    return Math.max(wait, 0);
  }

  let lastSweep = -Infinity;
  /** Drops events older than any window looks at; at most once a minute, as it reads the whole table. */
  async function forgetOldEvents(): Promise<void> {
    if (now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now();
    await db
      .deleteFrom('rate_events')
      .where('at', '<', new Date(now() - RETENTION_MS))
      .execute();
  }

  /**
   * Takes one attempt under every rule at once, or none when any rule is exhausted (then the
   * wait). Check and count happen under a per-key lock in one transaction, across every server
   * process, so a burst of parallel attempts cannot all pass a check before any is counted.
   * An attempt counts from the start; release() gives it back if it turns out not to count.
   */
  async function consume(rules: RateRule[]): Promise<Reservation> {
    const at = new Date(now());
    const taken = await db.transaction().execute(async (trx) => {
      for (const key of [...new Set(rules.map((r) => r.key))].sort()) {
        await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
      }
      const wait = await waitMs(rules, trx);
      if (wait > 0) return { waitMs: wait };
      const rows = await trx
        .insertInto('rate_events')
        .values(rules.map((r) => ({ key: r.key, at })))
        .returning('id')
        .execute();
      return { ids: rows.map((r) => Number(r.id)) };
    });
    if ('ids' in taken) await forgetOldEvents();
    return taken;
  }

  /**
   * One event under `key` when the last one is older than `waitAfter(events in the last day)`,
   * else the time left: waits that grow with use. Checked and counted under the key's lock.
   */
  async function consumeSpaced(key: string, waitAfter: (count: number) => number): Promise<Reservation> {
    const at = new Date(now());
    return db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
      const used = await trx
        .selectFrom('rate_events')
        .select([sql<number>`count(*)::int`.as('n'), sql<Date | null>`max(at)`.as('last')])
        .where('key', '=', key)
        .where('at', '>', new Date(now() - RETENTION_MS))
        .executeTakeFirstOrThrow();
      const last = used.last ? new Date(used.last).getTime() : -Infinity;
      const wait = last + waitAfter(used.n) - now();
      if (wait > 0) return { waitMs: wait };
      const row = await trx.insertInto('rate_events').values({ key, at }).returning('id').executeTakeFirstOrThrow();
      return { ids: [Number(row.id)] };
    });
  }

  /** Records an event under `key` without checking any rule. */
  async function record(key: string): Promise<void> {
    await db
      .insertInto('rate_events')
      .values({ key, at: new Date(now()) })
      .execute();
  }

  async function release(reservation: Reservation): Promise<void> {
    if (!('ids' in reservation) || reservation.ids.length === 0) return;
    await db.deleteFrom('rate_events').where('id', 'in', reservation.ids).execute();
  }

  return { waitMs: (rules: RateRule[]) => waitMs(rules), consume, consumeSpaced, record, release };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** "Try again in 12 minutes." / "in 40 seconds.": what a person needs to know about a wait. */
export function describeWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}
