import type { Database } from '../db';
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS } from '../../src/shared/constants';

/**
 * Attempt counters for rate limits (DESIGN §5), kept in the rate_events table so that every
 * server process sees the same counts (DESIGN §7). A rule allows `max` events of one key
 * within a sliding window of `windowMs`.
 */
export interface RateRule { key: string; max: number; windowMs: number }

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
};

export const signInRules = (email: string, ip: string): RateRule[] => [
  { key: rateKeys.signInAccount(email), max: LOGIN_MAX_FAILURES, windowMs: LOGIN_WINDOW_MS },
  { key: rateKeys.signInAddress(ip), max: ADDRESS_MAX_FAILURES, windowMs: LOGIN_WINDOW_MS },
];

export const otpRules = (email: string, ip: string): RateRule[] => [
  { key: rateKeys.otpAccount(email), max: OTP_ACCOUNT_MAX_FAILURES, windowMs: LOGIN_WINDOW_MS },
  { key: rateKeys.otpAddress(ip), max: ADDRESS_MAX_FAILURES, windowMs: LOGIN_WINDOW_MS },
];

/** How long events are kept: every window must be shorter. */
const RETENTION_MS = 24 * 60 * 60 * 1000;

export function createRateLimiter(db: Database, now: () => number = Date.now) {
  /**
   * Milliseconds until every rule allows another attempt, or 0 when they all do now.
   * A full window frees up when its oldest counted event leaves it.
   */
  async function waitMs(rules: RateRule[]): Promise<number> {
    let wait = 0;
    for (const rule of rules) {
      const since = new Date(now() - rule.windowMs);
      const events = await db.selectFrom('rate_events').select('at')
        .where('key', '=', rule.key).where('at', '>', since)
        .orderBy('at', 'desc').limit(rule.max).execute();
      if (events.length < rule.max) continue;
      const oldestCounted = events[events.length - 1].at.getTime();
      wait = Math.max(wait, oldestCounted + rule.windowMs - now());
    }
    return Math.max(wait, 0);
  }

  /** Counts one event for each rule, and drops events older than any window looks at. */
  async function hit(rules: RateRule[]): Promise<void> {
    const at = new Date(now());
    await db.insertInto('rate_events').values(rules.map((r) => ({ key: r.key, at }))).execute();
    await db.deleteFrom('rate_events').where('at', '<', new Date(now() - RETENTION_MS)).execute();
  }

  return { waitMs, hit };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** "Try again in 12 minutes." / "in 40 seconds.": what a person needs to know about a wait. */
export function describeWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

