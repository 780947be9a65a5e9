import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import Price from '@/components/Price';
import { db } from '@/db/db';
import { fakeServer, makeUser, renderScreen, signedInAs } from '../screens/harness';

const shown = async (text: string) => expect(await screen.findByText(text)).toBeTruthy();

describe('prices in the selected currency (docs/product.md#screens, #currency)', () => {
  it('shows USD by default as "min ~ max" with two decimals', async () => {
    renderScreen(<Price min="10" max="12.5" />);
    await shown('$10.00 ~ $12.50');
  });

  it.each([
    ['USD', '$10.00 ~ $12.50'],
    ['EUR', '€9.20 ~ €11.50'],
    ['TRY', '325.00 ₺ ~ 406.25 ₺'],
    ['NGN', '₦14,800.00 ~ ₦18,500.00'],
    ['XOF', '6,050.00 CFA ~ 7,562.50 CFA'],
  ])('converts to %s at the fallback rate, the symbol before or after', async (code, text) => {
    localStorage.setItem('currency', code);
    renderScreen(<Price min="10.00" max="12.50" />);
    await shown(text);
  });

  it('uses the rates held on the device once fetched', async () => {
    await db.rates.put({ base: 'USD', rates: { USD: 1, EUR: 0.5, TRY: 40, NGN: 1600, XOF: 600 }, fetched_at: Date.now() });
    localStorage.setItem('currency', 'EUR');
    renderScreen(<Price min="10" max="12" />);
    await shown('€5.00 ~ €6.00');
  });

  it("prefers the signed-in user's currency over the device's choice", async () => {
    const server = fakeServer();
    signedInAs(server, makeUser({ currency: 'NGN' }));
    localStorage.setItem('currency', 'EUR');
    renderScreen(<Price min="1" max="2" />);
    await shown('₦1,480.00 ~ ₦2,960.00');
  });

  it('shows one price when both ends are equal, or without a maximum', async () => {
    renderScreen(
      <>
        <Price min="7" max="7.00" />
        <Price min="3.5" className="single" />
      </>,
    );
    await shown('$7.00');
    await shown('$3.50');
  });
});
