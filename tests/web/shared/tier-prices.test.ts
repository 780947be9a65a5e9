import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currentPrice, moqPrice, unitPrice, type PriceTier } from '@/shared/prices';
import { priceTierErrors, priceTierRowErrors } from '@/shared/catalogue';

/**
 * The unit price of a quantity (src/shared/prices.ts unitPrice, docs/api.md#quantity-tiers-and-samples),
 * one rule for the server's Buy now and the device's tier table: any valid tier list, any quantity.
 */
const NOW = Date.parse('2026-11-29T12:00:00Z');
const money = (cents: number) => (cents / 100).toFixed(2);

/** A product with a valid tier list (as priceTierErrors accepts it): its prices, minimum order and tiers. */
const tieredProduct = fc
  .record({
    minCents: fc.integer({ min: 1, max: 50_000 }),
    spreadCents: fc.integer({ min: 0, max: 50_000 }),
    moq: fc.integer({ min: 1, max: 1000 }),
    steps: fc.array(fc.record({ more: fc.integer({ min: 1, max: 5000 }), cheaper: fc.nat({ max: 100 }) }), { minLength: 0, maxLength: 4 }),
    first: fc.nat({ max: 100 }),
  })
  .map(({ minCents, spreadCents, moq, steps, first }) => {
    const maxCents = minCents + spreadCents;
    // Prices fall (or stay) tier by tier from a first price within the range, never below min_price.
    let cents = maxCents - Math.floor((spreadCents * first) / 100);
    let quantity = moq;
    const tiers: PriceTier[] = [{ min_quantity: quantity, unit_price: money(cents) }];
    for (const step of steps) {
      quantity += step.more;
      cents = Math.max(minCents, cents - Math.floor(((cents - minCents) * step.cheaper) / 100));
      tiers.push({ min_quantity: quantity, unit_price: money(cents) });
    }
    return {
      price: null as string | null,
      min_price: money(minCents),
      max_price: money(maxCents),
      minimum_order_quantity: moq,
      flash_deal_ends_at: null as string | null,
      price_tiers: tiers,
    };
  });

/** The expected tier, found another way: the last tier whose quantity is reached. */
const reachedTier = (tiers: PriceTier[], quantity: number) => tiers.filter((t) => t.min_quantity <= quantity).at(-1);

describe('unitPrice', () => {
  it('is, for any quantity and any valid tier list, the price of the tier with the largest min_quantity at or below it, else the price', () => {
    fc.assert(
      fc.property(tieredProduct, fc.integer({ min: 1, max: 30_000 }), (product, quantity) => {
        expect(priceTierErrors(product.price_tiers, product)).toEqual([]);
        const tier = reachedTier(product.price_tiers, quantity);
        expect(unitPrice(product, quantity, NOW)).toBe(tier ? tier.unit_price : currentPrice(product, NOW));
        // Never more for more, from the minimum order on (below it nothing can be ordered, and
        // the product's own price stands): the price per unit does not rise with the quantity.
        if (quantity >= product.minimum_order_quantity) {
          expect(Number(unitPrice(product, quantity + 1, NOW))).toBeLessThanOrEqual(Number(unitPrice(product, quantity, NOW)));
        }
      }),
    );
  });

  it('gives way to a running flash deal when the deal is lower, and to the tier again once the deal has ended', () => {
    fc.assert(
      fc.property(
        tieredProduct,
        fc.integer({ min: 1, max: 30_000 }),
        fc.integer({ min: 1, max: 120_000 }),
        fc.integer({ min: 1, max: 86_400_000 }),
        (product, quantity, dealCents, endsIn) => {
          const deal = { ...product, price: money(dealCents), flash_deal_ends_at: new Date(NOW + endsIn).toISOString() };
          const tier = reachedTier(product.price_tiers, quantity);
          const listed = tier ? Number(tier.unit_price) : Number(product.min_price);
          const expected = dealCents / 100 < listed || !tier ? money(dealCents) : (tier as PriceTier).unit_price;
          expect(unitPrice(deal, quantity, NOW)).toBe(expected);
          // At its end the deal is over: the tier's price (or the minimum price) again.
          expect(unitPrice(deal, quantity, NOW + endsIn)).toBe(tier ? tier.unit_price : product.min_price);
        },
      ),
    );
  });

  it('without tiers is the price now, whatever the quantity', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (quantity) => {
        const product = { price: '8.00', min_price: '10.00', flash_deal_ends_at: new Date(NOW + 1000).toISOString(), price_tiers: [] };
        expect(unitPrice(product, quantity, NOW)).toBe('8.00');
        expect(unitPrice({ ...product, flash_deal_ends_at: null }, quantity, NOW)).toBe('10.00');
      }),
    );
  });

  it('at the minimum order (moqPrice, what sorting by price compares) is the first tier, or the running deal below it', () => {
    fc.assert(
      fc.property(tieredProduct, (product) => {
        expect(moqPrice(product, NOW)).toBe(product.price_tiers[0].unit_price);
        const deal = { ...product, price: '0.50', flash_deal_ends_at: new Date(NOW + 1).toISOString() };
        expect(moqPrice(deal, NOW)).toBe(Number(product.price_tiers[0].unit_price) > 0.5 ? '0.50' : product.price_tiers[0].unit_price);
      }),
    );
  });
});

describe('priceTierErrors', () => {
  const product = { min_price: '10.00', max_price: '20.00', minimum_order_quantity: 10 };
  it('names each broken rule once', () => {
    expect(priceTierErrors([], product)).toEqual([]);
    expect(
      priceTierErrors(
        [
          { min_quantity: 5, unit_price: '21.00' },
          { min_quantity: 5, unit_price: '22.00' },
        ],
        product,
      ),
    ).toEqual([
      'The first price tier must start at the minimum order quantity.',
      'Each tier unit price must be between the minimum and the maximum price.',
      'Each price tier must start at a larger quantity than the one before.',
      'A price tier for more units cannot have a higher unit price.',
    ]);
  });
});

describe('priceTierRowErrors', () => {
  const product = { min_price: '10.00', max_price: '20.00', minimum_order_quantity: 10 };
  it('puts each broken rule on the row and the cell it is about, the same rules priceTierErrors answers', () => {
    const tiers = [
      { min_quantity: 5, unit_price: '21.00' },
      { min_quantity: 5, unit_price: '15.00' },
      { min_quantity: 50, unit_price: '16.00' },
      { min_quantity: 100, unit_price: '12.00' },
    ];
    expect(priceTierRowErrors(tiers, product)).toEqual([
      {
        min_quantity: ['The first price tier must start at the minimum order quantity.'],
        unit_price: ['Each tier unit price must be between the minimum and the maximum price.'],
      },
      { min_quantity: ['Each price tier must start at a larger quantity than the one before.'], unit_price: [] },
      { min_quantity: [], unit_price: ['A price tier for more units cannot have a higher unit price.'] },
      { min_quantity: [], unit_price: [] },
    ]);
    expect(priceTierErrors(tiers, product)).toHaveLength(4);
  });
});
