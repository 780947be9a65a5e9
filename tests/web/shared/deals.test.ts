import { describe, expect, it } from 'vitest';
import { buyerCounterRange, buyerCounterRefusal, offerActionRefusal, type OfferAction } from '@/shared/deals';
import { offerPrices } from '@/shared/messaging';

/** Who may answer an offer, and the buyer's price range (docs/product.md#deals), as both sides apply them. */

const conversation = { buyerId: 1, supplierId: 2 };

describe('who may answer an offer', () => {
  const may = (action: OfferAction, offer: { senderId: number; event?: 'countered' | null }, userId: number) =>
    offerActionRefusal(action, offer, conversation, userId);

  it("the supplier answers a buyer's offer in every way but withdrawing it", () => {
    const offer = { senderId: 1, event: null };
    expect((['accept', 'decline', 'counter'] as const).map((a) => may(a, offer, 2))).toEqual([null, null, null]);
    expect(may('withdraw', offer, 2)).toBe('ONLY_SENDER_WITHDRAWS');
    expect(may('counter', offer, 1)).toBe('ONLY_RECIPIENT_ANSWERS');
    expect(may('withdraw', offer, 1)).toBeNull();
  });

  it("the buyer accepts, declines or counters a supplier's counter, and withdraws their own counter", () => {
    const counter = { senderId: 2, event: 'countered' as const };
    expect((['accept', 'decline', 'counter'] as const).map((a) => may(a, counter, 1))).toEqual([null, null, null]);
    expect(may('withdraw', { senderId: 1, event: 'countered' }, 1)).toBeNull();
    // An offer from the supplier that is not a counter (a quote on a request for quotation) the buyer counters too.
    expect(may('counter', { senderId: 2, event: null }, 1)).toBeNull();
  });
});

describe("a buyer's counter price", () => {
  it('runs from the listed price less 10 % to it plus 10 %, the one-click prices included', () => {
    for (const listed of ['20.00', '3.33', '12.50', '0.05', '999.99']) {
      const { lower, higher } = offerPrices(listed);
      expect(buyerCounterRange(listed)).toEqual({ lowest: lower, highest: higher });
      expect([buyerCounterRefusal(lower, listed), buyerCounterRefusal(higher, listed)]).toEqual([null, null]);
      const below = (Math.round(Number(lower) * 100) - 1) / 100;
      const above = (Math.round(Number(higher) * 100) + 1) / 100;
      expect(buyerCounterRefusal(below.toFixed(2), listed)).toBe('BUYER_COUNTER_OUT_OF_RANGE');
      expect(buyerCounterRefusal(above.toFixed(2), listed)).toBe('BUYER_COUNTER_OUT_OF_RANGE');
    }
  });
});
