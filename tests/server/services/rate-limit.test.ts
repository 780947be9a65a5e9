import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../helpers';
import type { DatabaseHandle } from '@server/db';
import { createRateLimiter, describeWait, type RateRule } from '@server/services/rate-limit';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

/** A limiter on a clock the test moves by hand. */
function limiterAt(start = Date.UTC(2026, 0, 1, 12)) {
  const clock = { now: start };
  return { clock, limiter: createRateLimiter(handle.db, () => clock.now) };
}

const MINUTE = 60_000;
let n = 0;
const rule = (max = 3, windowMs = 15 * MINUTE): RateRule => ({ key: `test:${++n}`, max, windowMs });

describe('rate limiter', () => {
  it('allows max events in a window, then asks to wait until the oldest counted one leaves it', async () => {
    const { clock, limiter } = limiterAt();
    const r = rule(3);
    for (let i = 0; i < 3; i++) {
      expect(await limiter.waitMs([r])).toBe(0);
      await limiter.consume([r]);
      clock.now += MINUTE;
    }
    // Events at 0, 1 and 2 minutes; now is 3 minutes: the first leaves the window at 15.
    expect(await limiter.waitMs([r])).toBe(12 * MINUTE);
    clock.now += 12 * MINUTE - 1;
    expect(await limiter.waitMs([r])).toBe(1);
    clock.now += 1;
    expect(await limiter.waitMs([r])).toBe(0);
  });

  it('keeps keys apart and answers the longest wait of several rules', async () => {
    const { clock, limiter } = limiterAt();
    const a = rule(1, 10 * MINUTE);
    const b = rule(1, 20 * MINUTE);
    await limiter.consume([a, b]);
    expect(await limiter.waitMs([a])).toBe(10 * MINUTE);
    expect(await limiter.waitMs([a, b])).toBe(20 * MINUTE);
    expect(await limiter.waitMs([rule(1)])).toBe(0);
    clock.now += 10 * MINUTE;
    expect(await limiter.waitMs([a])).toBe(0);
    expect(await limiter.waitMs([b])).toBe(10 * MINUTE);
  });

  it('shares counts between limiters on one database, as between server processes', async () => {
    const first = limiterAt();
    const second = limiterAt();
    const r = rule(2);
    await first.limiter.consume([r]);
    await second.limiter.consume([r]);
    expect(await first.limiter.waitMs([r])).toBeGreaterThan(0);
  });

  it('consume lets exactly max parallel attempts through, across limiters, and release gives one back', async () => {
    const first = limiterAt(Date.now());
    const second = limiterAt(Date.now());
    const r = rule(10);
    const taken = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? first : second).limiter.consume([r])));
    const granted = taken.filter((x) => 'ids' in x);
    expect(granted).toHaveLength(10);
    expect(taken.filter((x) => 'waitMs' in x && x.waitMs > 0)).toHaveLength(30);
    await first.limiter.release(granted[0]);
    expect('ids' in (await second.limiter.consume([r]))).toBe(true);
    expect('waitMs' in (await second.limiter.consume([r]))).toBe(true);
  });

  it('drops events older than a day', async () => {
    const { clock, limiter } = limiterAt();
    const old = rule(5);
    await limiter.consume([old]);
    clock.now += 25 * 60 * MINUTE;
    await limiter.consume([rule(5)]);
    const left = await handle.db.selectFrom('rate_events').select('key').where('key', '=', old.key).execute();
    expect(left).toEqual([]);
  });
});

describe('describeWait', () => {
  it('words a wait in seconds under a minute, else in whole minutes rounded up', () => {
    expect(describeWait(1)).toBe('1 second');
    expect(describeWait(42_000)).toBe('42 seconds');
    expect(describeWait(60_000)).toBe('1 minute');
    expect(describeWait(61_000)).toBe('2 minutes');
    expect(describeWait(15 * 60_000)).toBe('15 minutes');
    expect(describeWait(60 * 60_000)).toBe('60 minutes');
    expect(describeWait(23 * 3600_000 + 1)).toBe('24 hours');
  });
});
