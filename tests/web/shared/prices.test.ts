import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currentPrice, dealRuns, nextDealEnd } from '@/shared/prices';

/** The one price rule (src/shared/prices.ts), as the server and the device both apply it. */
const NOW = Date.parse('2026-11-29T12:00:00Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();

describe('currentPrice', () => {
  it('is the deal price while the deal runs, the minimum price from its end on, and the minimum without a deal', () => {
    expect(currentPrice({ price: '17.00', min_price: '20.00', flash_deal_ends_at: at(1) }, NOW)).toBe('17.00');
    expect(currentPrice({ price: '17.00', min_price: '20.00', flash_deal_ends_at: at(0) }, NOW)).toBe('20.00');
    expect(currentPrice({ price: '17.00', min_price: '20.00', flash_deal_ends_at: new Date(NOW - 1) }, NOW)).toBe('20.00');
    expect(currentPrice({ price: null, min_price: '20.00', flash_deal_ends_at: null }, NOW)).toBe('20.00');
    // A price without an end is no running deal.
    expect(currentPrice({ price: '12.50', min_price: '20.00', flash_deal_ends_at: null }, NOW)).toBe('20.00');
  });

  it('reads a Date (the server’s rows) and an ISO string (the device’s) alike', () => {
    fc.assert(
      fc.property(fc.integer({ min: -86_400_000, max: 86_400_000 }), (offset) => {
        const iso = { price: '1.00', min_price: '2.00', flash_deal_ends_at: at(offset) };
        const date = { ...iso, flash_deal_ends_at: new Date(NOW + offset) };
        expect(currentPrice(iso, NOW)).toBe(currentPrice(date, NOW));
        expect(dealRuns(iso, NOW)).toBe(offset > 0);
      }),
    );
  });
});

describe('nextDealEnd', () => {
  it('is the earliest end among the running deals, none when no deal runs', () => {
    const products = [
      { price: '1.00', min_price: '2.00', flash_deal_ends_at: at(5_000) },
      { price: '1.00', min_price: '2.00', flash_deal_ends_at: at(-5_000) },
      { price: '1.00', min_price: '2.00', flash_deal_ends_at: at(2_000) },
      { price: null, min_price: '2.00', flash_deal_ends_at: null },
    ];
    expect(nextDealEnd(products, NOW)).toBe(NOW + 2_000);
    expect(nextDealEnd(products.slice(1, 2), NOW)).toBeUndefined();
  });
});
